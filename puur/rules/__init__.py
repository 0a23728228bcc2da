"""The rules core: pure functions over card sets (RULES.md §5-§12). Everything else calls these."""

from puur.rules.chalk import Marks, parse_marks, to_marks
from puur.rules.legal import legal_moves, why_illegal
from puur.rules.scoring import Crossing, RoundScore, crossing, games_won, is_schneider, round_score
from puur.rules.stoeck import has_stoeck, stoeck_cards
from puur.rules.trick import card_points, trick_points, trick_winner
from puur.rules.weis import Declaration, Meld, WeisResult, declaration, meld_key, resolve_weis

__all__ = [
    "Crossing", "Declaration", "Marks", "Meld", "RoundScore", "WeisResult",
    "card_points", "crossing", "declaration", "games_won", "has_stoeck", "is_schneider", "legal_moves",
    "meld_key", "parse_marks", "resolve_weis", "round_score", "stoeck_cards", "to_marks", "trick_points",
    "trick_winner", "why_illegal",
]  # fmt: skip
