"""The routes: each reads a request, asks the live table, the tools or the rules, and translates the answer
(docs/architecture.md). Nothing here decides what the table does."""
