"""The picture of docs/architecture.md: Puur's layers and which imports which, drawn from the code's imports.

    .venv/bin/python docs/import_graph.py          # prints the Mermaid flowchart the page holds

Every module of ``puur`` belongs to one layer (``LAYERS``, by the longest matching name); an arrow is drawn
from a layer to another when a module of the first imports one of the second when the code runs (imports
made only for type annotations left out, as ``lint-imports`` reads them; an import of a compiled core,
which the graph sees as one of the package itself, too). ``puur/__init__.py`` re-exports the match's names
(``Game``, ``Observation``), so the package itself is of the match. ``tests/test_architecture.py``
holds the page's picture equal to this script's, and every arrow pointing down the list.
"""

from __future__ import annotations

import grimp

LAYERS: dict[str, tuple[str, ...]] = {
    "rules core": ("puur.core",),
    "information": ("puur.info",),
    "oracle": ("puur.oracle", "puur.schema_types", "puur.ops"),
    "scoreboards": ("puur.tools",),
    "match": ("puur", "puur.match"),
    "players": ("puur.bots",),
    "open data": ("puur.data",),
    "research": ("puur.env", "puur.lab"),
    "table: seats, views, help": ("puur.table",),
    "table on one device (offline)": ("puur.local",),
    "server: store": ("puur.server.store",),
    "server: settings": ("puur.server.policy", "puur.server.serving", "puur.server.http_protocol"),
    "server: live table": ("puur.server.live",),
    "server: routes": ("puur.server",),
    "command line": ("puur.cli",),
}
"""The layers, lowest first, and the module names each holds."""


def layer_of(module: str) -> str:
    """The layer of ``module``: the one with the longest name that is the module or a package above it."""
    best, length = "", -1
    for layer, names in LAYERS.items():
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > length:
                best, length = layer, len(name)
    if not best:
        raise ValueError(f"{module} is in no layer: add it to LAYERS")
    return best


def arrows() -> list[tuple[str, str]]:
    """(importer's layer, imported layer) for every pair of layers with a run-time import between them."""
    graph = grimp.build_graph("puur", exclude_type_checking_imports=True)
    found = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported == "puur":  # the compiled cores (puur.core._playout_core, ...), which the graph cannot read
                continue
            a, b = layer_of(module), layer_of(imported)
            if a != b:
                found.add((a, b))
    order = list(LAYERS)
    return sorted(found, key=lambda ab: (order.index(ab[0]), order.index(ab[1])))


def mermaid() -> str:
    """The flowchart, top layer first."""
    ids = {layer: f"L{i}" for i, layer in enumerate(LAYERS)}
    lines = ["flowchart BT"]
    lines += [f'  {ids[layer]}["{layer}"]' for layer in LAYERS]
    lines += [f"  {ids[a]} --> {ids[b]}" for a, b in arrows()]
    return "\n".join(lines)


if __name__ == "__main__":
    print(mermaid())
