"""A match of Schieber to the profile's target: seeded, replayable, one seat's view at a time.

>>> from puur import Game, RuleProfile
>>> game = Game(RuleProfile.preset("schieber"), seed=7)
>>> game.current_seat in range(4)
True

The round itself lives in ``puur.round.RoundState`` (the same state machine the search player uses);
this module adds the match: dealing from a seeded shuffle, the forehand's rotation (RULES.md §3), the end
of the match by the profile's ``game_end`` (§12), Schneider, claims, declarations as the profile asks,
records and replay.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from puur.cards import (
    CLAIM,
    PUSH,
    Action,
    Card,
    Contract,
    Special,
    iter_cards,
    mask_of,
    parse_action,
    parse_cards,
)
from puur.fairness import SEED_SOURCES, check_salt, check_seed, draw_salt, draw_seed, seed_commitment
from puur.profile import PROFILE_VERSION, RuleProfile
from puur.round import IllegalAction, RoundState, deal, first_forehand
from puur.rules.scoring import crossing, games_won, is_schneider

RECORD_FORMAT = "puur-record"
RECORD_VERSION = 1
DECLARATIONS = ("stoeck",)


@dataclass(frozen=True)
class RoundResult:
    """A finished (or, when the match ended during it, interrupted) round as written on the sheet."""

    number: int
    dealer: int
    forehand: int
    pushed: bool
    chooser: int
    contract: Contract
    score: dict[str, Any]
    written: tuple[int, int]
    totals: tuple[int, int]
    complete: bool

    def to_dict(self) -> dict[str, Any]:
        """The round as written: who dealt, led and chose, the contract, the score's parts before the
        factor (card points, last trick, match, Weis, Stöck), ``written`` and the running ``totals``."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "pushed": self.pushed,
            "chooser": self.chooser,
            "contract": str(self.contract),
            **self.score,
            "written": list(self.written),
            "totals": list(self.totals),
            "complete": self.complete,
        }


class RecordMismatch(ValueError):
    """A record that this engine does not reproduce. ``part`` names what differs: ``commitment`` (the
    seed and salt do not hash to it), ``deal``, ``action`` (not legal, or not that seat's turn), ``written``
    (a round's written result), ``scores`` or ``result``; ``round`` is the round (from 1) or None."""

    def __init__(self, part: str, message: str, round: int | None = None) -> None:
        super().__init__(message)
        self.part = part
        self.round = round


class Game:
    """A whole match (INTERFACES.md §2). ``apply`` raises ``IllegalAction`` and leaves the state unchanged.

    Without a seed the match draws one with ``secrets`` and a salt, and commits to them
    (``puur.fairness``): ``commitment`` may be shown from the first card, the seed only once the match is
    over (``fair_deal``). ``Game(profile, seed=7)`` deals reproducibly; it has a commitment only when a
    ``salt`` is given too (the server gives one). ``seed_source`` says whether the seed was ``drawn`` here or
    ``chosen`` by the caller."""

    def __init__(
        self,
        profile: RuleProfile | str | dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        salt: str | None = None,
        seed_source: str | None = None,
    ) -> None:
        self.profile = RuleProfile.resolve(profile)
        if seed_source is not None and seed_source not in SEED_SOURCES:
            raise ValueError(f"seed_source must be one of {', '.join(SEED_SOURCES)}, got {seed_source!r}")
        if seed is None:
            self.seed, self.seed_source = draw_seed(), seed_source or "drawn"
            salt = draw_salt() if salt is None else salt
        else:
            self.seed, self.seed_source = check_seed(seed), seed_source or "chosen"
        self.salt = None if salt is None else check_salt(salt)
        self.commitment = None if self.salt is None else seed_commitment(self.seed, self.salt)
        self._rng = random.Random(self.seed)
        self.scores: list[int] = [0, 0]
        self.rounds: list[RoundResult] = []
        self.deals: list[list[int]] = []
        self.actions: list[list[str]] = [[]]  # per round: "seat:action" or "seat:action+declaration"
        self.winner: int | None = None
        self.end_block: str | None = None
        self.end_reason: str | None = None
        self.games: int = 0
        self.schneider = False
        self._live_credit = [0, 0]
        self._live_parts: dict[str, list[int]] = {}
        self.start: dict[str, Any] | None = None  # set by from_deal: the first round's forehand and scores
        hands, dealer, forehand = self._first_deal()
        self.round = RoundState(self.profile, hands, dealer, forehand)
        self.round_states: list[RoundState] = [self.round]  # every round of the match, the current last
        self.deals.append(hands)

    def _first_deal(self) -> tuple[list[int], int, int]:
        """Hand 1 (RULES.md §3.2, §14): the hands, the dealer and the forehand.

        A dealer is drawn at random and deals (packets of three from its right, §3.1). Under
        ``dealer_right`` (J07) its right-hand neighbour is the forehand. Under ``holder:X7`` (S000, S001,
        S004) the forehand is the holder of that 7 and the dealer is recorded as the seat before it
        (§14, §16 item 17), so the cards are dealt from that seat: the drawn dealer deals again until
        its right-hand neighbour holds the 7. Every hand is then as likely as in one free deal, and the
        record's dealer is the seat the cards were dealt from.
        """
        dealer = self._rng.randrange(4)
        while True:
            hands = deal(self._rng, dealer)
            forehand = first_forehand(self.profile, hands, dealer)
            if forehand == (dealer + 1) % 4:
                return hands, dealer, forehand

    @classmethod
    def from_deal(
        cls,
        profile: RuleProfile | str | dict[str, Any] | None,
        hands: Sequence[Sequence[str | Card] | int],
        *,
        forehand: int | None = None,
        scores: Sequence[int] = (0, 0),
        seed: int | None = None,
    ) -> Game:
        """A match whose first round is dealt ``hands`` (four card lists by seat, e.g. ``["HK", "HQ", ...]``,
        or card sets), led by ``forehand`` (the dealer is the seat before it, RULES.md §3.2), with the
        written totals ``scores`` before it. Later rounds are dealt from ``seed`` as in any match.

        ``forehand`` may be left out under a ``holder:`` profile: the holder of its 7. Bad input raises
        ``ValueError`` saying what is wrong. The record carries the start, so ``from_record`` replays it.
        """
        game = cls(profile, seed=seed)
        masks = _deal_masks(hands)
        if forehand is None:
            if game.profile.first_forehand == "dealer_right":
                raise ValueError("forehand is needed: under first_forehand 'dealer_right' the hands do not name it")
            forehand = first_forehand(game.profile, masks, 0)
        if isinstance(forehand, bool) or not isinstance(forehand, int) or forehand not in range(4):
            raise ValueError(f"forehand must be a seat 0, 1, 2 or 3, got {forehand!r}")
        totals = _start_scores(scores, game.target)
        game.round = RoundState(game.profile, masks, (forehand - 1) % 4, forehand)
        game.round_states = [game.round]
        game.deals = [masks]
        game.scores = list(totals)
        game.start = {"forehand": forehand, "scores": list(totals)}
        return game

    # ----- state -----
    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current_seat(self) -> int | None:
        """The seat to act, None when the match is over."""
        return None if self.is_over else self.round.to_act

    @property
    def target(self) -> int:
        return self.profile.target

    @property
    def round_number(self) -> int:
        return len(self.deals)

    def legal_actions(self) -> list[Action]:
        """Contracts (and PUSH) while choosing; legal cards while playing (plus CLAIM under claims)."""
        if self.is_over:
            return []
        r = self.round
        if r.contract is None:
            return [PUSH if o == "P" else o for o in r.contract_options()]  # type: ignore[misc]
        cards: list[Action] = [Card(c) for c in iter_cards(r.legal_cards())]
        if self.profile.game_end == "claim":
            cards.append(CLAIM)
        return cards

    # ----- acting -----
    def apply(self, action: Action | str, declare: Iterable[str] = ()) -> None:
        """Apply the action of the seat to act. Declarations go with the card they belong to
        (``declare=("stoeck",)``). Raises ``IllegalAction`` (a ``ValueError``) with the reason."""
        if self.is_over:
            raise IllegalAction("the match is over")
        try:
            act = parse_action(action)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        decl = tuple(declare)
        for d in decl:
            if d not in DECLARATIONS:
                raise IllegalAction(f"unknown declaration {d!r}: the only declaration is 'stoeck'")
        r = self.round
        seat = r.to_act
        assert seat is not None
        if decl and not isinstance(act, Card):
            raise IllegalAction("a declaration goes with the card it belongs to")
        if r.contract is None:
            if act is PUSH:
                r.push()
            elif isinstance(act, Contract):
                r.choose(act)
            else:
                raise IllegalAction("choose a contract (C, D, H, S, O, U) or push (P) first")
            self._log(seat, act, decl)
            return
        if act is CLAIM:
            if self.profile.game_end != "claim":
                raise IllegalAction("claims are not part of this rule profile")
            self._log(seat, act, decl)
            self._claim(seat)
            return
        if not isinstance(act, Card):
            raise IllegalAction("the contract is chosen: play a card")
        r.check_card(int(act))
        self._log(seat, act, decl)
        if self.profile.stoeck == "strict":
            declare_stoeck: bool | None = "stoeck" in decl
        else:
            declare_stoeck = None  # automatic and lenient: the engine declares for every seat
        events = r.play(int(act), declare_stoeck)
        self._after_events(events)

    def _log(self, seat: int, act: Action, decl: tuple[str, ...]) -> None:
        self.actions[-1].append(f"{seat}:{act}" + "".join(f"+{d}" for d in decl))

    # ----- match end -----
    def _after_events(self, events: Sequence[str]) -> None:
        if self.profile.game_end == "live" and self._live_check(events):
            return
        if "round" in events:
            self._finish_round()

    def _live_check(self, events: Sequence[str]) -> bool:
        """``game_end = live`` (S001): stop as soon as a team reaches the target, checked after every
        trick and declaration, in the profile's block order for what one card credited at once."""
        r = self.round
        f = r.factor
        parts = {
            "weis": r.weis_points(),
            "stoeck": r.stoeck_points(),
            "tricks": (
                r.card_points[0] + (100 if r.is_done and r.tricks_won[0] == 9 else 0),
                r.card_points[1] + (100 if r.is_done and r.tricks_won[1] == 9 else 0),
            ),
        }
        prev = self._live_parts or {k: [0, 0] for k in parts}
        blocks = {k: ((v[0] - prev[k][0]) * f, (v[1] - prev[k][1]) * f) for k, v in parts.items()}
        self._live_parts = {k: [v[0], v[1]] for k, v in parts.items()}
        before = (self.scores[0] + self._live_credit[0], self.scores[1] + self._live_credit[1])
        c = crossing(self.profile, self.target, before, blocks)
        self._live_credit = [
            self._live_credit[0] + sum(b[0] for b in blocks.values()),
            self._live_credit[1] + sum(b[1] for b in blocks.values()),
        ]
        if c.winner is None:
            return False
        self._end_match(c.winner, c.block, "live", complete=r.is_done)
        return True

    def _claim(self, seat: int) -> None:
        """S000 claim (INTERFACES.md §2): the claiming team's written total plus its unwritten trick points
        of the round × factor plus eligible Stöck must reach the target; a false claim loses the match."""
        r = self.round
        team = seat & 1
        f = r.factor
        stoeck = 20 if r.stoeck_holder is not None and r.stoeck_holder & 1 == team else 0
        if r.stoeck_status == "lost":
            stoeck = 0
        value = self.scores[team] + f * (r.card_points[team] + r.weis_points()[team] + stoeck)
        if value >= self.target:
            self._end_match(team, "claim", "claim", complete=False, claim_stoeck=stoeck)
        else:
            self._end_match(1 - team, "false_claim", "false_claim", complete=False)

    def _finish_round(self) -> None:
        """Write the round; under ``end_of_round`` (and ``claim`` when nobody claimed) count the blocks
        in the profile's order, a tie in the tricks block by the profile's ``trick_block_tie`` (§12.3)."""
        r = self.round
        s = r.score()
        c = crossing(self.profile, self.target, self.scores, s.blocks(), r.trick_steps())
        if c.winner is not None:
            self._end_match(c.winner, c.block, "end_of_round", complete=True)
            return
        self._write_round(complete=True)
        self._next_round()

    def _write_round(self, complete: bool, extra: tuple[int, int] = (0, 0)) -> None:
        r = self.round
        assert r.contract is not None and r.chooser is not None
        s = r.score()
        written = (s.written[0] + extra[0], s.written[1] + extra[1])
        self.scores = [self.scores[0] + written[0], self.scores[1] + written[1]]
        self.rounds.append(
            RoundResult(
                number=len(self.rounds) + 1,
                dealer=r.dealer,
                forehand=r.forehand,
                pushed=r.pushed,
                chooser=r.chooser,
                contract=r.contract,
                score={k: v for k, v in s.to_dict().items() if k not in ("raw", "written")},
                written=written,
                totals=(self.scores[0], self.scores[1]),
                complete=complete,
            )
        )

    def _end_match(
        self, team: int, block: str | None, reason: str, *, complete: bool, claim_stoeck: int = 0
    ) -> None:
        r = self.round
        extra = (0, 0)
        if claim_stoeck and r.stoeck_status != "scored":
            extra = (claim_stoeck * r.factor, 0) if team == 0 else (0, claim_stoeck * r.factor)
        if r.contract is not None:
            self._write_round(complete=complete, extra=extra)
        self.winner = team
        self.end_block = block
        self.end_reason = reason
        loser_total = self.scores[1 - team]
        self.schneider = reason != "false_claim" and is_schneider(self.profile, self.target, loser_total)
        self.games = 1 if reason == "false_claim" else games_won(self.profile, self.target, loser_total)
        self.round.to_act = None

    def _next_round(self) -> None:
        """The next deal: the forehand moves one seat on, the dealer is the seat before it (§3.2)."""
        forehand = (self.round.forehand + 1) % 4
        dealer = (forehand - 1) % 4
        hands = deal(self._rng, dealer)
        self.deals.append(hands)
        self.actions.append([])
        self._live_credit = [0, 0]
        self._live_parts = {}
        self.round = RoundState(self.profile, hands, dealer, forehand)
        self.round_states.append(self.round)

    # ----- views -----
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, nothing more (INTERFACES.md §2)."""
        from puur.observation import observe

        return observe(self, seat)

    def stoeck_due(self, card: Card | int) -> bool:
        """True when playing ``card`` now is the moment to declare Stöck (used by computer seats)."""
        return self.round.stoeck_due(int(card))

    def result(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "block": self.end_block,
            "reason": self.end_reason,
            "schneider": self.schneider,
            "games": self.games,
        }

    # ----- records -----
    def record(self) -> dict[str, Any]:
        """The whole match as JSON-able data: format version, profile (full), seed, and per round the deal
        (four hands by seat), every action as ``"seat:action"`` (``"1:HQ+stoeck"`` with a declaration) and
        the written result; then the match result. ``Game.from_record`` replays it to the identical state."""
        rounds = []
        for i, hands in enumerate(self.deals):
            entry: dict[str, Any] = {
                "deal": [" ".join(_hand_str(h)) for h in hands],
                "actions": " ".join(self.actions[i]),
            }
            if i < len(self.rounds):
                entry["result"] = self.rounds[i].to_dict()
            rounds.append(entry)
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "profile": self.profile.to_dict(),
            "seed": self.seed,
            **({"start": dict(self.start)} if self.start is not None else {}),
            "rounds": rounds,
            "scores": list(self.scores),
            "result": self.result(),
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a record. A record of another format, record version or profile version fails loudly,
        and so does one whose deals, actions or scores this engine does not reproduce."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise ValueError("not a Puur game record (format must be 'puur-record')")
        if record.get("version") != RECORD_VERSION:
            raise ValueError(f"record version {record.get('version')!r} is not supported (this Puur reads {RECORD_VERSION})")
        prof = record.get("profile")
        if not isinstance(prof, dict) or prof.get("version") != PROFILE_VERSION:
            raise ValueError(
                f"the record's rule profile has version {prof.get('version') if isinstance(prof, dict) else None!r};"
                f" this Puur reads profile version {PROFILE_VERSION}"
            )
        game = cls._replay_start(record, RuleProfile.from_dict(prof))
        for n, entry in enumerate(record.get("rounds", []), start=1):
            if [" ".join(_hand_str(h)) for h in game.deals[n - 1]] != entry.get("deal"):
                raise ValueError(f"round {n}: the record's deal differs from what its seed deals")
            for item in str(entry.get("actions", "")).split():
                seat_text, _, rest = item.partition(":")
                action, *declare = rest.split("+")
                if str(game.current_seat) != seat_text:
                    raise ValueError(f"round {n}: action {item!r} is by seat {seat_text}, but seat {game.current_seat} is to act")
                game.apply(action, declare)
        if record.get("scores") is not None and list(game.scores) != record["scores"]:
            raise ValueError("the record's scores differ from the replay")
        return game

    @classmethod
    def _replay_start(cls, record: dict[str, Any], profile: RuleProfile) -> Game:
        """The match before its first action: from the seed, or (a record of ``from_deal``, whose ``start``
        holds the forehand and the scores before round 1) from round 1's recorded deal. Records without
        ``start`` load as before."""
        start = record.get("start")
        if start is None:
            return cls(profile, seed=record["seed"])
        rounds = record.get("rounds") or []
        if not isinstance(start, dict) or not rounds or not isinstance(rounds[0].get("deal"), list):
            raise ValueError("the record's start needs round 1's deal, a forehand and the scores before it")
        hands = [str(h).split() for h in rounds[0]["deal"]]
        return cls.from_deal(
            profile, hands, forehand=start.get("forehand"), scores=start.get("scores", (0, 0)), seed=record["seed"]
        )

    def __repr__(self) -> str:
        return f"Game(profile={self.profile.name!r}, seed={self.seed}, scores={self.scores}, over={self.is_over})"


def _hand_str(hand: int) -> list[str]:
    return [Card(c).name for c in iter_cards(hand)]


def _deal_masks(hands: Sequence[Sequence[str | Card] | int]) -> list[int]:
    """Four hands of nine cards by seat, together the 36 cards, as card sets; else ``ValueError``."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence) or len(hands) != 4:
        raise ValueError("hands must be four hands by seat (seats 0..3), each a list of nine cards")
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, int) and not isinstance(hand, bool):
            if not 0 <= hand < 1 << 36:
                raise ValueError(f"hand of seat {seat} is not a card set")
            mask = hand
        else:
            mask = mask_of(parse_cards(hand, field=f"hand of seat {seat}"))  # type: ignore[arg-type]
        if mask.bit_count() != 9:
            raise ValueError(f"hand of seat {seat} holds {mask.bit_count()} cards; a hand is dealt nine")
        for other, earlier in enumerate(masks):
            if mask & earlier:
                card = Card((mask & earlier).bit_length() - 1)
                raise ValueError(f"card {card} is in the hands of both seat {other} and seat {seat}")
        masks.append(mask)
    return masks


def _start_scores(scores: Sequence[int], target: int) -> tuple[int, int]:
    """The written totals before the first round: two whole numbers, neither negative nor at the target."""
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence) or len(scores) != 2:
        raise ValueError("scores must be two written totals (team 0, team 1)")
    a, b = scores
    for v in (a, b):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"scores must be whole numbers of at least 0, got {list(scores)!r}")
    if max(a, b) >= target:
        raise ValueError(f"scores {[a, b]} already reach the target {target}: the match would be over")
    return a, b


# Imported late: observation.py needs Game's types only for type checking.
from puur.observation import Observation  # noqa: E402

__all__ = ["Game", "IllegalAction", "Observation", "RoundResult", "Special"]
