# Every target sets up what it needs: a local .venv made from python3 and pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed

SPEC    ?= spec/openapi.yaml
OUT     ?= generated
PACKAGE ?= botpress_client
GEN_ARGS = --spec $(SPEC) --out $(OUT) --package $(PACKAGE)

.DEFAULT_GOAL := help
.PHONY: help venv generate check typecheck pytest test goldens corpus bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@

venv: $(STAMP) ## create .venv and install the generator with its dev tools

generate: $(STAMP) ## validate spec/ and regenerate generated/ from it
	$(PY) -m generator generate $(GEN_ARGS)

check: $(STAMP) ## fail (exit 1, with a diff) when generated/ is stale
	$(PY) -m generator check $(GEN_ARGS)

typecheck: $(STAMP) ## mypy --strict on the generator and on the generated package
	$(PY) -m mypy generator
	cd $(OUT) && ../$(PY) -m mypy --strict --python-version 3.10 $(PACKAGE)
	$(PY) -m tests.typecheck_goldens

pytest: $(STAMP) ## run the test suite only
	$(PY) -m pytest

test: $(STAMP) ## every check: generated/ up to date, mypy --strict, all tests
	$(MAKE) --no-print-directory check
	$(MAKE) --no-print-directory typecheck
	$(MAKE) --no-print-directory pytest

goldens: $(STAMP) ## rewrite the golden files of tests/fixtures from the current generator
	$(PY) -m tests.goldens

corpus: $(STAMP) ## report: generate, import and mypy every spec of ../shared/corpus (exits 0)
	$(PY) -m tests.corpus_report

bench: $(STAMP) ## print generation time and model decode/encode figures
	$(PY) benchmarks/bench_generator.py

clean: ## remove .venv and caches
	rm -rf $(VENV) .mypy_cache .pytest_cache .hypothesis
