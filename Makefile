# The two everyday commands are `make run` and `make test`; both set up the project first
# (`make run` installs only what running needs, `make test` the development tools too).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# `make bench BENCH="solver generation"` runs only those benchmarks.
BENCH ?=

.PHONY: setup setup-dev solver run test lint format bench bank screenshots clean

setup: $(STAMP) solver
setup-dev: $(DEV_STAMP) solver

# Reinstall only when a requirements file changed (keeps `make setup` idempotent and quick).
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(DEV_STAMP)

# Compile the solver's C core in place when the project has one (setup.py builds it).
solver: $(STAMP)
	@if [ -f setup.py ]; then $(PY) setup.py -q build_ext --inplace; fi

run: setup
	./scripts/run.sh

test: setup-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest

lint: setup-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy games config trainer lessons api accounts classes

format: setup-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: setup-dev
	$(PY) bench/run.py $(BENCH)

# Re-take the quiz and verdict screenshots of docs/learner.md, then the teacher pages of
# docs/teachers.md, which the browser journey takes as it goes (headless Chromium).
screenshots: setup-dev
	$(PY) scripts/screenshots.py
	DOCS_SCREENSHOTS=1 $(PY) -m pytest tests/browser/test_journey_in_browser.py -q

# Rebuild the shipped starter bank (trainer/bank/starter.jsonl.gz) with the current
# generators: `make bank BANK_ARGS="--per-kind 40 --jobs 2"`.
BANK_ARGS ?= --jobs 2
bank: setup
	$(PY) manage.py build_starter_bank $(BANK_ARGS)

clean:
	rm -rf build staticfiles .pytest_cache .mypy_cache .ruff_cache
	find games -name '*.so' -delete
