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
.PHONY: help venv lint generate check typecheck pytest test test-quick goldens snapshots corpus calls bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@

venv: $(STAMP) ## create .venv and install the generator with its dev tools

generate: $(STAMP) ## validate spec/ and regenerate generated/ from it (with CHANGES.md: changes since the last release)
	$(PY) -m generator generate $(GEN_ARGS) --changes

check: $(STAMP) ## fail (exit 1, with a diff) when generated/ is stale
	$(PY) -m generator check $(GEN_ARGS) --changes

# Two runs, with the cache kept outside the repository (tests/mypy_run.py): the generator
# (Python 3.11), then the generated package, the test kit user's suite and every golden case in
# one run (3.10).
typecheck: $(STAMP) ## mypy --strict on the generator, the generated package and every golden case
	$(PY) -m tests.mypy_run generator
	$(PY) -m tests.typecheck_goldens $(OUT) $(PACKAGE)

# Black at the generated packages' 120 columns: the runtime they copy, generated/ and the goldens.
OUTPUT_STYLE = --line-length 120 --target-version py310 --extend-exclude '^$$'
OUTPUT_FILES = generator/runtime $(OUT) tests/fixtures/golden
BLACK_FLAGS ?= --quiet

lint: $(STAMP) ## ruff and Black on every Python file of the repository (fix with: ruff check --fix; black)
	$(BIN)/ruff check .
	$(BIN)/black --check $(BLACK_FLAGS) .
	$(BIN)/black --check $(BLACK_FLAGS) $(OUTPUT_STYLE) $(OUTPUT_FILES)

# Spread over the cores (pytest-xdist), a module per worker at a time (--dist loadscope: a
# module's fixtures are made once); the slowest 15 tests are listed at the end.
PYTEST_ARGS ?= -n auto --dist loadscope --durations=15

pytest: $(STAMP) ## run the test suite only (over every core)
	$(PY) -m pytest $(PYTEST_ARGS)

# The four side by side (-j): lint, the drift check and typecheck are mostly one process each, so
# run one after the other they left a core idle for minutes. Each one's output is printed whole
# when it ends (--output-sync), pytest's last; make fails when any of them fails.
test: $(STAMP) ## every check: lint, generated/ up to date, mypy --strict, all tests
	$(MAKE) --no-print-directory -j4 --output-sync=target lint check typecheck pytest

# The edit loop: every test not marked slow (whole generations, subprocesses, mypy runs), over
# every core; narrow it with TESTS, e.g. make test-quick TESTS=tests/generator/test_lowering.py
TESTS ?=
test-quick: $(STAMP) ## the tests not marked slow (TESTS=files to narrow), in under a minute
	$(PY) -m pytest -n auto -q -m "not slow" $(TESTS)

goldens: $(STAMP) ## rewrite the golden files of tests/fixtures from the current generator
	$(PY) -m tests.goldens

snapshots: $(STAMP) ## rewrite every snapshot (goldens, bad-input, degraded and diff expectations); review git diff
	$(PY) -m tests.goldens
	UPDATE_SNAPSHOTS=1 $(PY) -m pytest -q tests/generator/test_warning_report.py tests/generator/test_bad_input.py tests/generator/test_degraded.py tests/generator/test_diff.py

corpus: $(STAMP) ## report: generate, import and mypy every spec of ../shared/corpus (exits 0)
	$(PY) -m tests.corpus_report

# Prism (the mock that enforces each document) and public example documents, from npm, in an
# ignored folder; reinstalled when their pinned versions change. CALLS_ARGS: documents or folders.
CALLS_NPM := benchmarks/calls/.npm

$(CALLS_NPM)/.installed: benchmarks/calls/package.json benchmarks/calls/package-lock.json
	mkdir -p $(CALLS_NPM)
	cp benchmarks/calls/package.json benchmarks/calls/package-lock.json $(CALLS_NPM)/
	cd $(CALLS_NPM) && npm ci --no-audit --no-fund --silent
	@touch $@

calls: $(STAMP) $(CALLS_NPM)/.installed ## report: call every operation of each document against Prism (minutes; see benchmarks/calls)
	$(PY) -m benchmarks.calls.calls $(CALLS_ARGS)

# Own environment for the peers (openapi-python-client, datamodel-code-generator, pydantic, ...),
# kept out of the project's dependencies; reinstalled when its requirements change.
BENCH_VENV  := benchmarks/.venv
BENCH_PY    := $(BENCH_VENV)/bin/python
BENCH_STAMP := $(BENCH_VENV)/.installed

$(BENCH_STAMP): benchmarks/requirements.txt pyproject.toml
	@test -x $(BENCH_PY) || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PY) -m pip install --quiet --disable-pip-version-check -r benchmarks/requirements.txt -e .
	@touch $@

bench: $(BENCH_STAMP) ## report: ours vs openapi-python-client, pydantic, httpx (table + benchmarks/results.md)
	$(BENCH_PY) benchmarks/bench.py

clean: ## remove .venv and caches
	rm -rf $(VENV) .mypy_cache .pytest_cache .hypothesis
