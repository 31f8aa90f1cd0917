# museion - the two set-up commands are `make run` and `make test` (they create .venv and install what they need).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run play test bench lint clean browser mutation compiled catalogues

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[web,compiled]"
	$(BIN)/python tools/catalogues.py compile
	touch $@

$(VENV)/.test: pyproject.toml examples/nim/pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev,web,rl,arena,ray,bench,learn,sb3]"
	$(BIN)/pip install --quiet -e examples/nim
	$(BIN)/python tools/catalogues.py compile
	touch $@

## compiled: the engines compiled with mypyc: the compiled wheel (setup.py) into build/wheel/, its extensions into
## build/compiled/ (skipped when current; without a C compiler museion runs its pure-Python build, and so does any
## run with MUSEION_PURE=1; see museion/native.py and docs/packaging.md)
compiled: $(VENV)/.run
	$(BIN)/python tools/compile.py

## make run: the main job, the web table on http://$(HOST):$(PORT)/ with the SQLite file ./museion.db
## (compiled engines where a C compiler is; a failed build falls back to the pure build silently)
run: $(VENV)/.run
	-@$(BIN)/python tools/compile.py >/dev/null 2>&1
	$(BIN)/museion serve --host $(HOST) --port $(PORT) --db sqlite:///museion.db

## make play: a terminal game of Tholos against a bot
play: $(VENV)/.run
	-@$(BIN)/python tools/compile.py >/dev/null 2>&1
	$(BIN)/museion play tholos --seat 0=human --seat 1=bot:random

## make test: install the test dependencies, type-check (mypy --strict), then on both cores: the pure pass (every
## test) while the compiled build is made, then the engine tests on the compiled build and the packaging tests
## (tools/test.sh says which and why). Without a C compiler only the pure pass runs (said so).
test: $(VENV)/.test browser
	BIN=$(BIN) bash tools/test.sh

## browser: Debian's Chromium for the browser tests (Playwright cannot download its own browser here)
browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "browser tests need /usr/bin/chromium: sudo apt-get install chromium"; exit 1; fi; }

## make bench: throughput of every game against OpenSpiel's python_tic_tac_toe (same run)
bench: $(VENV)/.test
	$(BIN)/museion bench

## make mutation: mutation testing of the rules engines, a seeded sample of 120 mutmut mutants of each engine's
## state.py against tests/games/<game>/ (CPU-heavy: one engine at a time, one worker; see tools/mutation.py)
mutation: $(VENV)/.test
	$(BIN)/python tools/mutation.py --sample 120 --seed 11 --jobs 1

## make catalogues: the translators' gettext catalogues brought to the code (docs/translating.md): pybabel extract
## (each domain's .pot), update (every language's .po) and compile (the .mo, which are not committed; without them
## museion compiles a .po in memory when it first reads it)
catalogues: $(VENV)/.test
	$(BIN)/python tools/catalogues.py

lint: $(VENV)/.test
	$(BIN)/ruff check src tests benchmarks tools

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis artifacts
