VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

# One virtualenv, one stamp for each set of packages installed in it, so that a lean `make run` never
# keeps `make test` from installing its extras (and `make test` after it only adds them):
#   .installed-serve     `pip install -e .`                          what `puur serve` needs (make run, soak)
#   .installed-postgres  `pip install -e '.[postgres]'`              make run with a PostgreSQL database
#   .installed-test      `pip install -e '.[dev,postgres,rl,ray,learn]'`   the test suite, lint, types, benchmarks
# A larger set covers the smaller ones, so its recipe touches their stamps too.
SERVE_STAMP := $(VENV)/.installed-serve
POSTGRES_STAMP := $(VENV)/.installed-postgres
TEST_STAMP := $(VENV)/.installed-test

# setup.py builds the solver's compiled search core (puur/bots/_solver_core.c) and the playout core
# (puur/core/_playout_core.c), which share their legal moves (puur/core/_legal.h), into the package
INSTALL_INPUTS := pyproject.toml setup.py puur/bots/_solver_core.c puur/core/_playout_core.c puur/core/_legal.h

# `make run DB=PATH|postgresql://...` serves that database (default: puur serve's SQLite file in the user's
# data directory); a PostgreSQL URL, in DB or in PUUR_DB (which puur serve reads itself), adds the extra.
DB ?=
RUN_DB := $(strip $(or $(DB),$(PUUR_DB)))
RUN_STAMP := $(if $(filter postgres%,$(firstword $(subst ://, ,$(RUN_DB)))),$(POSTGRES_STAMP),$(SERVE_STAMP))

.PHONY: run test install install-test lint soak bench clean browser-deps postgres-deps offline

$(PY):
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(SERVE_STAMP): $(INSTALL_INPUTS) | $(PY)
	$(PIP) install --quiet -e .
	touch $@

$(POSTGRES_STAMP): $(INSTALL_INPUTS) | $(PY)
	$(PIP) install --quiet -e '.[postgres]'
	touch $@ $(SERVE_STAMP)

$(TEST_STAMP): $(INSTALL_INPUTS) | $(PY)
	$(PIP) install --quiet -e '.[dev,postgres,rl,ray,learn]'
	touch $@ $(SERVE_STAMP) $(POSTGRES_STAMP)

install: $(SERVE_STAMP)

install-test: $(TEST_STAMP)

# The offline table (docs/offline-table.md): Pyodide from the npm registry, pinned in package-lock.json, and
# the wheel of the Puur modules a game needs, in a folder the server serves (never fetched elsewhere at run
# time). `npm ci` runs only when the lock changes; the bundle writes the wheel, the standard library's zip
# (only the modules the engine needs, from node_modules/pyodide's) and their manifest, each only when its
# bytes change. Without npm the table still works online; the page then never says "offline ready".
OFFLINE_DIR := puur/server/static/table/engine
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json
NPM_STAMP := node_modules/.package-lock.json

$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm not found: the offline table is not built (the table works online)"; exit 0; }
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error

$(OFFLINE_DIR)/%: $(NPM_STAMP)
	@mkdir -p $(OFFLINE_DIR)
	@if [ -f node_modules/pyodide/$* ]; then cp node_modules/pyodide/$* $@; fi

offline: $(addprefix $(OFFLINE_DIR)/,$(PYODIDE_FILES)) | $(PY)
	@$(PY) -m puur.local.bundle $(OFFLINE_DIR)

run: $(RUN_STAMP) offline
	$(VENV)/bin/puur serve --host 127.0.0.1 --port 8000 $(if $(DB),--db '$(DB)')

# Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium; nothing is downloaded by Playwright).
browser-deps:
	@test -x /usr/bin/chromium || { (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed: browser tests will be skipped"; }

# Debian's PostgreSQL server for the tests of several workers sharing one store (tests/pg_cluster.py starts a
# throwaway cluster from its binaries; nothing is started here).
postgres-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) || echo "postgresql could not be installed: the PostgreSQL tests will be skipped"; }

test: $(TEST_STAMP) browser-deps postgres-deps offline
	$(VENV)/bin/ruff check puur tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(VENV)/bin/pytest -n 2 --dist loadfile -q

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check puur tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

soak: $(SERVE_STAMP)
	$(VENV)/bin/python benchmarks/soak.py

bench: $(TEST_STAMP)
	$(VENV)/bin/puur bench engine --seconds 10
	$(VENV)/bin/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build *.egg-info node_modules $(OFFLINE_DIR) puur/bots/_solver_core*.so puur/_playout_core*.so
