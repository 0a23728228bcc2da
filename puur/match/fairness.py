"""Fair deals: seeds nobody can guess, and a commitment that fixes them before the first card.

Every deal of a match comes from one seed (``Game``: ``random.Random(seed)`` shuffles before each round,
RULES.md §3.1). A seed drawn by ``random.randrange(2**31)`` could be found from one's own nine cards by
trying them all, and with it every hand of every round; Puur draws its seeds with ``secrets``
(``SEED_BITS`` = 64 bits: far too many to try).

The commitment. Before the first card a match shows

    commitment = SHA-256 of the ASCII text ``puur-seed-v1:SALT:SEED``

(lowercase hex digest), where ``SALT`` is 32 lowercase hex digits drawn with ``secrets`` for this match and
``SEED`` the seed in decimal. The record written at the end reveals the seed and the salt, so anyone can
recompute the hash (``printf 'puur-seed-v1:%s:%s' SALT SEED | sha256sum``) and replay the deals: the deals
were fixed before the first card and not chosen against anyone while the match went on (``puur verify``).
The salt keeps a small seed chosen by a client (``seed=7``) from being looked up from its commitment; it
is secret until the end like the seed.

>>> commitment_text(7, "00" * 16)
'puur-seed-v1:00000000000000000000000000000000:7'
>>> seed_commitment(7, "00" * 16)
'bc1273eb19d7b86b17a5bf6b90a5e93464850e605b68ed2f711e60f07b504022'
"""

from __future__ import annotations

import hashlib
import re
import secrets

SEED_BITS = 64
"""Bits of a drawn seed (``secrets.randbits``)."""
SALT_HEX_DIGITS = 32
"""A salt is 128 bits, written as 32 lowercase hex digits."""
COMMITMENT_SCHEME = "puur-seed-v1"
"""The prefix of the hashed text; a different encoding would get a different name."""
SEED_SOURCES = ("drawn", "chosen")
"""``drawn``: by Puur with ``secrets``; ``chosen``: given by whoever created the match (a client's seed)."""

_SALT = re.compile(rf"[0-9a-f]{{{SALT_HEX_DIGITS}}}")


def draw_seed() -> int:
    """A fresh seed of ``SEED_BITS`` bits from the operating system's secure source."""
    return secrets.randbits(SEED_BITS)


def draw_salt() -> str:
    """A fresh salt: ``SALT_HEX_DIGITS`` lowercase hex digits from the secure source."""
    return secrets.token_hex(SALT_HEX_DIGITS // 2)


def check_seed(seed: object) -> int:
    """The seed if it is a whole number >= 0, else ``ValueError`` saying what is wrong."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, got {seed!r}")
    return seed


def check_salt(salt: object) -> str:
    """The salt if it is ``SALT_HEX_DIGITS`` lowercase hex digits, else ``ValueError``."""
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        raise ValueError(f"a salt is {SALT_HEX_DIGITS} lowercase hex digits, got {salt!r}")
    return salt


def commitment_text(seed: int, salt: str) -> str:
    """The text whose SHA-256 is the commitment: ``puur-seed-v1:SALT:SEED`` (seed in decimal)."""
    return f"{COMMITMENT_SCHEME}:{check_salt(salt)}:{check_seed(seed)}"


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed``: SHA-256 (lowercase hex) of ``commitment_text(seed, salt)``."""
    return hashlib.sha256(commitment_text(seed, salt).encode("ascii")).hexdigest()


__all__ = [
    "COMMITMENT_SCHEME", "SALT_HEX_DIGITS", "SEED_BITS", "SEED_SOURCES", "check_salt", "check_seed",
    "commitment_text", "draw_salt", "draw_seed", "seed_commitment",
]  # fmt: skip
