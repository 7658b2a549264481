# The README's two commands: `make demo` and `make test`. Everything else here serves them.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
CLI := $(VENV)/bin/wetopi-memory
# Heavy test installs (Hindsight servers, Hermes) live here, keyed by version, and are reused when present.
export WETOPI_MEMORY_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/wetopi-memory
HINDSIGHT_VERSIONS ?= 0.9.2 1.1.0
DEMO_DIR := .demo

.PHONY: demo test install lint unit contract servers bench lock clean

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -e '.[test]'
	@touch $@

install: $(VENV)/.installed

demo: install
	@rm -rf $(DEMO_DIR) && mkdir -p $(DEMO_DIR)
	WETOPI_MEMORY_STATE_DIR=$(DEMO_DIR)/state WETOPI_MEMORY_IDENTITIES=banks/identities.example.yaml \
	  bash bench/demo.sh $(CLI)

lint: install
	$(VENV)/bin/ruff check wetopi_memory cli tests bench
	$(VENV)/bin/mypy wetopi_memory cli

servers: install
	@for v in $(HINDSIGHT_VERSIONS); do $(PY) tests/support/hindsight_server.py install --version $$v || exit 1; done

unit: install
	$(PY) -m pytest -m "not hindsight and not hermes"

test: lint servers
	$(PY) -m pytest

bench: install
	$(PY) bench/bench_local_recall.py

# The image's pinned, hashed dependencies (Dockerfile), resolved from pyproject.toml for the image's Python.
lock: install
	$(PY) -m pip install --disable-pip-version-check -q uv
	$(VENV)/bin/uv pip compile pyproject.toml --quiet --generate-hashes --no-header --python-version 3.11 \
	  --python-platform x86_64-unknown-linux-gnu -o requirements.lock
	$(PY) tests/support/lockfile.py requirements.lock pyproject.toml

clean:
	rm -rf $(VENV) $(DEMO_DIR) .pytest_cache .mypy_cache .ruff_cache
