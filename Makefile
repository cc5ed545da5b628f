# The two everyday commands are `make run` and `make test`; both set up the project first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# `make bench BENCH="solver generation"` runs only those benchmarks.
BENCH ?=

.PHONY: setup solver run test lint format bench clean

setup: $(STAMP) solver

# Reinstall only when a requirements file changed (keeps `make setup` idempotent and quick).
$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

# Compile the solver's C core in place when the project has one (setup.py builds it).
solver: $(STAMP)
	@if [ -f setup.py ]; then $(PY) setup.py -q build_ext --inplace; fi

run: setup
	./scripts/run.sh

test: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy games config trainer lessons api accounts

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: setup
	$(PY) bench/run.py $(BENCH)

clean:
	rm -rf build staticfiles .pytest_cache .mypy_cache .ruff_cache
	find games -name '*.so' -delete
