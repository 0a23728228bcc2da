"""The compiled parts of Puur: the solver's search core (``puur/bots/_solver_core.c``) and the playout
core of random rounds and of the search's playout policy (``puur/core/_playout_core.c``), which share their
legal moves (``puur/core/_legal.h``).

Everything else is declared in pyproject.toml. The extensions are optional: without a C compiler the
install goes on, ``puur.bots.solver`` searches in Python and ``puur.core.playout`` plays its rounds in Python
(slower, same answers).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "puur.bots._solver_core",
            ["puur/bots/_solver_core.c"],
            depends=["puur/core/_legal.h"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "puur.core._playout_core",
            ["puur/core/_playout_core.c"],
            depends=["puur/core/_legal.h"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ]
)
