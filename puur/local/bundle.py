"""The offline bundle: a pure wheel of the Puur modules that a game on one device needs, for the engine in
the page (Pyodide in a Web Worker: docs/offline-table.md).

Which modules go in is read from the import graph of one entry module (``ENTRY``), not listed by hand, so a
module that moves or a new import follows by itself: every ``import puur...`` the entry reaches, at the top
of a module or inside a function (it may run), and every module a string names in full (the players' loader
imports its built-in players by name: ``puur.bots._BUILTIN_MODULES``). Imports for annotations only (under
``TYPE_CHECKING``) are left out; so is everything outside ``puur``: the bundle is meant to import with the
standard library alone, which ``tests/offline/test_bundle.py`` checks. Package data that a bundled module
reads (the bots' model JSON files and networks) goes with its package.

Pyodide's standard library (``python_stdlib.zip``, 2.5 MB in the npm package) ships with only the modules
the engine can import, about half of it. The set is made from the zip's own sources, an over-approximation:

- the roots: Pyodide's start-up (its ``_pyodide`` and ``pyodide`` packages whole, whose modules its JavaScript
  imports by name; ``site``, the codecs' package, the import machinery: ``STARTUP_PACKAGES``,
  ``STARTUP_MODULES``) and every module the wheel's modules import, outside ``puur``;
- then every module a kept one imports, at the top or inside a function, and every package a kept module is
  in, read line by line (``source_imports``: the zip is Pyodide's Python, whose grammar may be newer than the
  builder's), imports under ``if TYPE_CHECKING:`` left out;
- and the codecs a kept module names in a string (``zipfile`` decodes names as ``"cp437"``): a codec is found
  by name when it is used, never by an import statement;
- less ``NEVER_RUN``: the terminal's REPL, the debugger, the test and documentation runners, processes and
  subinterpreters, which nothing in a worker starts, and what only they import.

Traced in Chromium (``sys.modules`` in the engine's Pyodide 314.0.8 after start-up, the wheel unpacked, games
of every form with every computer, hint, undo, why, the record, the scoreboards' tools, refusals), the engine
imports 161 modules of the zip; the kept set holds them all, with room (290 of its 559). The offline tests
hold that the zip keeps what the static pass finds; the browser tests play in it.

The wheel and the zip are written byte for byte the same from the same sources (fixed timestamps, sorted
entries), so the page's cache, versioned by a hash of what it caches (``manifest.json``), changes only when
they do.

    python -m puur.local.bundle OUT_DIR        # writes OUT_DIR/puur.whl, python_stdlib.zip and manifest.json
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import re
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ENTRY = "puur.local.worker"
"""The module the engine worker imports: a table of one person and the scoreboards' tools."""
ROOT = Path(__file__).resolve().parents[2]
"""The repository root (the folder holding the ``puur`` package)."""
DATA_SUFFIXES = (".json", ".npz")
"""Package data shipped beside a bundled module (the bots' models and networks)."""
WHEEL_NAME = "puur.whl"
DATE = (2020, 1, 1, 0, 0, 0)
"""Every entry's timestamp: the same sources give the same bytes."""
SHELL_DIRS = ("puur/server/static/table", "puur/server/static/tools")
"""The page's own files, cached beside the engine by the service worker (their hash is in the version)."""
SHELL_FILES = ("puur/server/static/place/key.js", "puur/server/static/page.html")
"""The files of other pages the table loads too (the player's key) and the shell every page begins with
(``puur.server.http.pages``), cached and hashed with them."""
ENGINE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The Pyodide files the engine needs at run time (``make offline`` copies them from node_modules, the standard
library's zip trimmed here: ``stdlib_zip_bytes``)."""
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
"""The pinned ``pyodide`` npm package (``package-lock.json``): the whole standard library's zip is read there."""
STDLIB_ZIP = "python_stdlib.zip"
STARTUP_PACKAGES = ("_pyodide", "pyodide")
"""Pyodide's own packages, kept whole: its JavaScript imports their modules by name at start-up and when it
unpacks the wheel (``pyodide.code``, ``pyodide._package_loader``, ``_pyodide.docstring``...), not through an
import statement a static pass would see."""
STARTUP_MODULES = ("site", "encodings", "importlib._bootstrap", "importlib._bootstrap_external", "zipimport")
"""The rest of what CPython's own start-up imports (the paths, the codecs' package, the import machinery, frozen
in the interpreter but with their sources in the zip for tracebacks)."""
NEVER_RUN = ("_pyrepl", "pdb", "bdb", "pydoc", "doctest", "unittest", "multiprocessing", "concurrent.futures.process",
             "concurrent.futures.interpreter", "concurrent.interpreters")
"""Standard-library packages that cannot run in the engine, left out with the imports that only they make:
the terminal's REPL (a worker has no terminal), the debugger and the documentation and test runners (nothing
in the engine starts them), other processes and interpreters (WebAssembly has neither)."""


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


def _imports(tree: ast.Module, package: str) -> set[str]:
    """The modules a parsed module imports, at the top or inside a function (it may run), relative imports
    made absolute against ``package``; ``from X import Y`` names ``X`` and ``X.Y`` (Y may be a submodule)."""
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
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def imported(name: str, path: Path, root: Path = ROOT) -> set[str]:
    """The ``puur`` modules that module ``name`` (its source at ``path``) imports or names in full."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = _imports(tree, package)
    found.update(node.value for node in _walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("puur."))
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


_TYPE_CHECKING_LINE = re.compile(r"if\s+(?:typing\.)?TYPE_CHECKING\s*:")
_IMPORT_LINE = re.compile(r"import\s+(?P<names>.+)|from\s+(?P<base>\.*[\w.]*)\s+import\s+(?P<what>.+)")


def _statements(source: str) -> Iterator[str]:
    """The import statements of a module's source, read line by line (a statement continued in parentheses
    or after a backslash joined), the bodies of ``if TYPE_CHECKING:`` left out. Lines, not ``ast``: the
    standard library in the zip is the one of Pyodide's Python, whose grammar may be newer than the Python
    that builds; a docstring line that reads like an import only keeps more (an over-approximation)."""
    lines = source.splitlines()
    skip_deeper_than: int | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        text = line.lstrip()
        indent = len(line) - len(text)
        if skip_deeper_than is not None:
            if not text or text.startswith("#") or indent > skip_deeper_than:
                continue
            skip_deeper_than = None
        if _TYPE_CHECKING_LINE.match(text):
            skip_deeper_than = indent
            continue
        if not text.startswith(("import ", "from ")):
            continue
        statement = text.split("#")[0]
        while i < len(lines) and (statement.count("(") > statement.count(")") or statement.rstrip().endswith("\\")):
            statement = statement.rstrip().rstrip("\\") + " " + lines[i].split("#")[0]
            i += 1
        yield statement.split(";")[0]


def source_imports(source: str, package: str) -> set[str]:
    """The modules a standard-library module (its source, in ``package``) imports, as ``_imports`` reads
    them: at the top or inside a function, relative imports made absolute, ``from X import Y`` naming ``X``
    and ``X.Y``."""
    found: set[str] = set()
    for statement in _statements(source):
        m = _IMPORT_LINE.match(statement)
        if m is None:
            continue
        if m["names"] is not None:
            found.update(part.split()[0] for part in m["names"].split(",") if part.split())
            continue
        base = m["base"]
        level = len(base) - len(base.lstrip("."))
        if level:
            parts = package.split(".")
            rest = base.lstrip(".")
            base = ".".join(parts[: len(parts) - level + 1] + ([rest] if rest else []))
        found.add(base)
        names = m["what"].replace("(", " ").replace(")", " ").replace("\\", " ")
        found.update(f"{base}.{part.split()[0]}" for part in names.split(",") if part.split())
    return {name for name in found if re.fullmatch(r"[\w.]+", name) and not name.startswith(".")}


def stdlib_sources(stdlib: zipfile.ZipFile) -> dict[str, str]:
    """The modules of the standard library's zip by name, with their entry (``json/__init__.py`` is ``json``)."""
    sources = {}
    for entry in stdlib.namelist():
        if entry.endswith(".py"):
            name = entry[: -len(".py")].replace("/", ".")
            sources[name.removesuffix(".__init__")] = entry
    return sources


def _never_runs(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in NEVER_RUN)


_ALIAS = re.compile(r"""['"]([\w.]+)['"]\s*:\s*['"](\w+)['"]""")
_STRING = re.compile(r"""['"]([A-Za-z][\w.\- ]{1,30})['"]""")


def codecs_named(texts: Iterable[str], sources: dict[str, str], aliases_source: str) -> set[str]:
    """The codec modules (``encodings.X``) that some text names in a string (``b.decode("cp437")``,
    ``encoding="utf-8"``), by the module's name or one of its aliases (``encodings/aliases.py``), spelled as
    the codecs' search normalizes it: a codec is found by a name at run time, never imported by a statement."""
    aliases = dict(_ALIAS.findall(aliases_source))
    found = set()
    for text in texts:
        for literal in _STRING.findall(text):
            key = re.sub(r"[^\w.]+", "_", literal.lower()).strip("_")
            module = f"encodings.{aliases.get(key, key)}"
            if module in sources:
                found.add(module)
    return found


def stdlib_needs(stdlib: zipfile.ZipFile, modules: dict[str, Path]) -> set[str]:
    """The standard-library modules the engine needs: Pyodide's start-up and what the wheel's ``modules``
    (``closure``) import, followed through the zip's sources (at the top or inside a function), with every
    package a module is in and the codecs any of them names, ``NEVER_RUN`` left out; an over-approximation."""
    sources = stdlib_sources(stdlib)
    aliases = stdlib.read("encodings/aliases.py").decode("utf-8")
    texts = {name: path.read_text(encoding="utf-8") for name, path in modules.items()}
    todo = [*(m for m in sources if m.split(".")[0] in STARTUP_PACKAGES), *STARTUP_MODULES]
    for name, text in texts.items():
        package = name if modules[name].name == "__init__.py" else name.rpartition(".")[0]
        todo.extend(_imports(ast.parse(text), package))
    needed: set[str] = set()
    while todo:  # the modules imported, then the codecs they name (and what those import), until none is new
        for name in with_parents(todo.pop()):
            if name in needed or name not in sources or _never_runs(name):
                continue
            needed.add(name)
            text = texts[name] = stdlib.read(sources[name]).decode("utf-8")
            package = name if sources[name].endswith("__init__.py") else name.rpartition(".")[0]
            todo.extend(source_imports(text, package))
        if not todo:
            named = (text for name, text in texts.items() if name != "encodings.aliases")  # the names' table, no use
            todo.extend(codecs_named(named, sources, aliases) - needed)
    return needed


def stdlib_zip_bytes(source: Path, modules: dict[str, Path]) -> bytes:
    """The standard library's zip with only the modules ``stdlib_needs`` keeps, their packages' folders and
    other files (``py.typed``), the same bytes each time (sorted entries, fixed timestamps)."""
    with zipfile.ZipFile(source) as stdlib:
        sources = stdlib_sources(stdlib)
        kept = {sources[m] for m in stdlib_needs(stdlib, modules)}
        folders = {entry.rpartition("/")[0] + "/" for entry in kept if "/" in entry}
        kept |= folders
        kept |= {e for e in stdlib.namelist() if not e.endswith((".py", "/")) and e.rpartition("/")[0] + "/" in folders}
        return zip_bytes((e, b"" if e.endswith("/") else stdlib.read(e)) for e in sorted(kept))


def zip_bytes(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of ``entries`` (name, bytes; a name ending in ``/`` is a folder) in their order, every entry
    with the same timestamp and mode, so that the same entries give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()


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
    return zip_bytes(entries)


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


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` only when the file holds other bytes: its time stays, and so does the server's version."""
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)


def build(out: Path, root: Path = ROOT, pyodide: Path = PYODIDE_DIR) -> dict[str, object]:
    """Write ``out/puur.whl``, ``out/python_stdlib.zip`` (trimmed from ``pyodide``'s, where it is there) and
    ``out/manifest.json`` (each only when its bytes change): the version (a hash of the wheel, the engine files
    in ``out`` and the page's files), the wheel's name and size, the modules, the standard library's kept."""
    out.mkdir(parents=True, exist_ok=True)
    files = bundle_files(root=root)
    wheel = wheel_bytes(files, root)
    _write_if_changed(out / WHEEL_NAME, wheel)
    if (pyodide / STDLIB_ZIP).is_file():
        _write_if_changed(out / STDLIB_ZIP, stdlib_zip_bytes(pyodide / STDLIB_ZIP, closure(root=root)))
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
    _write_if_changed(out / "manifest.json", (json.dumps(manifest, indent=1) + "\n").encode())
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
