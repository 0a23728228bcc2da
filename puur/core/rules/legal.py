"""Legal moves for both families of RULES.md §7, driven by the profile's options (§7.4, §14.1).

Options read: ``trump_allowed_when_able_to_follow``, ``undertrump``, ``undertrump_ban_when_partner_leads``,
``must_overtrump``, ``overtrump_on_trump_lead``, ``lone_puur_may_be_kept``.

The CLASSIC family (S000, S001, S004) allows trumping while able to follow, bans undertrumping unless the
hand is all trumps (S000: also when the partner is winning) and lets a lone Puur be kept on a trump lead.
The JASVEL family (J08, J13) has strict Farbzwang, a compulsory overtrump with any higher non-Puur trump
(the Puur is exempt, §7.3 rule 4), allows undertrumping when no overtrump is compulsory, and a lone Puur
must be played on a trump lead.

>>> from puur.core.cards import Card, Contract, mask_of, cards_of
>>> from puur.core.profile import RuleProfile
>>> hand = mask_of([Card.C8, Card.HJ, Card.H6])
>>> cards_of(legal_moves(hand, [Card.CA, Card.H9], Contract.H, RuleProfile.preset("schieber")))
[Card.C8, Card.HJ]
>>> cards_of(legal_moves(hand, [Card.CA, Card.H9], Contract.H, RuleProfile.preset("jasvel")))
[Card.C8]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from puur.core.cards import SUIT_MASKS, SUIT_NAMES, TRUMP_INDEX, Card, CardIndex, CardSet, Contract
from puur.core.profile import RuleProfile
from puur.core.rules.beats import HIGHER_TRUMPS
from puur.core.rules.tables import PUUR_BITS, TRUMP_STRENGTH
from puur.core.rules.trick import trick_winner


def highest_trump(trick: Sequence[CardIndex], trump: int) -> CardIndex:
    """The strongest trump card in ``trick`` or -1 (RULES.md §5: the order of the trumps). The legal moves'
    overtrump rules and the inference from play (``puur.info.inference``) both read it."""
    best, best_s = -1, -1
    for c in trick:
        if c // 9 == trump:
            s = TRUMP_STRENGTH[c % 9]
            if s > best_s:
                best, best_s = c, s
    return best


def legal_moves(hand: CardSet, trick: Sequence[CardIndex], contract: Contract, profile: RuleProfile) -> CardSet:
    """The playable cards of ``hand`` (a card set) when ``trick`` has been played so far.

    Never empty when ``hand`` is not empty. See the module docstring for the rules and options.
    """
    if not trick:
        return hand
    led = trick[0] // 9
    follow = hand & SUIT_MASKS[led]
    t = TRUMP_INDEX[contract]
    if t < 0:  # Obenabe, Undenufe, Slalom, Guschti: follow suit if you can (§7.1)
        return follow or hand
    trumps = hand & SUIT_MASKS[t]
    puur = PUUR_BITS[t]
    if led == t:  # trump led
        if not trumps:
            return hand
        if trumps == puur and profile.lone_puur_may_be_kept:
            return hand  # §7.2 rule 3: a lone Puur may be kept
        if profile.must_overtrump and profile.overtrump_on_trump_lead:
            over = trumps & HIGHER_TRUMPS[highest_trump(trick, t)]
            if over & ~puur:
                return over  # §7.3 rule 5
        return trumps
    # a plain suit led
    if follow:
        legal = (follow | trumps) if profile.trump_allowed_when_able_to_follow else follow
    else:
        legal = hand
    if not legal & trumps:
        return legal
    high = highest_trump(trick, t)
    if high < 0:
        return legal
    over = trumps & HIGHER_TRUMPS[high]
    if profile.must_overtrump and not follow and over & ~puur:
        return over  # §7.3 rule 3: compulsory overtrump; the Puur alone never forces it
    lower = trumps & ~over
    if profile.undertrump == "banned_unless_only_trumps":
        if hand != trumps and (
            profile.undertrump_ban_when_partner_leads is not False or not _partner_winning(trick, contract)
        ):
            legal &= ~lower  # §7.2 rule 2
    elif over & ~puur:
        legal &= ~lower  # allowed_unless_can_overtrump, without a compulsory overtrump
    return legal


def _partner_winning(trick: Sequence[CardIndex], contract: Contract) -> bool:
    return len(trick) >= 2 and trick_winner(trick, contract) == len(trick) - 2


def suit_label(suit: int) -> str:
    """A suit named in both decks, e.g. ``Rosen/hearts``, so a reason reads right whichever deck is on."""
    return f"{SUIT_NAMES['swiss']['de'][suit]}/{SUIT_NAMES['french']['en'][suit].lower()}"


REFUSAL_TEXTS: dict[str, str] = {
    "not_in_hand": "{card} is not in your hand",
    "follow_suit": "you must follow {suit}: you hold {held}",
    "trump_led": "trump ({suit}) was led and you hold trumps: you must play a trump",
    "overtrump": "you must overtrump the {high}: you hold a higher trump",
    "trump_only_when_void": "you must follow {suit} (you hold {held}); you may trump only when you cannot follow",
    "undertrump": "{card} would undertrump the {high}: undertrumping is not allowed while you hold other cards",
}
"""Every refusal code of ``refusal`` and its English sentence. Parameters: ``card`` (the card refused),
``suit`` (the suit led, one of C D H S), ``held`` (the cards of that suit in the hand, codes), ``high`` (the
strongest trump in the trick). A page translates the code and its parameters, never the sentence."""


@dataclass(frozen=True)
class Refusal:
    """Why a card may not be played: a stable ``code`` (a key of ``REFUSAL_TEXTS``) and its parameters,
    cards as their codes ("H10") and the suit as its letter, so any language and deck can name them."""

    code: str
    params: dict[str, str | list[str]] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The refusal in English, suits named in both decks (``Rosen/hearts``)."""
        words = {k: ", ".join(v) if isinstance(v, list) else v for k, v in self.params.items()}
        if "suit" in words:
            words["suit"] = suit_label("CDHS".index(words["suit"]))
        return REFUSAL_TEXTS[self.code].format(**words)


def refusal(
    card: CardIndex, hand: CardSet, trick: Sequence[CardIndex], contract: Contract, profile: RuleProfile
) -> Refusal | None:
    """None if ``card`` may be played, else the rule that forbids it (RULES.md §7.1 following suit, §7.2
    trumping and undertrumping, §7.3 the compulsory overtrump), as a code and its parameters."""
    name = str(Card(card))
    if not hand >> card & 1:
        return Refusal("not_in_hand", {"card": name})
    legal = legal_moves(hand, trick, contract, profile)
    if legal >> card & 1:
        return None
    led = trick[0] // 9
    suit = "CDHS"[led]
    follow = hand & SUIT_MASKS[led]
    held = [str(Card(c)) for c in range(36) if follow >> c & 1]
    t = TRUMP_INDEX[contract]
    if t < 0:
        return Refusal("follow_suit", {"card": name, "suit": suit, "held": held})
    trumps = hand & SUIT_MASKS[t]
    top = highest_trump(trick, t)
    high = str(Card(top)) if top >= 0 else ""
    if led == t:
        if card // 9 == t:
            return Refusal("overtrump", {"card": name, "high": high})
        return Refusal("trump_led", {"card": name, "suit": suit})
    if card // 9 == t:
        if follow and not profile.trump_allowed_when_able_to_follow:
            return Refusal("trump_only_when_void", {"card": name, "suit": suit, "held": held})
        if legal & trumps and not legal & ~trumps and profile.must_overtrump:
            return Refusal("overtrump", {"card": name, "high": high})
        return Refusal("undertrump", {"card": name, "high": high})
    if follow:
        return Refusal("follow_suit", {"card": name, "suit": suit, "held": held})
    return Refusal("overtrump", {"card": name, "high": high})


def why_illegal(
    card: CardIndex, hand: CardSet, trick: Sequence[CardIndex], contract: Contract, profile: RuleProfile
) -> str | None:
    """None if ``card`` may be played, else the rule that forbids it, in words a player understands
    (English; ``refusal`` gives the same as a code for other languages)."""
    r = refusal(card, hand, trick, contract, profile)
    return None if r is None else r.text
