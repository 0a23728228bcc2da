"""The rules core: pure functions over card sets (RULES.md §5-§12). Everything else calls these."""

from puur.core.rules.chalk import Marks, parse_marks, to_marks
from puur.core.rules.legal import legal_moves, why_illegal
from puur.core.rules.scoring import Crossing, RoundScore, crossing, games_won, is_schneider, round_score
from puur.core.rules.stoeck import has_stoeck, stoeck_cards
from puur.core.rules.trick import card_points, trick_points, trick_winner
from puur.core.rules.weis import Declaration, Meld, WeisResult, declaration, meld_key, resolve_weis

__all__ = [
    "Crossing", "Declaration", "Marks", "Meld", "RoundScore", "WeisResult",
    "card_points", "crossing", "declaration", "games_won", "has_stoeck", "is_schneider", "legal_moves",
    "meld_key", "parse_marks", "resolve_weis", "round_score", "stoeck_cards", "to_marks", "trick_points",
    "trick_winner", "why_illegal",
]  # fmt: skip
