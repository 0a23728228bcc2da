"""Many Schieber rounds stepped together: ``VectorEnv``, and ``selfplay``, a stream of labelled positions.

The PettingZoo environment plays one table through ``Game`` and encodes one ``Observation`` at a time
(about 1,500 steps a second). Learning wants far more positions, so here N tables live in numpy arrays
and one ``step`` plays one action at every table: the legal moves (RULES.md §7), the trick's winner and
points (§8), Stöck (§10) are numpy operations over all tables, and the seat to act's observation is
written straight into one ``(N, OBS_SIZE)`` float32 array in the layout of ``puur.env.encoding`` (the
same numbers ``encode`` gives for that seat's ``Observation``, tested equal on the same deals and
actions), its legal-action mask beside it. What happens once a round per table is left to the rules core
itself, table by table: the Weis (``resolve_weis``, §9) when the contract is chosen and the written score
(``round_score``, §11) when the ninth trick is taken.

An episode is one round (the PettingZoo environment's ``episode="round"``): the round is dealt, the
contract chosen with pushing (§4), the 36 cards played; a table whose round ends is dealt again at once
(``done`` says which), and its reward is its team's written points minus the other team's, for each seat
(``reward[i, s]``). The scores and round number are those of a match's first round (0 : 0, round 1).

Profiles: those whose rounds need no player declaration and end at the round's end: ``weis_declaration:
automatic``, ``stoeck: automatic``, ``game_end: end_of_round``, no Slalom nor Guschti;
any other is refused by name (the PettingZoo environment plays them all).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from puur.core.cards import CardSet, Contract
from puur.core.profile import RuleProfile
from puur.core.round import first_forehand_card
from puur.core.rules.beats import HIGHER_TRUMPS
from puur.core.rules.scoring import round_score
from puur.core.rules.stoeck import stoeck_cards
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    PUUR_BITS,
    STOECK_POINTS,
    STRENGTH_TABLES,
    trick_points_table,
)
from puur.core.rules.weis import resolve_weis
from puur.env.encoding import encode
from puur.info.encoding import (
    CONTRACTS,
    FACTOR_SCALE,
    N_ACTIONS,
    OBS_SIZE,
    ROUND_CARD_POINTS,
    ROUND_SCALE,
    WEIS_SCALE,
    check_profile,
    contract_index,
    layout,
)
from puur.info.observation import Observation

_SLICES = layout()
_OFF = {name: s.start for name, s in _SLICES.items()}
_BITS = np.left_shift(np.uint64(1), np.arange(36, dtype=np.uint64))
_SUIT = np.array([0x1FF << (9 * s) for s in range(4)], dtype=np.uint64)
_HIGHER = np.array(HIGHER_TRUMPS, dtype=np.uint64)
_PUUR = np.array([PUUR_BITS[Contract(c)] for c in range(6)] + [0], dtype=np.uint64)
_PUSH = N_ACTIONS - 3  # ACTIONS: 36 cards, the contracts, push, claim, Stöck
_NONE = np.uint64(0)

VECTOR_OPTIONS: dict[str, tuple[object, ...]] = {
    "weis_declaration": ("automatic",),
    "stoeck": ("automatic",),
    "game_end": ("end_of_round",),
    "extra_contracts": ("none",),
}
"""The profile options a vector round supports, with their values: with these no seat ever declares
anything and nothing is decided before the round is written."""


def check_vector_profile(profile: RuleProfile) -> RuleProfile:
    """``profile`` when ``VectorEnv`` can play it; ``ValueError`` naming the option it cannot."""
    check_profile(profile)
    for option, values in VECTOR_OPTIONS.items():
        if getattr(profile, option) not in values:
            raise ValueError(
                f"the vector environment plays {option} {' or '.join(map(str, values))}, not "
                f"{getattr(profile, option)!r}: use puur.env.env (PettingZoo) for this profile"
            )
    return profile


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x).astype(np.int64)


class RuleTables:
    """The rule tables of one profile, by contract code 0..5 (C D H S O U) and card: what the vectorized
    tables read the rules from (``batch_legal_moves``), built once per profile rather than per step."""

    def __init__(self, profile: RuleProfile) -> None:
        self.profile = profile
        self.strength = np.array([STRENGTH_TABLES[Contract(c)] for c in range(6)], dtype=np.int64)
        self.points = np.array(
            [trick_points_table(Contract(c), 0, profile.undenufe_values) for c in range(6)], dtype=np.int64
        )
        self.offered = np.zeros(N_ACTIONS, dtype=np.int8)
        for c in profile.contracts:
            self.offered[36 + contract_index(c)] = 1
        self.factor = np.array([profile.factor(Contract(c)) for c in range(6)], dtype=np.int64)
        self.trump_when_following = bool(profile.trump_allowed_when_able_to_follow)
        self.undertrump_allowed = profile.undertrump == "allowed_unless_can_overtrump"
        self.ban_partner = profile.undertrump_ban_when_partner_leads is not False
        self.must_overtrump = bool(profile.must_overtrump)
        self.overtrump_on_lead = bool(profile.must_overtrump and profile.overtrump_on_trump_lead)
        self.lone_puur_kept = bool(profile.lone_puur_may_be_kept)
        self.static = encode_static(profile)


def encode_static(profile: RuleProfile) -> np.ndarray:
    """The blocks that depend on the profile alone (multipliers, target, profile), as ``encode`` writes
    them: read from the encoding of an observation that holds nothing else."""
    probe = Observation(
        seat=0, hand=(), phase="contract", dealer=0, forehand=0, pushed=False, chooser=None, contract=None,
        factor=0, trick=(), tricks=(), legal_actions=(), hand_sizes=(0, 0, 0, 0), scores=(0, 0),
        round_points=(0, 0), target=profile.target, profile=profile, to_act=None, round_number=0,
    )  # fmt: skip
    v = encode(probe)
    keep = np.zeros(OBS_SIZE, dtype=bool)
    for name in ("multipliers", "target", "profile"):
        keep[_SLICES[name]] = True
    return np.where(keep, v, 0.0).astype(np.float32)


class VectorEnv:
    """``n`` Schieber tables stepped together (see the module docstring).

    ``reset()`` deals every table and returns ``(obs, mask)``; ``step(actions)`` plays one action index
    (``puur.env.encoding.ACTIONS``) at every table and returns ``(obs, mask, reward, done)``: the
    observation of the seat now to act at each table (of the next round where ``done``), its legal-action
    mask, each seat's reward (``(n, 4)``) and whether the table's round ended with this action. ``seat``
    is the seat to act at each table; ``hidden_seats()`` where the cards the seat cannot see lie (the
    labels of self-play, never part of an observation)."""

    def __init__(self, n: int, profile: str | dict[str, Any] | RuleProfile = "schieber", seed: int | None = None) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n is the number of tables, a whole number from 1, got {n!r}")
        self.n = n
        self.profile = check_vector_profile(RuleProfile.resolve(profile))
        self.tables = RuleTables(self.profile)
        self.rng = np.random.default_rng(seed)
        self._rows = np.arange(n)
        z = lambda dtype=np.int64, *shape: np.zeros((n, *shape), dtype=dtype)  # noqa: E731
        self.hands = z(np.uint64, 4)
        self.dealt = z(np.uint64, 4)
        self.dealer, self.forehand, self.to_act = z(), z(), z()
        self.chooser, self.contract = z(), z()
        self.pushed = z(bool)
        self.trick, self.trick_n, self.leader = z(np.int64, 4), z(), z()
        self.n_tricks = z()
        self.trick_leaders, self.trick_winners = z(np.int64, 9), z(np.int64, 9)
        self.played_seat, self.played_trick = z(np.int64, 36), z(np.int64, 36)
        self.card_points, self.tricks_won = z(np.int64, 2), z(np.int64, 2)
        self.weis_team, self.weis_points = z(), z(np.int64, 2)
        self.shown, self.shown_points = z(np.uint64, 4), z(np.float32, 4)
        self.stoeck_holder, self.stoeck_pair = z(), z(np.uint64)
        self.stoeck_first, self.stoeck_scored = z(bool), z(bool)
        self.obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self.mask = np.zeros((n, N_ACTIONS), dtype=np.int8)

    # ----- dealing -----
    def reset(
        self, hands: Sequence[Sequence[int]] | None = None, forehand: Sequence[int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Deal every table (``hands[i]``: table i's four card sets, by seat, and ``forehand[i]`` its
        forehand, when given) and return the first observations and masks."""
        self._deal(self._rows, hands, forehand)
        self._encode()
        return self.obs, self.mask

    def _deal(self, rows: np.ndarray, hands: Sequence[Sequence[int]] | None = None, forehand: Sequence[int] | None = None) -> None:
        k = len(rows)
        if hands is not None:
            dealt = np.array([[int(h) for h in table] for table in hands], dtype=np.uint64).reshape(k, 4)
            if forehand is None:
                raise ValueError("forehand is needed with hands: one seat for each table")
            fh = np.asarray(forehand, dtype=np.int64).reshape(k)
        else:
            deck = np.argsort(self.rng.random((k, 36)), axis=1)
            bits = _BITS[deck].reshape(k, 4, 9)
            dealt = np.bitwise_or.reduce(bits, axis=2)  # nine cards a seat: any split of a random deck
            fh = self._first_forehand(dealt)
        self.dealt[rows] = dealt
        self.hands[rows] = dealt
        self.forehand[rows] = fh
        self.dealer[rows] = (fh - 1) % 4  # the dealer is the seat before the forehand (RULES.md §3.2)
        self.to_act[rows] = fh
        self.leader[rows] = fh
        for a in (self.chooser, self.contract, self.weis_team, self.stoeck_holder):
            a[rows] = -1
        for a in (self.pushed, self.trick_n, self.n_tricks, self.card_points, self.tricks_won, self.weis_points,
                  self.shown, self.shown_points, self.stoeck_pair, self.stoeck_first, self.stoeck_scored, self.trick):  # fmt: skip
            a[rows] = 0
        self.played_seat[rows] = -1
        self.played_trick[rows] = -1

    def _first_forehand(self, dealt: np.ndarray) -> np.ndarray:
        """Hand 1's forehand (RULES.md §3.2): the holder of the profile's 7, or the dealer's right."""
        seven = first_forehand_card(self.profile)
        if seven is None:
            return (self.rng.integers(0, 4, len(dealt)) + 1) % 4
        return np.argmax((dealt & _BITS[seven]) != 0, axis=1)

    # ----- acting -----
    @property
    def seat(self) -> np.ndarray:
        """The seat to act at each table."""
        return self.to_act

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play ``actions[i]`` at table i; ``ValueError`` (and nothing changes) when one is not legal."""
        a = np.asarray(actions, dtype=np.int64).reshape(-1)
        if len(a) != self.n:
            raise ValueError(f"one action for each of the {self.n} tables, got {len(a)}")
        ok = (a >= 0) & (a < N_ACTIONS)
        ok[ok] = self.mask[self._rows[ok], a[ok]] == 1
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            legal = np.flatnonzero(self.mask[i]).tolist()
            raise ValueError(f"action {int(a[i])} is not legal at table {i}; legal there: {legal}")
        reward = np.zeros((self.n, 4), dtype=np.float32)
        playing = self.contract >= 0
        self._bid(np.flatnonzero(~playing), a[~playing])
        done = self._play(np.flatnonzero(playing), a[playing], reward)
        if done.any():
            self._deal(np.flatnonzero(done))
        self._encode()
        return self.obs, self.mask, reward, done

    def _bid(self, rows: np.ndarray, a: np.ndarray) -> None:
        """The contract (RULES.md §4): push, or choose; after the choice the forehand leads."""
        push = a == _PUSH
        pr = rows[push]
        self.pushed[pr] = True
        self.to_act[pr] = (self.forehand[pr] + 2) % 4
        for i, action in zip(rows[~push].tolist(), a[~push].tolist(), strict=True):
            self._choose(i, CONTRACTS[action - 36])

    def _choose(self, i: int, contract: Contract) -> None:
        """Fix table ``i``'s contract; its Weis and Stöck are known from the deal (§9, §10)."""
        self.chooser[i] = self.to_act[i]
        self.contract[i] = int(contract)
        self.to_act[i] = self.forehand[i]
        self.leader[i] = self.forehand[i]
        dealt = [CardSet(int(h)) for h in self.dealt[i]]
        weis = resolve_weis(dealt, self.profile, contract, int(self.forehand[i]))
        self.weis_points[i] = weis.points
        if weis.team is not None:
            self.weis_team[i] = weis.team
            for s in (weis.team, weis.team + 2):
                melds = weis.declarations[s].melds
                self.shown[i, s] = sum(1 << c for m in melds for c in set(m.cards))
                self.shown_points[i, s] = min(1.0, sum(m.points for m in melds) / WEIS_SCALE)
        pair = stoeck_cards(contract)
        for s in range(4):
            if pair and dealt[s] & pair == pair:
                self.stoeck_holder[i] = s
                self.stoeck_pair[i] = pair

    def _play(self, rows: np.ndarray, cards: np.ndarray, reward: np.ndarray) -> np.ndarray:
        """One card at each table of ``rows``; the trick taken where it is the fourth (§8)."""
        done = np.zeros(self.n, dtype=bool)
        if not len(rows):
            return done
        seat = self.to_act[rows]
        bit = _BITS[cards]
        self.hands[rows, seat] ^= bit
        self.played_seat[rows, cards] = seat
        self.played_trick[rows, cards] = self.n_tricks[rows]
        self.trick[rows, self.trick_n[rows]] = cards
        self.trick_n[rows] += 1
        stoeck = (self.stoeck_pair[rows] & bit) != 0  # only the holder holds the pair's cards
        if stoeck.any():
            sr = rows[stoeck]
            self.stoeck_scored[sr] |= self.stoeck_first[sr]  # automatic: scored with the second card
            self.stoeck_first[sr] = True
        self.to_act[rows] = (seat + 1) % 4
        full = rows[self.trick_n[rows] == 4]
        if len(full):
            self._take(full)
            last = full[self.n_tricks[full] == 9]
            if len(last):
                self._write(last, reward)
                done[last] = True
        return done

    def _take(self, rows: np.ndarray) -> None:
        """The trick's winner takes it with its points (+5 with the ninth, §8)."""
        contract = self.contract[rows]
        cards = self.trick[rows]
        w = (self.leader[rows] + _winner(self.tables, cards, 4, contract)) % 4
        pts = self.tables.points[contract[:, None], cards].sum(axis=1)
        n = self.n_tricks[rows]
        pts = pts + np.where(n == 8, LAST_TRICK_BONUS, 0)
        team = w & 1
        self.card_points[rows, team] += pts
        self.tricks_won[rows, team] += 1
        self.trick_leaders[rows, n] = self.leader[rows]
        self.trick_winners[rows, n] = w
        self.n_tricks[rows] = n + 1
        self.trick_n[rows] = 0
        self.leader[rows] = w
        self.to_act[rows] = w

    def _write(self, rows: np.ndarray, reward: np.ndarray) -> None:
        """The round written by the rules core (§11): each seat's reward is its team's points minus the
        other's."""
        for i in rows.tolist():
            last_team = int(self.trick_winners[i, 8]) & 1
            cp = [int(x) for x in self.card_points[i]]
            cp[last_team] -= LAST_TRICK_BONUS  # round_score adds it as its own part
            stoeck = (0, 0)
            if self.stoeck_scored[i]:
                stoeck = (STOECK_POINTS, 0) if self.stoeck_holder[i] % 2 == 0 else (0, STOECK_POINTS)
            s = round_score(
                self.profile, Contract(int(self.contract[i])), cp, [int(x) for x in self.tricks_won[i]], last_team,
                (int(self.weis_points[i, 0]), int(self.weis_points[i, 1])), stoeck,
            )  # fmt: skip
            d = float(s.written[0] - s.written[1])
            reward[i] = (d, -d, d, -d)

    def hidden_seats(self) -> np.ndarray:
        """``(n, 36)``: for each card the seat to act does not hold and that is not yet played, the seat
        that holds it relative to the seat to act (1 next, 2 partner, 3 previous); -1 elsewhere."""
        out = np.full((self.n, 36), -1, dtype=np.int64)
        me = self.to_act
        for s in range(4):
            held = (self.hands[:, s : s + 1] & _BITS) != 0
            out[held] = np.broadcast_to(((s - me) % 4)[:, None], held.shape)[held]
        out[out == 0] = -1
        return out

    # ----- observing -----
    def _encode(self) -> None:
        """Write each table's observation of the seat to act, and its mask (``encode``, ``action_mask``)."""
        rows, t = self._rows, self.tables
        obs = self.obs
        obs[:] = t.static
        flat = obs.reshape(-1)
        base = rows * OBS_SIZE
        me = self.to_act
        rel = lambda seat: (seat - me) % 4  # noqa: E731
        played = self.contract >= 0
        hand = self.hands[rows, me]
        obs[:, _OFF["hand"] : _OFF["hand"] + 36] = (hand[:, None] & _BITS) != 0
        # the current trick, the finished tricks and who led and took them
        for i in range(3):
            r = np.flatnonzero(self.trick_n > i)
            seat = (self.leader[r] + i) % 4
            flat[base[r] + _OFF["trick"] + ((seat - me[r]) % 4) * 36 + self.trick[r, i]] = 1.0
        pr = np.flatnonzero(played)
        flat[base[pr] + _OFF["trick_leader"] + rel(self.leader)[pr]] = 1.0
        done_card = (self.played_trick >= 0) & (self.played_trick < self.n_tricks[:, None])
        r, c = np.nonzero(done_card)
        flat[base[r] + _OFF["tricks"] + self.played_trick[r, c] * 144 + ((self.played_seat[r, c] - me[r]) % 4) * 36 + c] = 1.0
        r, k = np.nonzero(np.arange(9) < self.n_tricks[:, None])
        flat[base[r] + _OFF["trick_leaders"] + k * 4 + (self.trick_leaders[r, k] - me[r]) % 4] = 1.0
        flat[base[r] + _OFF["trick_winners"] + k * 4 + (self.trick_winners[r, k] - me[r]) % 4] = 1.0
        # the contract and who chose it
        code = np.array([contract_index(Contract(c)) for c in range(6)] + [0], dtype=np.int64)
        flat[base[pr] + _OFF["contract"] + code[self.contract[pr]]] = 1.0
        ou = np.flatnonzero((self.contract >= 4) & (self.n_tricks < 9))  # Obenabe, Undenufe: their order
        flat[base[ou] + _OFF["direction"] + self.contract[ou] - 4] = 1.0
        flat[base[pr] + _OFF["chooser"] + rel(self.chooser)[pr]] = 1.0
        obs[:, _OFF["pushed"]] = self.pushed
        flat[base + _OFF["forehand"] + rel(self.forehand)] = 1.0
        flat[base + _OFF["dealer"] + rel(self.dealer)] = 1.0
        flat[base + _OFF["phase"] + played] = 1.0
        obs[:, _OFF["to_act"]] = 1.0  # the observer is the seat to act
        obs[pr, _OFF["factor"]] = np.minimum(1.0, t.factor[self.contract[pr]] / FACTOR_SCALE)
        # Weis shown after trick 1 (automatic: the scoring team's melds), Stöck once scored
        wr = np.flatnonzero((self.weis_team >= 0) & (self.n_tricks >= 1))
        for s in range(4):
            melds = self.shown[wr, s]
            has = melds != 0
            rr = wr[has]
            rs = (s - me[rr]) % 4
            bits = (melds[has, None] & _BITS) != 0
            r2, c2 = np.nonzero(bits)
            flat[base[rr[r2]] + _OFF["weis_shown"] + rs[r2] * 36 + c2] = 1.0
            flat[base[rr] + _OFF["weis_shown_points"] + rs] = self.shown_points[rr, s]
        sr = np.flatnonzero(self.stoeck_scored)
        flat[base[sr] + _OFF["stoeck"] + rel(self.stoeck_holder)[sr]] = 1.0
        mine = me & 1
        obs[:, _OFF["round_points"]] = np.minimum(1.0, self.card_points[rows, mine] / ROUND_CARD_POINTS)
        obs[:, _OFF["round_points"] + 1] = np.minimum(1.0, self.card_points[rows, 1 - mine] / ROUND_CARD_POINTS)
        sizes = _popcount(self.hands) / 9.0
        for s in range(4):
            flat[base + _OFF["hand_sizes"] + (s - me) % 4] = sizes[:, s]
        obs[:, _OFF["round_number"]] = 1.0 / ROUND_SCALE
        self._masks(hand, played)

    def _masks(self, hand: np.ndarray, played: np.ndarray) -> None:
        mask = self.mask
        mask[:] = 0
        bid = ~played
        mask[bid] = self.tables.offered
        mask[bid & ~self.pushed, _PUSH] = 1
        pr = np.flatnonzero(played)
        if len(pr):
            lg = batch_legal_moves(self.tables, hand[pr], self.trick[pr], self.trick_n[pr], self.contract[pr])
            mask[pr, :36] = (lg[:, None] & _BITS) != 0


def _winner(t: RuleTables, cards: np.ndarray, n: np.ndarray | int, contract: np.ndarray) -> np.ndarray:
    """The index of the card that wins each (partial) trick of ``n`` cards (``trick_winner``, §8)."""
    strength = t.strength[contract[:, None], cards]
    suit = cards // 9
    trump = np.where(contract < 4, contract, -1)
    counts = (suit == suit[:, :1]) | (suit == trump[:, None])
    counts &= np.arange(4) < np.asarray(n).reshape(-1, 1)
    return np.argmax(np.where(counts, strength, -1), axis=1)


def batch_legal_moves(t: RuleTables, hand: np.ndarray, trick: np.ndarray, n: np.ndarray, contract: np.ndarray) -> np.ndarray:
    """The playable cards (``legal_moves``, RULES.md §7) of each hand after the ``n`` cards of its trick,
    as card sets: ``puur/core/_legal.h``'s ``legal`` over many tables at once."""
    k = len(hand)
    led = trick[:, 0] // 9
    follow = hand & _SUIT[led]
    has_follow = follow != 0
    out = np.where(has_follow, follow, hand)  # no trump: follow if able
    ct = contract < 4
    tc = np.where(ct, contract, 0)
    trumps = np.where(ct, hand & _SUIT[tc], _NONE)
    puur = _PUUR[np.where(ct, contract, 6)]
    in_trick = np.arange(4) < n[:, None]
    is_trump = (trick // 9 == tc[:, None]) & in_trick & ct[:, None]
    ts = np.where(is_trump, t.strength[tc[:, None], trick], -1)
    hi = np.argmax(ts, axis=1)
    has_high = ts[np.arange(k), hi] >= 0
    high = trick[np.arange(k), hi]
    over = np.where(has_high, trumps & _HIGHER[high], _NONE)
    over_np = (over & ~puur) != 0
    # a trump lead (§7.2)
    lead_t = ct & (led == tc)
    on_lead = np.where(trumps == 0, hand, trumps)
    on_lead = np.where((trumps != 0) & (trumps == puur) & t.lone_puur_kept, hand, on_lead)
    if t.overtrump_on_lead:
        on_lead = np.where((trumps != 0) & ~((trumps == puur) & t.lone_puur_kept) & over_np, over, on_lead)
    # a plain lead under a trump (§7.3)
    lg = np.where(has_follow, (follow | trumps) if t.trump_when_following else follow, hand)
    plain = lg.copy()
    active = ((lg & trumps) != 0) & has_high
    if t.must_overtrump:
        forced = active & ~has_follow & over_np
        plain = np.where(forced, over, plain)
        active &= ~forced
    lower = trumps & ~over
    if not t.undertrump_allowed:
        if t.ban_partner:
            ban = hand != trumps
        else:
            partner_wins = (n >= 2) & (_winner(t, trick, n, contract) == n - 2)
            ban = (hand != trumps) & ~partner_wins
        plain = np.where(active & ban, plain & ~lower, plain)
    else:
        plain = np.where(active & over_np, plain & ~lower, plain)
    out = np.where(ct, np.where(lead_t, on_lead, plain), out)
    return np.where(n == 0, hand, out)


def selfplay(
    n: int = 256, profile: str | dict[str, Any] | RuleProfile = "schieber", seed: int = 0
) -> Iterator[dict[str, np.ndarray]]:
    """Random legal play at ``n`` tables, forever: each batch is one step of every table, ``obs``,
    ``mask``, the ``action`` taken, the seat to act (``seat``), where the hidden cards lie relative to it
    (``hidden``, the labels ``hidden_seats`` gives), and the step's ``reward`` and ``done``."""
    env = VectorEnv(n, profile, seed=seed)
    rng = np.random.default_rng(seed + 1)
    obs, mask = env.reset()
    while True:
        action = random_actions(mask, rng)
        batch = {"obs": obs.copy(), "mask": mask.copy(), "action": action, "seat": env.seat.copy(), "hidden": env.hidden_seats()}
        obs, mask, reward, done = env.step(action)
        batch["reward"], batch["done"] = reward, done
        yield batch


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action for each row of ``mask``."""
    noise = rng.random(mask.shape)
    return np.argmax(np.where(mask == 1, noise, -1.0), axis=1)


__all__ = ["VECTOR_OPTIONS", "RuleTables", "VectorEnv", "batch_legal_moves", "check_vector_profile", "random_actions",
           "selfplay"]
