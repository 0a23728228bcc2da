"""The rule-of-thumb Schieber play of the ``heuristic`` player (``puur.bots.heuristic``), built from the strategy
knowledge of PRODUCT.md §3: claims, the contract, and the card for a position.

Every rule is a named function or constant below whose docstring cites the section it follows. It reads
only the ``Observation`` (§3.1): its own hand, the played cards, voids shown by the play, public
declarations, the scores. Contract choice lives in ``puur.bots.contract_eval``. The game forms' players
(``puur.bots.form_players``) play their cards with it too.
"""

from __future__ import annotations

from puur.bots.contract_eval import PUSH_THRESHOLD, best_contract
from puur.bots.knowledge import Knowledge
from puur.core.cards import PUSH, SUIT_MASKS, Action, iter_cards
from puur.info.observation import Observation

MASTER_KEEP = 18.0
"""§3.3 "Keep entries" / "Side-suit winners give leads": a master card is worth keeping when discarding."""
TRUMP_KEEP = 12.0
"""§3.3 Economy: a trump spent on a discard or a smear is lost control."""
VOID_MAKING_BONUS = 4.0
"""§3.3/§3.4: discarding the last card of a side suit (in a trump contract) prepares a later ruff."""
TRUMP_WORTHY_POINTS = 10
"""§3.3 "Trump when winning helps the plan: a valuable trick": the least trick value worth a trump."""
SMEAR_MIN_POINTS = 3
"""§3.3 smearing (schmieren): only worth it with a card that carries points."""
LAST_TRICKS = 2
"""§3.3: near the end the last-trick bonus and the remaining cards make holding back pointless."""


# ----- claims -----


def claim_is_true(obs: Observation) -> bool:
    """Claim (profile ``classic``) only when the observation proves it: the team's written total plus its
    trick points this round, Weis already shown by it and its declared Stöck, times the factor, reach the
    target (INTERFACES.md §2; PRODUCT.md §3.1 inputs only)."""
    team = obs.seat & 1
    weis = 0
    if obs.tricks:
        weis = sum(p for s, melds in obs.weis_shown if s & 1 == team for _, _, p in melds)
    stoeck = obs.stoeck.points if obs.stoeck and obs.stoeck.team == team else 0
    return obs.scores[team] + obs.factor * (obs.round_points[team] + weis + stoeck) >= obs.target


# ----- contract -----


def choose_contract(obs: Observation) -> Action:
    """§3.2: evaluate all six contracts; schieben when none convinces (§3.2.7); after a push the partner
    must choose from its own cards (§3.2.8)."""
    contract, score = best_contract(obs.hand_mask, obs.profile)
    if PUSH in obs.legal_actions and score < PUSH_THRESHOLD:
        return PUSH
    return contract


# ----- card values for discarding and smearing -----


def keep_value(k: Knowledge, card: int) -> float:
    """How much a card is worth keeping for later tricks: masters and trumps (§3.3 economy, entries)."""
    v = 0.0
    if card // 9 == k.trump:
        v += TRUMP_KEEP + 2.0 * (k.strength[card] % 100)
    if k.is_master(card):
        v += MASTER_KEEP
    return v + 0.1 * (k.strength[card] % 100)


def discard_choice(k: Knowledge, legal: list[int]) -> int:
    """Verwerfen (§3.3, §3.4): give away the card that costs least: few points, no master, no trump; in a
    trump contract prefer emptying a short side suit."""

    def cost(c: int) -> float:
        v = k.points[c] + keep_value(k, c)
        if k.trump >= 0 and c // 9 != k.trump and (k.hand & SUIT_MASKS[c // 9]).bit_count() == 1:
            v -= VOID_MAKING_BONUS
        return v

    return min(legal, key=lambda c: (cost(c), c))


def smear_choice(k: Knowledge, legal: list[int]) -> int | None:
    """Schmieren (§3.3 value vs strength): put points on the partner's sure trick, not masters or trumps
    needed later."""
    best = max(legal, key=lambda c: (k.points[c] - keep_value(k, c), -c))
    if k.points[best] < SMEAR_MIN_POINTS or keep_value(k, best) >= MASTER_KEEP:
        return None
    return best


def cheapest(k: Knowledge, cards: list[int]) -> int:
    """Economy (§3.3): the lowest sufficient card; a non-trump before a trump, then the weakest."""
    return min(cards, key=lambda c: (c // 9 == k.trump, k.strength[c], k.points[c], c))


# ----- following -----


def partner_trick_is_sure(k: Knowledge, best: int) -> bool:
    """§3.3 "Don't trump / overtake a partner's winning card when no opponent can overtake"."""
    return k.safe_against(best, best, k.opponents_after_me())


def follow(k: Knowledge, legal: list[int], tricks_left: int) -> int:
    """A card to a trick already led (§3.3)."""
    best, best_seat = k.current_best()
    led = k.trick[0] // 9
    later_opps = k.opponents_after_me()
    if best_seat == k.partner:
        if partner_trick_is_sure(k, best):
            smear = smear_choice(k, [c for c in legal if c // 9 != k.trump or k.trump == led] or legal)
            return smear if smear is not None else discard_choice(k, legal)
        return support_partner(k, legal, best, later_opps)
    winners = [c for c in legal if k.beats(c, best)]
    if winners:
        take = take_trick(k, winners, later_opps, tricks_left)
        if take is not None:
            return take
    return discard_choice(k, legal)


def support_partner(k: Knowledge, legal: list[int], best: int, later_opps: list[int]) -> int:
    """Partner leads the trick but an opponent may still overtake: take over with a sure winner when the
    trick is worth it (§3.3 "protecting a valuable card"), else play low."""
    sure = [c for c in legal if k.beats(c, best) and k.safe_against(c, best, later_opps)]
    if sure and k.trick_points() >= TRUMP_WORTHY_POINTS:
        non_trump = [c for c in sure if c // 9 != k.trump]
        if non_trump or k.trick_points() >= 2 * TRUMP_WORTHY_POINTS:
            return cheapest(k, non_trump or sure)
    return discard_choice(k, legal)


def take_trick(k: Knowledge, winners: list[int], later_opps: list[int], tricks_left: int) -> int | None:
    """§3.3 economy and "trump when winning helps the plan": win with the lowest sufficient card that the
    players after me cannot beat; spend a trump only on a trick worth it or late in the round; Nell safety
    (the Nell wins only once the Puur is out) is part of "cannot beat"."""
    value = k.trick_points()
    safe = [c for c in winners if k.safe_against(c, c, later_opps)]
    if not safe:
        return None
    plain = [c for c in safe if c // 9 != k.trump]
    if plain:
        return cheapest(k, plain)
    if value >= TRUMP_WORTHY_POINTS or tricks_left <= LAST_TRICKS or k.trick[0] // 9 == k.trump:
        return cheapest(k, safe)
    return None


# ----- leading -----


def lead_trump_to_draw(k: Knowledge, my_team_chose: bool) -> int | None:
    """§3.3 Puur timing and Nell safety: the choosing side draws the opponents' trumps with the top trump
    it holds; holding the Nell but not the Puur, lead a low trump to force the Puur out before the Nell
    must win (§3.3 "force out the opposing Puur")."""
    if k.trump < 0 or not my_team_chose:
        return None
    mine = k.hand & SUIT_MASKS[k.trump]
    if not mine or not k.trumps_out():
        return None
    top = max(iter_cards(mine), key=lambda c: k.strength[c])
    if k.is_master(top):
        return top
    if mine.bit_count() >= 3:
        return min(iter_cards(mine), key=lambda c: k.strength[c])
    return None


def lead_master(k: Knowledge) -> int | None:
    """§3.3 "Side-suit winners give leads": cash a master that neither opponent can trump, the one
    with most points and length behind it first."""
    opps = [(k.seat + 1) & 3, (k.seat + 3) & 3]
    options = [
        c
        for c in iter_cards(k.hand)
        if c // 9 != k.trump and k.is_master(c) and k.safe_against(c, None, opps)
        and k.unseen & SUIT_MASKS[c // 9]
    ]
    if not options:
        return None
    return max(options, key=lambda c: (k.points[c], (k.hand & SUIT_MASKS[c // 9]).bit_count(), c))


def lead_low(k: Knowledge) -> int:
    """§3.3 "Leading with purpose": otherwise lead low from the longest side suit, where the partner may
    win and no guarded honour of mine is exposed; trumps last."""

    def score(c: int) -> tuple[float, ...]:
        suit_cards = k.hand & SUIT_MASKS[c // 9]
        return (
            c // 9 == k.trump,
            k.points[c] + keep_value(k, c) - 1.5 * suit_cards.bit_count(),
            k.strength[c],
            c,
        )

    return min(iter_cards(k.hand), key=score)


def lead(k: Knowledge, obs: Observation) -> int:
    """Choose a lead (§3.3): draw trumps, cash masters, or lead low."""
    chooser = obs.chooser if obs.chooser is not None else obs.forehand
    my_team_chose = chooser & 1 == k.seat & 1
    for rule in (lambda: lead_trump_to_draw(k, my_team_chose), lambda: lead_master(k)):
        card = rule()
        if card is not None:
            return card
    return lead_low(k)


def play_card(obs: Observation, legal: list[int]) -> int:
    """The card for this position: a lead or a follow (§3.3)."""
    k = Knowledge.of(obs)
    tricks_left = 9 - len(obs.tricks)
    card = lead(k, obs) if not k.trick else follow(k, legal, tricks_left)
    return card if card in legal else discard_choice(k, legal)


__all__ = ["claim_is_true", "choose_contract", "discard_choice", "follow", "lead", "play_card"]
