"""The PostgreSQL store's schema migrations (Alembic; ``puur.server.store_sql.upgrade`` applies them)."""
