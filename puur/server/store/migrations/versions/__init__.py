"""Alembic revision scripts, oldest first (Alembic skips this file)."""
