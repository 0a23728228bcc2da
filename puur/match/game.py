"""A match of Schieber to the profile's target: seeded, replayable, one seat's view at a time.

>>> from puur import Game, RuleProfile
>>> game = Game(RuleProfile.preset("schieber"), seed=7)
>>> game.current_seat in range(4)
True

The round itself lives in ``puur.core.round.RoundState`` (the same state machine the search player uses);
this module adds the match: dealing from a seeded shuffle, the forehand's rotation (RULES.md §3), the end
of the match by the profile's ``game_end`` (§12), Schneider, claims, declarations as the profile asks,
records and replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from puur.core.cards import (
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
from puur.core.profile import PROFILE_VERSION, RuleProfile, stored_profile
from puur.core.round import IllegalAction, RoundResult, RoundState, deal, first_forehand
from puur.core.rules.scoring import RoundScore, crossing, games_won, is_schneider, match_bonus
from puur.core.rules.tables import STOECK_POINTS
from puur.info.observation import Observation
from puur.match.duplicate import PLAN_KEY, DealPlan
from puur.match.fairness import SEED_SOURCES, check_salt, check_seed, draw_salt, draw_seed, seed_commitment
from puur.match.forms import FormAction, form_from_record, make_form
from puur.match.forms.protocol import RoundWritten
from puur.match.observe import observe

RECORD_FORMAT = "puur-record"
RECORD_VERSION = 1
DECLARATIONS = ("stoeck",)
WEIS_CHOICE = "weis:"
"""A declaration ``weis:N`` names the Weis alternative N a seat is offered with its trick-1 card (RULES.md
§9.3, the observation's ``weis_choice``); without one the seat declares alternative 0, the most points."""


def weis_choice_index(declaration: str) -> int | None:
    """N of a ``weis:N`` declaration, None for any other text."""
    if not declaration.startswith(WEIS_CHOICE):
        return None
    n = declaration[len(WEIS_CHOICE) :]
    return int(n) if n.isdigit() and len(n) < 4 else None


def check_declarations(declare: object) -> tuple[str, ...]:
    """``Game.apply``'s declarations, checked: a list of different declarations, each ``"stoeck"`` or
    ``"weis:N"``; anything else raises ``IllegalAction`` (a ``ValueError``) saying what is wrong. The game
    API's action body reads its ``declare`` through it too."""
    what = "declare is a list of declarations, e.g. ['stoeck'] or ['weis:1']"
    if isinstance(declare, (str, bytes)):
        raise IllegalAction(f"{what}, not one string")
    if not isinstance(declare, Iterable):
        raise IllegalAction(f"{what}, not {type(declare).__name__}")
    decl: tuple[object, ...] = tuple(declare)
    for d in decl:
        if not isinstance(d, str):
            raise IllegalAction(f"a declaration is 'stoeck' or 'weis:N', not {type(d).__name__} {d!r}")
        if d not in DECLARATIONS and weis_choice_index(d) is None:
            raise IllegalAction(
                f"unknown declaration {d!r}: the declarations are 'stoeck' and 'weis:N' (the Weis"
                " alternative N offered with your card of trick 1)"
            )
    if len(set(decl)) < len(decl):
        raise IllegalAction(f"a declaration given twice in {list(decl)}: each is made once")
    return tuple(str(d) for d in decl)


def logged_action(seat: int | str, action: object, declare: Sequence[str] = ()) -> str:
    """The one text form of a taken action in a record: ``"seat:action"``, each declaration after a ``+``
    (``"1:HQ+stoeck"``). The server stores the same three parts in a row's columns
    (``puur.table.play.stored_of``)."""
    return f"{seat}:{action}" + "".join(f"+{d}" for d in declare)


def parse_logged(item: str) -> tuple[int | None, str, tuple[str, ...]]:
    """``logged_action``'s parts read back: the seat (None when the text names none), the action, the
    declarations."""
    seat_text, _, rest = item.partition(":")
    action, *declare = rest.split("+")
    return (int(seat_text) if seat_text.isdigit() else None), action, tuple(declare)


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
    (``puur.match.fairness``): ``commitment`` may be shown from the first card, the seed only once the match is
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
        form: str = "schieber",
        columns: int | None = None,
        rounds: int | None = None,
        form_settings: Mapping[str, Any] | None = None,
        deal_plan: DealPlan | Mapping[str, Any] | None = None,
    ) -> None:
        self.profile = RuleProfile.resolve(profile)
        self.form = make_form(form, columns=columns, rounds=rounds, settings=form_settings)
        """The game form (docs/forms.md): None for the Schieber, else Coiffeur or Differenzler."""
        if self.form is not None:
            self.profile = self.form.adapt_profile(self.profile)
        self._ended = False
        """Over without a team crossing the target: a form's sheet is done, or the plan's last deal is played."""
        self.plan = None if deal_plan is None else DealPlan.parse(deal_plan)
        """The deals the match follows (``puur.match.duplicate``: a duplicate tournament's table), or None: the
        match deals from its own seed and ends at the target."""
        if self.plan is not None and self.form is not None:
            raise ValueError("a deal plan is played as a Schieber: the forms keep their own deals and end")
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
        hands, dealer, forehand = self._deal(0)
        self.round = RoundState(self.profile, hands, dealer, forehand)
        self.round_states: list[RoundState] = [self.round]  # every round of the match, the current last
        self.deals.append(hands)
        if self.form is not None:
            self.form.start_round(self)

    def _deal(self, number: int) -> tuple[list[int], int, int]:
        """Round ``number + 1``'s hands, dealer and forehand: the deal plan's when the match follows one
        (``puur.match.duplicate``), else from the match's seed: hand 1 as the profile says (``_first_deal``),
        every later one with the forehand one seat on and the dealer the seat before it (RULES.md §3.2)."""
        if self.plan is not None:
            return self.plan.deal(self.profile, number)
        if number == 0:
            return self._first_deal()
        forehand = (self.round.forehand + 1) % 4
        dealer = (forehand - 1) % 4
        return deal(self._rng, dealer), dealer, forehand

    @property
    def claims(self) -> bool:
        """Whether a seat may claim the rest (``game_end: claim``, S000 §12.2). Never under a deal plan: every
        table plays every deal to its end, so that the tables compare."""
        return self.profile.game_end == "claim" and self.plan is None

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
        by_rule = forehand is None
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
        game.start = {"forehand": forehand, "scores": list(totals), **({"by_rule": True} if by_rule else {})}
        return game

    # ----- state -----
    @property
    def is_over(self) -> bool:
        return self.winner is not None or self._ended

    @property
    def current_seat(self) -> int | None:
        """The seat to act, None when the match is over."""
        if self.is_over:
            return None
        if self.form is not None and (waiting := self.form.waiting_seat(self)) is not None:
            return waiting
        return self.round.to_act

    @property
    def target(self) -> int:
        return self.profile.target

    @property
    def first_forehand_by_rule(self) -> bool:
        """Whether round 1's forehand came by the profile's rule (RULES.md §3.2), so that under a ``holder:``
        profile every seat knows it holds that 7 (``Observation.forehand_holds``): always, but where
        ``from_deal`` was given the forehand (its ``start`` then has no ``by_rule``)."""
        return self.start is None or self.start.get("by_rule") is True

    @property
    def round_number(self) -> int:
        return len(self.deals)

    @property
    def factor(self) -> int:
        """The factor of the round in play as the table shows it: the contract's, or under a form its
        column's (Coiffeur; 0 before the column is named) or 1 (Differenzler)."""
        r = self.round
        return r.factor if self.form is None else self.form.factor(r.factor)

    def legal_actions(self) -> list[Action]:
        """Contracts (and PUSH) while choosing; legal cards while playing (plus CLAIM under claims)."""
        if self.is_over:
            return []
        if self.form is not None:
            return self.form.legal_actions(self)  # type: ignore[return-value]
        r = self.round
        if r.contract is None:
            return [PUSH if o == "P" else o for o in r.contract_options()]  # type: ignore[misc]
        cards: list[Action] = [Card(c) for c in iter_cards(r.legal_cards())]
        if self.claims:
            cards.append(CLAIM)
        return cards

    # ----- acting -----
    def apply(self, action: Action | FormAction | str, declare: Iterable[str] = ()) -> None:
        """Apply the action of the seat to act. Declarations go with the card they belong to
        (``declare=("stoeck",)``; ``"weis:N"`` with the trick-1 card: the Weis alternative N offered).
        Raises ``IllegalAction`` (a ``ValueError``) with the reason."""
        if self.is_over:
            raise IllegalAction("the match is over")
        decl = check_declarations(declare)
        if self.form is not None:
            seat = self.current_seat
            taken = self.form.apply(self, action, decl)  # the form's own step: a column, a prediction
            if taken is not None:
                assert seat is not None
                self._log(seat, taken, ())
                return
        try:
            act = parse_action(action)  # type: ignore[arg-type]
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        weis_choices = [i for d in decl if (i := weis_choice_index(d)) is not None]
        if len(weis_choices) > 1:
            raise IllegalAction("declare one Weis alternative, not several")
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
            if not self.claims:
                raise IllegalAction("claims are not part of this rule profile" if self.plan is None else
                                    "every deal of the plan is played to its end: no claims")
            self._log(seat, act, decl)
            self._claim(seat)
            return
        if not isinstance(act, Card):
            raise IllegalAction("the contract is chosen: play a card")
        r.check_card(int(act))
        if weis_choices:
            r.check_weis_choice(weis_choices[0])
            r.declare_weis(weis_choices[0])
        self._log(seat, act, decl)
        if self.profile.stoeck == "strict":
            declare_stoeck: bool | None = "stoeck" in decl
        else:
            declare_stoeck = None  # automatic and lenient: the engine declares for every seat
        events = r.play(int(act), declare_stoeck)
        self._after_events(events)

    def _log(self, seat: int, act: Action | FormAction, decl: tuple[str, ...]) -> None:
        self.actions[-1].append(logged_action(seat, act, decl))

    def replay_action(self, seat: int | None, action: str, declare: Sequence[str] = ()) -> None:
        """Apply one taken action again, as a record or a stored log holds it: the one step of every replay
        (``from_record``; ``puur.table.play.replay``, which the server's stored games, the device's and an
        undo go through). ``RecordMismatch`` (``action``, naming the round) when it is not ``seat``'s turn or
        the action is not legal; the state is then unchanged."""
        n = len(self.deals)
        item = logged_action(seat if seat is not None else "?", action, declare)
        if self.current_seat is None or self.current_seat != seat:
            raise RecordMismatch("action", f"round {n}: action {item!r} is by seat {seat}, but seat {self.current_seat} is to act", n)
        try:
            self.apply(action, declare)
        except IllegalAction as e:
            raise RecordMismatch("action", f"round {n}: action {item!r} is not legal: {e}", n) from None

    # ----- match end -----
    def _after_events(self, events: Sequence[str]) -> None:
        if self.form is not None:
            if "round" in events:
                self._write(self.form.finish_round(self))  # the form's sheet: then the match ends or deals on
            return
        if self.plan is not None:  # every deal of the plan is played whole: no live end, no target
            if "round" in events:
                self._finish_planned_round()
            return
        if self.profile.game_end == "live" and self._live_check(events):
            return
        if "round" in events:
            self._finish_round()

    def _live_check(self, events: Sequence[str]) -> bool:
        """``game_end = live`` (S001): stop as soon as a team reaches the target, checked after every
        trick and declaration, in the profile's block order for what one card credited at once."""
        r = self.round
        f = r.factor
        match = match_bonus(r.tricks_won)  # nine tricks won: the round is done
        parts = {
            "weis": r.weis_points(),
            "stoeck": r.stoeck_points(),
            "tricks": (r.card_points[0] + match[0], r.card_points[1] + match[1]),
        }
        prev = self._live_parts or {k: [0, 0] for k in parts}
        blocks = {k: ((v[0] - prev[k][0]) * f, (v[1] - prev[k][1]) * f) for k, v in parts.items()}
        self._live_parts = {k: [v[0], v[1]] for k, v in parts.items()}
        before = (self.scores[0] + self._live_credit[0], self.scores[1] + self._live_credit[1])
        if events and self._pending_stoeck_wins(before, blocks):
            return True
        c = crossing(self.profile, self.target, before, blocks)
        self._live_credit = [
            self._live_credit[0] + sum(b[0] for b in blocks.values()),
            self._live_credit[1] + sum(b[1] for b in blocks.values()),
        ]
        if c.winner is None:
            return False
        self._end_match(c.winner, c.block, "live", complete=r.is_done)
        return True

    def _pending_stoeck_wins(self, before: tuple[int, int], blocks: dict[str, tuple[int, int]]) -> bool:
        """S001: Stöck scores "when the second is played, or earlier if it wins the match", and "priority
        is Stöck, then Weis, then trick points" (RULES.md §10, §12.3; S000 alike: "early if it wins the
        game"). At a live check that counts points, a Stöck still pending (its holder has not yet played
        both cards) is counted in its place in the block order; when that takes its team to the target,
        the Stöck is scored now and its team wins, before the Weis or trick points of this check. Under
        ``stoeck: strict`` Stöck exists only once declared with the second card, so it never counts early.
        """
        r = self.round
        holder = r.stoeck_holder
        if r.stoeck_status != "pending" or holder is None or self.profile.stoeck == "strict":
            return False
        team = holder & 1
        value = STOECK_POINTS * r.factor
        stoeck = blocks.get("stoeck", (0, 0))
        with_stoeck = {**blocks, "stoeck": (stoeck[0] + value, stoeck[1]) if team == 0 else (stoeck[0], stoeck[1] + value)}
        c = crossing(self.profile, self.target, before, with_stoeck)
        if c.block != "stoeck" or c.winner != team:
            return False
        r.score_stoeck_early()
        self._end_match(team, "stoeck", "live", complete=r.is_done)
        return True

    def _claim(self, seat: int) -> None:
        """S000 claim (RULES.md §12.2, §14): play stops and the won-trick points not yet written are added
        **to the claiming team only** (× factor), with its Weis and any eligible Stöck (pending or scored:
        "claimed later ... and early if it wins the game"); the other team keeps what it had written this
        round (its Weis and declared Stöck, written as they happened), which decides Schneider. At least
        the target wins; a false claim loses the match (INTERFACES.md §2)."""
        team = seat & 1
        written = self._claim_score(team)
        if self.scores[team] + written.written[team] >= self.target:
            self._end_match(team, "claim", "claim", complete=False, score=written)
        else:
            self._end_match(1 - team, "false_claim", "false_claim", complete=False, score=written)

    def _claim_score(self, team: int) -> RoundScore:
        """The round as written when ``team`` claims (S000 §12.2: "add won-trick points not yet recorded to
        the claiming team's written score, including any eligible Stöck")."""
        r = self.round
        weis = r.weis_points()
        stoeck = list(r.stoeck_points())
        holder = r.stoeck_holder
        if holder is not None and holder & 1 == team and r.stoeck_status == "pending":
            stoeck[team] = STOECK_POINTS
        card_points = (r.card_points[0], 0) if team == 0 else (0, r.card_points[1])
        return RoundScore(r.factor, card_points, (0, 0), (0, 0), weis, (stoeck[0], stoeck[1]))

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

    def _finish_planned_round(self) -> None:
        """Write a deal of the plan; after its last deal the match is over, won by the team with more points
        (none on equal points): the tables of a duplicate tournament play every deal, and are compared on
        the points (``puur.match.duplicate``), never on the target."""
        assert self.plan is not None
        self._write_round(complete=True)
        if len(self.rounds) < len(self.plan):
            self._next_round()
            return
        a, b = self.scores
        self.winner = None if a == b else int(b > a)
        self._ended = True
        self.end_reason = "deals"
        self.games = 0 if self.winner is None else 1
        self.round.to_act = None

    def _write_round(self, complete: bool, score: RoundScore | None = None) -> None:
        """Write the round on the sheet: ``score`` (a claim's) or the round's own score so far."""
        r = self.round
        assert r.contract is not None and r.chooser is not None
        s = score if score is not None else r.score()
        written = s.written
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
        self, team: int, block: str | None, reason: str, *, complete: bool, score: RoundScore | None = None
    ) -> None:
        r = self.round
        if r.contract is not None:
            self._write_round(complete=complete, score=score)
        self.winner = team
        self.end_block = block
        self.end_reason = reason
        loser_total = self.scores[1 - team]
        self.schneider = reason != "false_claim" and is_schneider(self.profile, self.target, loser_total)
        self.games = 1 if reason == "false_claim" else games_won(self.profile, self.target, loser_total)
        self.round.to_act = None

    def _next_round(self) -> None:
        """The next deal (``_deal``)."""
        hands, dealer, forehand = self._deal(len(self.deals))
        self.deals.append(hands)
        self.actions.append([])
        self._live_credit = [0, 0]
        self._live_parts = {}
        self.round = RoundState(self.profile, hands, dealer, forehand)
        self.round_states.append(self.round)
        if self.form is not None:
            self.form.start_round(self)

    def _write(self, written: RoundWritten) -> None:
        """Write a form's round (``Form.finish_round``) and end the match or deal the next round."""
        self.rounds.append(written.round)
        if written.scores is not None:
            self.scores = list(written.scores)
        if written.over:
            self._finish_form(written.winner)
        else:
            self._next_round()

    def draw(self, n: int) -> int:
        """A number below ``n`` from the match's seeded generator (the one that deals), so that a replay
        draws the same: a form's own draw (the Differenzler's turned-up card)."""
        return self._rng.randrange(n)

    def _finish_form(self, winner: int | None) -> None:
        """A form's match is over (Coiffeur: the sheet is full; Differenzler: the agreed rounds are played);
        ``winner`` the winning team, None for a tie or a game of individuals (its result names them)."""
        self.winner = winner
        self._ended = True
        self.end_reason = "form"
        self.round.to_act = None

    # ----- views -----
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, nothing more (INTERFACES.md §2)."""
        return observe(self, seat)

    def stoeck_due(self, card: Card | int) -> bool:
        """True when playing ``card`` now is the moment to declare Stöck (used by computer seats)."""
        return self.round.stoeck_due(int(card))

    def result(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        if self.form is not None:
            return self.form.result(self)
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
            **self._fair_fields(),
            **({"start": dict(self.start)} if self.start is not None else {}),
            **({"form": self.form.settings()} if self.form is not None else {}),
            **({PLAN_KEY: self.plan.to_dict()} if self.plan is not None else {}),
            "rounds": rounds,
            "scores": list(self.scores),
            "result": self.result(),
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a record. A record of another format, record version or profile version fails loudly,
        and so does one whose commitment, deals, actions, written rounds, scores or result this engine does
        not reproduce (``RecordMismatch``, saying which). Records without a commitment (older ones) load."""
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
        if "seed" not in record:
            raise ValueError("the record has no seed")
        _check_commitment(record)
        game = cls._replay_start(record, stored_profile(prof))
        rounds = record.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(e, dict) for e in rounds):
            raise ValueError("the record's rounds must be a list of objects (deal, actions, result)")
        for n, entry in enumerate(rounds, start=1):
            if n > len(game.deals):
                raise RecordMismatch("result", f"round {n}: the replay's match ended after round {n - 1}", n)
            if [" ".join(_hand_str(h)) for h in game.deals[n - 1]] != entry.get("deal"):
                raise RecordMismatch("deal", f"round {n}: the record's deal differs from what its seed deals", n)
            for item in str(entry.get("actions", "")).split():
                game.replay_action(*parse_logged(item))
            _check_written(game, entry, n)
        if record.get("scores") is not None and list(game.scores) != record["scores"]:
            raise RecordMismatch("scores", f"the record's scores {record['scores']} differ from the replay's {game.scores}")
        if "result" in record and _json(record["result"]) != _json(game.result()):
            raise RecordMismatch("result", f"the record's result {record['result']} differs from the replay's {game.result()}")
        return game

    @classmethod
    def _replay_start(cls, record: dict[str, Any], profile: RuleProfile) -> Game:
        """The match before its first action: from the seed, or (a record of ``from_deal``, whose ``start``
        holds the forehand and the scores before round 1, and ``by_rule`` where the rule found that forehand)
        from round 1's recorded deal. Records without ``start`` load as before."""
        start = record.get("start")
        form = form_from_record(record["form"]) if "form" in record else {}
        if start is None:
            return cls(profile, seed=record["seed"], salt=record.get("salt"), seed_source=record.get("seed_source"),
                       deal_plan=record.get(PLAN_KEY), **form)
        rounds = record.get("rounds") or []
        if not isinstance(start, dict) or not rounds or not isinstance(rounds[0].get("deal"), list):
            raise ValueError("the record's start needs round 1's deal, a forehand and the scores before it")
        hands = [str(h).split() for h in rounds[0]["deal"]]
        forehand = None if start.get("by_rule") is True else start.get("forehand")
        return cls.from_deal(profile, hands, forehand=forehand, scores=start.get("scores", (0, 0)), seed=record["seed"])

    # ----- fair deals (puur.match.fairness) -----
    def _fair_fields(self) -> dict[str, Any]:
        """The record's salt, commitment and seed source; none for a match without a commitment (no salt,
        or a first round dealt by hand with ``from_deal``, which the seed did not deal)."""
        if self.salt is None or self.start is not None:
            return {}
        return {"salt": self.salt, "commitment": self.commitment, "seed_source": self.seed_source}

    def fair_deal(self) -> dict[str, Any]:
        """What a table may show about the deals: the commitment and the seed's source from the first card;
        the seed (in decimal, as a string: it may exceed JavaScript's exact integers) and the salt only once
        the match is over. ``commitment`` is None when the match has none."""
        fields = self._fair_fields()
        over = self.is_over
        return {
            "commitment": fields.get("commitment"),
            "seed_source": self.seed_source,
            "seed": str(self.seed) if over else None,
            "salt": fields.get("salt") if over else None,
        }

    def __repr__(self) -> str:
        return f"Game(profile={self.profile.name!r}, scores={self.scores}, over={self.is_over})"


def _hand_str(hand: int) -> list[str]:
    return [Card(c).name for c in iter_cards(hand)]


def _json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists), for comparing with a record."""
    return json.loads(json.dumps(value))


def _check_commitment(record: dict[str, Any]) -> None:
    """A record's commitment must be SHA-256 of its seed and salt (``puur.match.fairness``); a record with one of
    salt and commitment carries both. Records without either (older ones) pass."""
    salt, commitment = record.get("salt"), record.get("commitment")
    if salt is None and commitment is None:
        return
    if salt is None or commitment is None:
        raise ValueError("a record with a commitment carries its salt, and one with a salt its commitment")
    expected = seed_commitment(check_seed(record["seed"]), check_salt(salt))
    if commitment != expected:
        raise RecordMismatch(
            "commitment", f"the commitment {commitment!r} is not the SHA-256 of the record's seed and salt ({expected})"
        )


def _check_written(game: Game, entry: dict[str, Any], n: int) -> None:
    """Round ``n``'s written result in the record must be the replay's (RULES.md §11, §12)."""
    if "result" not in entry:
        return
    if n > len(game.rounds):
        raise RecordMismatch("written", f"round {n}: the record writes a result, but the replay has not finished the round", n)
    if _json(entry["result"]) != _json(game.rounds[n - 1].to_dict()):
        raise RecordMismatch("written", f"round {n}: the record's written result differs from what the rules give", n)


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

__all__ = ["Game", "IllegalAction", "Observation", "RecordMismatch", "RoundResult", "Special", "check_declarations",
           "logged_action", "parse_logged"]
