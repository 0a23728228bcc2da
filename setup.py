"""The one compiled part of Puur: the solver's search core (``puur/bots/_solver_core.c``).

Everything else is declared in pyproject.toml. The extension is optional: without a C compiler the
install goes on and ``puur.bots.solver`` searches in Python (slower, same answers).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "puur.bots._solver_core",
            ["puur/bots/_solver_core.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
