"""A table on one device, without the server: what the engine in the page answers (docs/offline-table.md)."""
