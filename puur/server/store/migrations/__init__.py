"""The PostgreSQL store's schema migrations (Alembic; ``puur.server.store.postgres.upgrade`` applies them)."""
