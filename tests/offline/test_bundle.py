"""The offline bundle (``puur.local.bundle``): the Puur modules a game on one device needs, read from the
import graph, import and play with the standard library alone, as they must in the engine in the page
(Pyodide has no fastapi, pydantic, httpx, numpy: docs/offline-table.md)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from puur.local.bundle import (
    ENTRY,
    NEVER_RUN,
    PYODIDE_DIR,
    ROOT,
    STDLIB_ZIP,
    build,
    closure,
    source_imports,
    stdlib_sources,
)

# run in a Python with the standard library only (-I: no environment, -S: no site-packages), the unpacked
# bundle first on its path; a whole game with the players the page offers (the learnt one's networks read and
# run in plain Python), a Coiffeur round, the tools
PLAY = """
import json, sys
sys.path.insert(0, sys.argv[1])
import puur.local.worker as w
from puur.bots import make_player
from puur.match.game import Game
from puur.core.profile import RuleProfile
for spec in ("random", "heuristic", "mcts:level=easy", "learned:level=easy"):
    make_player(spec, seed=1)
g = Game(RuleProfile.resolve({"preset": "schieber", "target": 300}), seed=5)
players = [make_player("learned:iters=8,citers=16", seed=0)] + [make_player("heuristic", seed=s) for s in (1, 2, 3)]
while not g.is_over:
    g.apply(players[g.current_seat].act(g.observation(g.current_seat)))
outside = sorted({m.split(".")[0] for m in sys.modules if getattr(sys.modules[m], "__file__", None) and "site-packages" in sys.modules[m].__file__})
print(json.dumps({"scores": list(g.scores), "outside": outside}))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """One build of the bundle for the module (its folder and manifest): a build reads and compresses every
    module of the closure, seconds on a busy machine."""
    out = tmp_path_factory.mktemp("engine")
    return out, build(out)


def test_the_bundle_plays_a_whole_game_with_the_standard_library_alone(
        built: tuple[Path, dict[str, object]], tmp_path: Path) -> None:  # fmt: skip
    engine, manifest = built
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(engine / manifest["wheel"]) as z:  # type: ignore[operator]
        z.extractall(unpacked)
    run = subprocess.run([sys.executable, "-I", "-S", "-c", PLAY, str(unpacked)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout)
    assert max(out["scores"]) >= 300
    assert out["outside"] == []
    # the bots' models travel with their package; nothing of the server, the command line or the data tools
    names = set(manifest["modules"])  # type: ignore[arg-type]
    assert {"puur/bots/hand_model.json", "puur/bots/bidding_model.json", "puur/bots/hand_net.npz", "puur/bots/policy_net.npz"} <= names
    assert not any(n.startswith(("puur/server/", "puur/cli", "puur/data/", "puur/env/")) for n in names)


def test_the_set_follows_the_import_graph_of_the_entry() -> None:
    modules = closure()
    assert ENTRY in modules and "puur.match.game" in modules and "puur.bots.mcts" in modules  # named by a string
    assert "puur.local.bundle" not in modules  # the builder itself stays out


def test_the_same_sources_give_the_same_bytes(built: tuple[Path, dict[str, object]], tmp_path: Path) -> None:
    (engine, a), b = built, build(tmp_path / "b")  # a second build, into another folder
    for name in ("puur.whl", *([STDLIB_ZIP] if (PYODIDE_DIR / STDLIB_ZIP).is_file() else [])):
        assert (engine / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert a["version"] == b["version"]


# What Pyodide's start-up imports besides the wheel's needs (traced: sys.modules in the engine's Pyodide), a
# codec named only in a string among them (zipfile decodes names as "cp437").
STARTUP = ("site", "encodings", "encodings.utf_8", "encodings.cp437", "importlib._bootstrap_external", "zipimport",
           "_pyodide._importhook", "_pyodide.docstring", "pyodide.webloop", "pyodide._package_loader", "pyodide.code",
           "asyncio", "zipfile", "tempfile", "shutil", "traceback", "tokenize", "ast", "inspect")


def stdlib_imports_of_the_wheel(modules: list[str]) -> set[str]:
    """The absolute imports of the wheel's modules (what ``ast`` reads, ``if TYPE_CHECKING:`` bodies left out),
    with each ``from X import Y`` as ``X`` and ``X.Y``."""
    found: set[str] = set()
    for name in modules:
        if not name.endswith(".py"):
            continue
        todo: list[ast.AST] = [ast.parse((ROOT / name).read_text(encoding="utf-8"))]
        while todo:
            node = todo.pop()
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
            todo.extend(ast.iter_child_nodes(node))
    return found


@pytest.mark.skipif(not (PYODIDE_DIR / STDLIB_ZIP).is_file(), reason="the pyodide npm package is not installed")
def test_the_standard_library_ships_what_the_engine_imports_and_no_more(
        built: tuple[Path, dict[str, object]]) -> None:  # fmt: skip
    engine, manifest = built
    with zipfile.ZipFile(PYODIDE_DIR / STDLIB_ZIP) as whole, zipfile.ZipFile(engine / STDLIB_ZIP) as shipped:
        everything, kept = stdlib_sources(whole), stdlib_sources(shipped)
        wanted = {m for m in stdlib_imports_of_the_wheel(manifest["modules"]) if m in everything}  # type: ignore[arg-type]
        assert {"json", "random", "dataclasses", "fractions", "urllib.parse"} <= wanted
        assert wanted - set(kept) == set()
        assert set(STARTUP) - set(kept) == set()
        assert {m for m in everything if m.split(".")[0] in ("_pyodide", "pyodide")} <= set(kept)
        for name, entry in kept.items():  # what a kept module imports is kept too, the modules that never run aside
            package = name if entry.endswith("__init__.py") else name.rpartition(".")[0]
            needs = {m for m in source_imports(shipped.read(entry).decode(), package)
                     if m in everything and not any(m == n or m.startswith(n + ".") for n in NEVER_RUN)}
            assert needs - set(kept) == set(), name
            assert shipped.read(entry) == whole.read(entry)
        assert not {"unittest", "pdb", "pydoc", "multiprocessing", "_pyrepl", "tkinter", "sqlite3"} & set(kept)
    assert (engine / STDLIB_ZIP).stat().st_size < 0.7 * (PYODIDE_DIR / STDLIB_ZIP).stat().st_size
