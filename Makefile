VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: run test install lint soak bench clean browser-deps postgres-deps

# setup.py builds the solver's compiled search core (puur/bots/_solver_core.c) and the playout core
# (puur/_playout_core.c) into the package
$(STAMP): pyproject.toml setup.py puur/bots/_solver_core.c puur/_playout_core.c
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[dev,rl,ray]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/puur serve --host 127.0.0.1 --port 8000

# Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium; nothing is downloaded by Playwright).
browser-deps:
	@test -x /usr/bin/chromium || { (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed: browser tests will be skipped"; }

# Debian's PostgreSQL server for the tests of several workers sharing one store (tests/pg_cluster.py starts a
# throwaway cluster from its binaries; nothing is started here).
postgres-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) || echo "postgresql could not be installed: the PostgreSQL tests will be skipped"; }

test: $(STAMP) browser-deps postgres-deps
	$(VENV)/bin/ruff check puur tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -n 2 --dist loadfile -q

lint: $(STAMP)
	$(VENV)/bin/ruff check puur tests benchmarks
	$(VENV)/bin/mypy

soak: $(STAMP)
	$(VENV)/bin/python benchmarks/soak.py

bench: $(STAMP)
	$(VENV)/bin/puur bench engine --seconds 10
	$(VENV)/bin/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build *.egg-info puur/bots/_solver_core*.so puur/_playout_core*.so
