"""The scripts of ``benchmarks/`` as modules, for their tests: they are not a package (each runs as
``python benchmarks/NAME.py``), so a test loads one from its file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as the module ``<name>_bench``, registered in ``sys.modules`` as an
    import would register it (dataclasses and pickle look a class's module up there)."""
    spec = importlib.util.spec_from_file_location(f"{name}_bench", BENCHMARKS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
