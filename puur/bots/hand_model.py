"""A learnt model of the hidden hands: how likely each other seat holds each card the seat cannot see.

The rules show only what a seat cannot hold (``puur.info.inference``: a seat that did not follow is void, and
so on); ``puur.info.determinize`` deals every hidden card to a seat that may hold it, in proportion to the
room left in the hands. A card player reads more than that: the chooser of a trump holds trumps, the
forehand who pushed holds few masters, a seat that led a low card of a suit rarely holds its master, a
seat that let the opponents take a trick in a suit it followed rarely held the card that would have
taken it. This module scores those readings and lets the sampler deal by them.

The model is log-linear in named features (``FEATURES``) of the pair (card, seat), one weight for each
feature and each class of card (``CLASSES``: the trump's Puur, Nell, Ass, other trumps high and low; a
plain card that is the master of its suit, the next one, another counting card, a blank; the plain
classes apart for trump contracts and for Obenabe/Undenufe). A hidden card ``c`` goes to seat ``s``
with weight ``exp(sum_f w[class(c)][f] * x_f(c, s))`` times the room left in ``s``'s hand, among the
seats the rules allow (``Determinizer``'s ``weights``). The weights are learnt from self-play of the
search player (``benchmarks/hand_model.py``: the label is the real deal, which every self-played
position has), so they read play like the search's own; they live in ``puur/bots/hand_model.json`` and
are loaded from the package only, never from a path a caller names.

It reads only the observation: the contract, who chose it and who pushed, the cards played and who
played them. Slalom and Guschti (whose order changes by trick) are not modelled: ``card_weights``
returns None there, and the sampler deals as before.

What it is worth (docs/experiments/search.md, session 15): held out, it gives the real seat 0.372 where the
room alone gives 0.359, and the sampler's deals put a hundredth more of the hidden cards at their seats;
the search loses fewer points a decision with five tricks left and none measurably fewer before. So
``mcts`` reads the hands by it only when asked (``hands=model``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from puur.core.cards import Contract, Rank
from puur.core.rules.beats import BEATS, STRONGER_IN_SUIT
from puur.core.rules.tables import STRENGTH_TABLES, card_points_table
from puur.info.inference import played_mask

if TYPE_CHECKING:
    from puur.info.observation import Observation

FEATURES: tuple[str, ...] = (
    "led_suit",  # the seat led the card's suit this round (0/1)
    "leads_of_suit",  # how many times it led that suit
    "follows_in_suit",  # how many times it followed in that suit
    "discards_of_suit",  # how many times it threw that suit on another plain suit's lead, or on trump
    "led_lower",  # it led a card of the suit weaker than this card
    "let_pass",  # it followed the suit under an opposing card this card would have beaten
    "discarded_lower",  # it threw a card of the suit weaker than this card
    "trumps_played",  # how many trumps it played
    "ruffs",  # how many plain leads it trumped
    "no_ruff",  # how many times it neither followed a plain lead nor trumped it
    "chooser",  # the seat chose the contract
    "chooser_partner",  # its partner chose the contract
    "pushed",  # the seat is the forehand who pushed
    "partner",  # the seat is the observing seat's partner
)
"""The features of a pair (hidden card, seat); the play's counts are of this round."""

CLASSES: tuple[str, ...] = (
    "trump_puur",
    "trump_nell",
    "trump_ace",
    "trump_high",  # King, Ober, Banner
    "trump_low",  # 6, 7, 8
    "plain_master",  # the strongest card of its suit not yet played (trump contract)
    "plain_second",
    "plain_counting",  # another card worth points
    "plain_blank",
    "ou_master",  # the same four under Obenabe and Undenufe
    "ou_second",
    "ou_counting",
    "ou_blank",
)
"""The classes of a hidden card; each has its own weights."""

WEIGHTS_FILE = "hand_model.json"


@dataclass(frozen=True)
class HandModel:
    """The weights: ``weights[class][feature]`` (``CLASSES`` by ``FEATURES``) and where they came from."""

    weights: tuple[tuple[float, ...], ...]
    source: str

    def __post_init__(self) -> None:
        if len(self.weights) != len(CLASSES) or any(len(row) != len(FEATURES) for row in self.weights):
            raise ValueError(f"a hand model needs {len(CLASSES)} rows of {len(FEATURES)} weights")


@cache
def default_model() -> HandModel:
    """The model shipped in the package (``puur/bots/hand_model.json``)."""
    data = json.loads(resources.files("puur.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8"))
    return model_from_dict(data)


def model_from_dict(data: dict[str, object]) -> HandModel:
    """The model ``benchmarks/hand_model.py`` wrote; ``ValueError`` when the features or classes differ
    from this module's (weights learnt for other features would read the play wrongly)."""
    if data.get("features") != list(FEATURES) or data.get("classes") != list(CLASSES):
        raise ValueError("hand model: its features or classes are not this module's")
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise ValueError("hand model: weights must be an object of class -> feature -> weight")
    try:
        rows = tuple(tuple(float(weights[k][f]) for f in FEATURES) for k in CLASSES)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"hand model: a weight is missing or not a number ({e!r})") from None
    return HandModel(rows, str(data.get("source", "")))


def card_class(card: int, contract: Contract, unplayed: int, undenufe_values: str = "modern") -> int:
    """The index in ``CLASSES`` of a hidden ``card`` under ``contract`` (a base contract), ``unplayed`` the
    cards not yet played (for the master of a suit), ``undenufe_values`` the profile's (which cards count
    under Undenufe, RULES.md §6)."""
    suit, rank = divmod(card, 9)
    trump = contract.trump
    if trump is not None and suit == int(trump):
        if rank == Rank.JACK:
            return 0
        if rank == Rank.NINE:
            return 1
        if rank == Rank.ACE:
            return 2
        return 3 if rank >= Rank.TEN else 4
    above = (STRONGER_IN_SUIT[int(contract)][card] & unplayed).bit_count()
    base = 5 if trump is not None else 9
    if above == 0:
        return base
    if above == 1:
        return base + 1
    return base + (2 if card_points_table(contract, undenufe_values)[card] else 3)


class PlayRecord:
    """What the round's play shows of each seat, read once per observation (the counts of ``FEATURES``)."""

    def __init__(self, obs: Observation) -> None:
        contract = obs.contract
        assert contract is not None and not contract.changes_direction
        strength = STRENGTH_TABLES[int(contract)]
        trump = -1 if contract.trump is None else int(contract.trump)
        self.leads = [[0] * 4 for _ in range(4)]
        self.follows = [[0] * 4 for _ in range(4)]
        self.discards = [[0] * 4 for _ in range(4)]
        self.lowest_lead = [[99] * 4 for _ in range(4)]
        """The weakest card (its strength) each seat led of each suit."""
        self.lowest_bar = [[99] * 4 for _ in range(4)]
        """The weakest opposing card (its strength) each seat let pass in each suit it followed."""
        self.lowest_discard = [[99] * 4 for _ in range(4)]
        """The weakest card (its strength) each seat threw of each suit."""
        self.trumps = [0] * 4
        self.ruffs = [0] * 4
        self.no_ruff = [0] * 4
        tricks = [(t.leader, [int(c) for c in t.cards]) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick[0][0], [int(c) for _, c in obs.trick]))
        for leader, cards in tricks:
            led = cards[0] // 9
            best, winner = cards[0], leader
            self.leads[leader][led] += 1
            if led == trump:
                self.trumps[leader] += 1
            self.lowest_lead[leader][led] = min(self.lowest_lead[leader][led], strength[cards[0]])
            for i, card in enumerate(cards[1:], 1):
                seat = (leader + i) & 3
                suit = card // 9
                if suit == trump:
                    self.trumps[seat] += 1
                if suit == led:
                    self.follows[seat][suit] += 1
                    if (winner ^ seat) & 1 and best // 9 == led and strength[card] < strength[best]:
                        self.lowest_bar[seat][suit] = min(self.lowest_bar[seat][suit], strength[best])
                elif suit == trump:
                    self.ruffs[seat] += 1
                else:
                    self.discards[seat][suit] += 1
                    self.lowest_discard[seat][suit] = min(self.lowest_discard[seat][suit], strength[card])
                    if trump >= 0 and led != trump:
                        self.no_ruff[seat] += 1
                if BEATS[int(contract)][best] >> card & 1:  # it takes the trick (RULES.md §8)
                    best, winner = card, seat

    def features(self, obs: Observation, card: int, seat: int) -> tuple[int, ...]:
        """``FEATURES`` of the pair (``card``, ``seat``)."""
        contract = obs.contract
        assert contract is not None
        strength = STRENGTH_TABLES[int(contract)][card]
        suit = card // 9
        chooser = obs.chooser
        return (
            1 if self.leads[seat][suit] else 0,
            self.leads[seat][suit],
            self.follows[seat][suit],
            self.discards[seat][suit],
            1 if self.lowest_lead[seat][suit] < strength else 0,
            1 if self.lowest_bar[seat][suit] < strength else 0,
            1 if self.lowest_discard[seat][suit] < strength else 0,
            self.trumps[seat],
            self.ruffs[seat],
            self.no_ruff[seat],
            1 if chooser == seat else 0,
            1 if chooser is not None and chooser == (seat + 2) & 3 else 0,
            1 if obs.pushed and seat == obs.forehand else 0,
            1 if seat == (obs.seat + 2) & 3 else 0,
        )


def card_weights(obs: Observation, cards: list[int], model: HandModel | None = None) -> dict[int, list[float]] | None:
    """For each of ``cards`` (hidden cards of ``obs``), the model's weight for each seat (index 0-3; the
    observing seat's is 0): the factor the sampler multiplies the room left in that seat's hand by. None
    where the model does not apply (no contract yet, Slalom and Guschti)."""
    contract = obs.contract
    if contract is None or contract.changes_direction:
        return None
    model = model or default_model()
    record = PlayRecord(obs)
    unplayed = ((1 << 36) - 1) & ~played_mask(obs)
    out: dict[int, list[float]] = {}
    for card in cards:
        row = model.weights[card_class(card, contract, unplayed, obs.profile.undenufe_values)]
        weights = [0.0, 0.0, 0.0, 0.0]
        for seat in range(4):
            if seat != obs.seat:
                x = record.features(obs, card, seat)
                weights[seat] = math.exp(sum(w * v for w, v in zip(row, x, strict=True)))
        out[card] = weights
    return out


__all__ = ["CLASSES", "FEATURES", "HandModel", "PlayRecord", "card_class", "card_weights", "default_model", "model_from_dict"]
