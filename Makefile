# Two commands for people: `make serve` and `make test`. Both bootstrap what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
CHROMIUM ?= /usr/bin/chromium
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HOST    ?= 127.0.0.1:8000
# Material prints a banner about MkDocs 2.0 on every build; it is noise for this project.
export NO_MKDOCS_2_WARNING := 1

.PHONY: help serve test build ingest ingest-check lint unit e2e bench clean deps chromium pdftotext

help:
	@echo "make serve   build and serve the site on http://$(HOST) (live reload)"
	@echo "make test    run every test (installs what is missing)"
	@echo "make build | ingest | lint | bench | clean"

$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

deps: $(STAMP) $(NODE_STAMP)

chromium:
	@test -x $(CHROMIUM) || { echo "installing Debian's chromium"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-dejavu-core; }

# A PDF source is read through poppler's pdftotext (ingest/pdftext.py): installed when a book is a
# PDF, and for the tests, which read PDFs they make.
pdftotext:
	@command -v pdftotext >/dev/null || { echo "installing Debian's poppler-utils (pdftotext)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq poppler-utils; }

PDF_SOURCES := $(shell find sources -name '*.pdf' -print -quit 2>/dev/null)

# Re-ingest only when the generated pages are stale.
ingest: $(STAMP) $(if $(PDF_SOURCES),pdftotext)
	$(BIN)/rulebook ingest --check >/dev/null 2>&1 || $(BIN)/rulebook ingest

ingest-check: $(STAMP) $(if $(PDF_SOURCES),pdftotext)
	$(BIN)/rulebook ingest --check

build: deps ingest
	$(BIN)/mkdocs build --strict

serve: deps ingest
	$(BIN)/mkdocs serve --strict -a $(HOST)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check plugins scripts tests
	$(BIN)/ruff format --check plugins scripts tests
	node_modules/.bin/eslint --max-warnings 0 .

# pytest exits 5 when it collects nothing: make treats that, like any non-zero code, as a failure.
# Two workers; pyproject.toml's `--dist loadfile` keeps each test module on one of them.
# Lint and the ingest check (seconds of one core) run beside pytest's start-up, which waits on the
# session's build anyway; their output is printed after pytest's, and either failing fails the target.
test: deps chromium pdftotext
	@checks=$$(mktemp); \
	{ $(MAKE) --no-print-directory ingest-check lint >"$$checks" 2>&1; echo "checks exit $$?" >>"$$checks"; } & \
	$(BIN)/python -m pytest -n 2; tests=$$?; \
	wait; cat "$$checks"; verdict=$$(tail -n 1 "$$checks"); rm -f "$$checks"; \
	[ $$tests -eq 0 ] && [ "$$verdict" = "checks exit 0" ]

unit: $(STAMP)
	$(BIN)/python -m pytest tests/unit

e2e: deps chromium
	$(BIN)/python -m pytest tests/e2e

bench: deps chromium ingest
	$(BIN)/python scripts/bench_build.py
	$(BIN)/python scripts/bench_search.py
	$(BIN)/python scripts/bench_library.py 5 25 50
	$(BIN)/python scripts/bench_calc.py
	$(BIN)/python scripts/bench_storage.py

clean:
	rm -rf site .cache test-output
