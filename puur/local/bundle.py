"""The offline bundle: a pure wheel of the Puur modules that a game on one device needs, for the engine in
the page (Pyodide in a Web Worker: docs/offline-table.md).

Which modules go in is read from the import graph of one entry module (``ENTRY``), not listed by hand, so a
module that moves or a new import follows by itself: every ``import puur...`` the entry reaches, at the top
of a module or inside a function (it may run), and every module a string names in full (the players' loader
imports its built-in players by name: ``puur.bots._BUILTIN_MODULES``). Imports for annotations only (under
``TYPE_CHECKING``) are left out; so is everything outside ``puur``: the bundle is meant to import with the
standard library alone, which ``tests/test_offline_bundle.py`` checks. Package data that a bundled module
reads (the bots' model JSON files) goes with its package.

The wheel is written byte for byte the same from the same sources (fixed timestamps, sorted entries), so
the page's cache, versioned by a hash of what it caches (``manifest.json``), changes only when they do.

    python -m puur.local.bundle OUT_DIR        # writes OUT_DIR/puur.whl and OUT_DIR/manifest.json
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ENTRY = "puur.local.worker"
"""The module the engine worker imports: a table of one person and the scoreboards' tools."""
ROOT = Path(__file__).resolve().parents[2]
"""The repository root (the folder holding the ``puur`` package)."""
DATA_SUFFIXES = (".json",)
"""Package data shipped beside a bundled module (the bots' models)."""
WHEEL_NAME = "puur.whl"
DATE = (2020, 1, 1, 0, 0, 0)
"""Every entry's timestamp: the same sources give the same bytes."""
SHELL_DIRS = ("puur/server/static/table", "puur/server/static/tools")
"""The page's own files, cached beside the engine by the service worker (their hash is in the version)."""
SHELL_FILES = ("puur/server/static/place/key.js", "puur/server/static/page.html")
"""The files of other pages the table loads too (the player's key) and the shell every page begins with
(``puur.server.http.pages``), cached and hashed with them."""
ENGINE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The Pyodide files the engine needs at run time (``make offline`` copies them from node_modules)."""


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The source file of module ``name`` under ``root`` (a package's ``__init__.py``), or None."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node below ``node``, the bodies of ``if TYPE_CHECKING:`` left out."""
    for child in ast.iter_child_nodes(node):
        if _type_checking_only(child):
            continue
        yield child
        yield from _walk(child)


def imported(name: str, path: Path, root: Path = ROOT) -> set[str]:
    """The ``puur`` modules that module ``name`` (its source at ``path``) imports or names in full."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)  # a submodule imported by name
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("puur."):
            found.add(node.value)
    return {m for m in found if m.split(".")[0] == "puur" and module_path(m, root) is not None}


def with_parents(name: str) -> list[str]:
    """``puur.bots.mcts`` -> ``puur``, ``puur.bots``, ``puur.bots.mcts``: importing a module runs its packages."""
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def closure(entry: str = ENTRY, root: Path = ROOT) -> dict[str, Path]:
    """Every module the entry needs, by name, with its source file."""
    todo, seen = [entry], {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_path(name, root)
        if path is None:
            raise ValueError(f"{name} is imported but has no source under {root}")
        seen[name] = path
        for dep in imported(name, path, root):
            todo.extend(m for m in with_parents(dep) if m not in seen)
        todo.extend(m for m in with_parents(name) if m not in seen)
    return dict(sorted(seen.items()))


def bundle_files(entry: str = ENTRY, root: Path = ROOT) -> list[Path]:
    """The sources of the entry's modules and the data files of their packages, sorted."""
    files = {path for path in closure(entry, root).values()}
    for path in list(files):
        if path.name == "__init__.py":
            files.update(p for p in path.parent.iterdir() if p.suffix in DATA_SUFFIXES)
    return sorted(files)


def _record_line(arcname: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def wheel_bytes(files: Iterable[Path], root: Path = ROOT, version: str = "0") -> bytes:
    """A pure wheel (PEP 427) holding ``files`` at their paths under ``root``, the same bytes each time."""
    dist = f"puur-{version}.dist-info"
    entries = [(p.relative_to(root).as_posix(), p.read_bytes()) for p in files]
    entries.append((f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: puur\nVersion: {version}\n".encode()))
    entries.append((f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: puur.local.bundle\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "\n".join([*(_record_line(a, d) for a, d in entries), f"{dist}/RECORD,,"]) + "\n"
    entries.append((f"{dist}/RECORD", record.encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()


def shell_files(root: Path = ROOT) -> list[Path]:
    """The page's and the tools' files (what the service worker caches besides the engine)."""
    return sorted([*(p for d in SHELL_DIRS for p in (root / d).iterdir() if p.is_file()),
                   *(root / f for f in SHELL_FILES)])


def content_hash(parts: Iterable[tuple[str, bytes]]) -> str:
    """A short hash of named contents: the offline cache's version."""
    h = hashlib.sha256()
    for name, data in parts:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def build(out: Path, root: Path = ROOT) -> dict[str, object]:
    """Write ``out/puur.whl`` (only when its bytes change) and ``out/manifest.json``: the version (a hash of
    the wheel, the engine files in ``out`` and the page's files), the wheel's name and size, the modules."""
    out.mkdir(parents=True, exist_ok=True)
    files = bundle_files(root=root)
    wheel = wheel_bytes(files, root)
    target = out / WHEEL_NAME
    if not target.is_file() or target.read_bytes() != wheel:
        target.write_bytes(wheel)
    parts = [(WHEEL_NAME, wheel)]
    parts += [(name, (out / name).read_bytes()) for name in ENGINE_FILES if (out / name).is_file()]
    parts += [(p.relative_to(root).as_posix(), p.read_bytes()) for p in shell_files(root)]
    manifest = {
        "version": content_hash(parts),
        "wheel": WHEEL_NAME,
        "wheel_bytes": len(wheel),
        "engine": [name for name in ENGINE_FILES if (out / name).is_file()],
        "engine_bytes": sum((out / name).stat().st_size for name in ENGINE_FILES if (out / name).is_file()),
        "modules": [p.relative_to(root).as_posix() for p in files],
    }
    text = json.dumps(manifest, indent=1) + "\n"
    path = out / "manifest.json"
    if not path.is_file() or path.read_text() != text:
        path.write_text(text)
    return manifest


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m puur.local.bundle OUT_DIR", file=sys.stderr)
        return 2
    m = build(Path(args[0]))
    print(f"offline bundle {m['version']}: {len(m['modules'])} files, wheel {m['wheel_bytes']:,} bytes")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
