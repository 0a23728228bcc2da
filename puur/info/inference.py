"""What a seat can infer about the hidden hands from the play alone: the cards each other seat cannot hold.

A card played is legal (RULES.md §7), so each play shows what the player's hand was not: a seat that did
not follow the led suit holds none of it, a seat that did not overtrump where it had to holds no higher
trump, and so on for every option of the profile (§7.4, §14.1). ``read_trick`` reads one trick;
``constraints`` adds up the round's tricks and the shown Weis (a shown meld not yet played is still in
its owner's hand, §9.4). Nothing here reads anything but the ``Observation``.

The reading is sound and complete: a card not yet played is ruled out for a seat exactly when, had the
seat held it too, a card it played would have been illegal by ``legal_moves`` (tests/info/test_inference.py
checks both against the rules on random rounds of every preset and of every combination of the
legal-move options). One combination of options leaves a fact no list of impossible cards can hold:
with the undertrump ban lifted while the partner is winning (``undertrump_ban_when_partner_leads=False``),
a compulsory overtrump and trumping allowed while able to follow, an undertrump under a winning partner
shows only "void in the led suit, or no higher trump"; neither card set is ruled out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from puur.core.cards import SUIT_MASKS, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules.beats import HIGHER_TRUMPS
from puur.core.rules.legal import highest_trump
from puur.core.rules.tables import PUUR_BITS
from puur.core.rules.trick import trick_winner

if TYPE_CHECKING:
    from puur.info.observation import Observation


def constraints(obs: Observation) -> tuple[list[int], list[int]]:
    """What the seat knows about the hidden hands: per seat, cards it cannot hold and cards it must hold.

    Read from play, trick by trick (``read_trick``): a seat that did not follow the led suit is void in it
    (where the profile forbids trumping while able to follow, also when it trumped); a seat that did not
    play trump on a trump lead holds none (but perhaps the Puur, where a lone Puur may be kept); under a
    compulsory overtrump a seat that did not overtrump holds no higher non-Puur trump; under the classic
    undertrump ban a seat that undertrumped holds only trumps; where undertrumping is allowed unless the
    seat can overtrump, a seat that undertrumped holds no higher non-Puur trump. Shown melds not yet
    played must be in their owner's hand, and so must the 7 that made the forehand of a match's first
    round (``Observation.forehand_holds``) until it is played.
    """
    cannot = [0, 0, 0, 0]
    must = [0, 0, 0, 0]
    if obs.forehand_holds is not None:  # RULES.md §3.2: the holder of that 7 leads a match's first round
        must[obs.forehand] |= 1 << int(obs.forehand_holds) & ~played_mask(obs)
    contract = obs.contract
    if contract is None:
        return cannot, must
    readings = [read_trick(obs.profile, contract, t.leader, tuple(int(c) for c in t.cards)) for t in obs.tricks]
    if len(obs.trick) > 1:  # the leader's card alone shows nothing
        readings.append(read_trick(obs.profile, contract, obs.trick[0][0], tuple(int(c) for _, c in obs.trick)))
    for reading in readings:
        for seat in range(4):
            cannot[seat] |= reading[seat]
    if obs.weis_shown:
        played = played_mask(obs)
        for s, melds in obs.weis_shown:
            for _, cards, _ in melds:
                must[s] |= mask_of(cards) & ~played
    return cannot, must


@lru_cache(maxsize=1 << 17)
def read_trick(
    profile: RuleProfile, contract: Contract, leader: int, cards: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The cards each seat cannot hold, as shown by one (possibly unfinished) trick; see ``constraints``.

    What a trick shows depends on that trick alone, so the reading is cached: a search player reads the
    same finished tricks at every decision of the round.
    """
    cannot = [0, 0, 0, 0]
    p = profile
    trump = int(contract) if contract.is_trump else -1
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    puur = PUUR_BITS[contract]
    led = cards[0] // 9
    for i in range(1, len(cards)):
        seat = (leader + i) % 4
        c = cards[i]
        before = cards[:i]
        suit = c // 9
        if trump < 0:
            if suit != led:
                cannot[seat] |= SUIT_MASKS[led]
            continue
        high = highest_trump(before, trump)
        if led == trump:
            if suit != trump:
                cannot[seat] |= tmask & ~puur if p.lone_puur_may_be_kept else tmask
            elif p.must_overtrump and p.overtrump_on_trump_lead and high >= 0 and not HIGHER_TRUMPS[high] >> c & 1:
                cannot[seat] |= HIGHER_TRUMPS[high] & ~puur
            continue
        if suit == led:
            continue
        if suit == trump:
            if not p.trump_allowed_when_able_to_follow:
                cannot[seat] |= SUIT_MASKS[led]
            if high >= 0 and not HIGHER_TRUMPS[high] >> c & 1:  # an undertrump
                void = not p.trump_allowed_when_able_to_follow
                if p.undertrump == "banned_unless_only_trumps":
                    partner_winning = len(before) >= 2 and trick_winner(before, contract) == len(before) - 2
                    if p.undertrump_ban_when_partner_leads is not False or not partner_winning:
                        cannot[seat] |= ~tmask & ((1 << 36) - 1)  # §7.2 rule 2: it holds only trumps
                        void = True
                if p.undertrump == "allowed_unless_can_overtrump" or (void and p.must_overtrump):
                    cannot[seat] |= HIGHER_TRUMPS[high] & ~puur  # it could not overtrump (§7.3)
            continue
        cannot[seat] |= SUIT_MASKS[led]  # a discard: void in the led suit
        if high >= 0 and p.must_overtrump:
            cannot[seat] |= HIGHER_TRUMPS[high] & ~puur
    return (cannot[0], cannot[1], cannot[2], cannot[3])


def played_mask(obs: Observation) -> int:
    """Every card played this round so far, finished tricks and the current one (a card set)."""
    m = 0
    for t in obs.tricks:
        m |= mask_of(t.cards)
    for _, c in obs.trick:
        m |= 1 << c
    return m


def played_by(obs: Observation) -> list[int]:
    """Per seat, the cards it has played this round so far (card sets)."""
    by = [0, 0, 0, 0]
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            by[(t.leader + i) % 4] |= 1 << c
    for s, c in obs.trick:
        by[s] |= 1 << c
    return by


__all__ = ["constraints", "played_by", "played_mask", "read_trick"]
