"""The rules core: cards, rule profiles, the rules functions (legal play, tricks, Weis, Stöck, scoring),
the round and random playouts (RULES.md §§1–13).

Pure Python with no third-party import and nothing of Puur above it, so that it runs wherever Python
does, a browser's Pyodide included; the compiled playout core beside it is optional and answers the same.
"""
