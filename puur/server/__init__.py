"""The web server: FastAPI app with the table, tools, HTTP API (``/api/v1``) and MCP endpoint."""
