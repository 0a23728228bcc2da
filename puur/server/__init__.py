"""The web server: FastAPI app with the table, tools, HTTP API (``/api/v1``) and MCP endpoint."""

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
"""The page's, the tools' and the docs' files, served as they are (the HTML pages after the shell every page
begins with: ``puur.server.http.pages``)."""
