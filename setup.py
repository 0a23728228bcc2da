"""The compiled parts of Puur: the solver's search core (``puur/bots/_solver_core.c``) and the playout
core of random rounds and of the search's playout policy (``puur/core/_playout_core.c``), which share their
legal moves (``puur/core/_legal.h``).

Everything else is declared in pyproject.toml. The extensions are optional: without a C compiler the
install goes on, ``puur.bots.solver`` searches in Python and ``puur.core.playout`` plays its rounds in Python
(slower, same answers).
"""

from setuptools import Extension, setup

# Each compiled core and its source; both are built alike and share the legal moves' header.
CORES = {
    "puur.bots._solver_core": "puur/bots/_solver_core.c",
    "puur.core._playout_core": "puur/core/_playout_core.c",
}

setup(
    ext_modules=[
        Extension(name, [source], depends=["puur/core/_legal.h"], extra_compile_args=["-O2"], optional=True)
        for name, source in CORES.items()
    ]
)
