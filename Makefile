# museion - the two set-up commands are `make run` and `make test` (they create .venv and install what they need).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test bench lint check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[web]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev,web,rl,arena,ray,bench]"
	touch $@

## make run: the main job (a terminal game of Tholos against a bot until the web table lands)
run: $(VENV)/.run
	$(BIN)/museion play tholos --seat 0=human --seat 1=bot:random

## make test: install the test dependencies and run every test
test: $(VENV)/.test
	$(BIN)/python -m pytest

## make bench: throughput of every game against OpenSpiel's python_tic_tac_toe (same run)
bench: $(VENV)/.test
	$(BIN)/museion bench

lint: $(VENV)/.test
	$(BIN)/ruff check src tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis artifacts
