"""docs/architecture.md's picture is the code's: drawn from the imports by docs/import_graph.py, every arrow
pointing from a layer down to one below it (import-linter's contracts hold the boundaries one by one)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _import_graph() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "docs" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_s_picture_is_drawn_from_the_imports() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    drawn = re.search(r"```mermaid\n(.*?)\n```", page, re.S)
    assert drawn is not None, "docs/architecture.md holds no mermaid picture"
    assert drawn.group(1) == _import_graph().mermaid(), "run: .venv/bin/python docs/import_graph.py"


def test_every_import_between_layers_points_down() -> None:
    graph = _import_graph()
    order = list(graph.LAYERS)
    up = [(a, b) for a, b in graph.arrows() if order.index(a) <= order.index(b)]
    assert up == []
    assert ("server: live table", "server: store") in graph.arrows()  # the check sees real arrows


def test_a_module_outside_every_layer_is_named() -> None:
    graph = _import_graph()
    assert graph.layer_of("puur.server.live.tables") == "server: live table"
    assert graph.layer_of("puur.server.http.games") == "server: routes"
    try:
        graph.layer_of("elsewhere.module")
    except ValueError as e:
        assert "LAYERS" in str(e)
    else:
        raise AssertionError("a module in no layer was given one")
