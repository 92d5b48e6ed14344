# Scorekeeper: `make run` serves the site with demo data, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test bench lint check migrate demo worker beat clean messages screenshots \
	release check-deploy

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

# The translations: locale/<lang>/LC_MESSAGES/django.po compiled to .mo with Babel (no
# system gettext needed); the .mo files are not committed.
messages: $(STAMP)
	$(BIN)/pybabel -q compile -d locale -D django

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo --base-url http://127.0.0.1:$(PORT)
	$(BIN)/python manage.py load_demo_tournament --base-url http://127.0.0.1:$(PORT)

run: demo messages
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Every test, in two processes per core (pytest-xdist, tests/conftest.py; `make test TEST_PROCESSES=0`: in this
# process). The files with tests marked `worker` run in one of them (tests/conftest.py).
# Bytecode is written even where the machine says not to (PYTHONDONTWRITEBYTECODE): every
# test process, worker and server it starts would compile the same libraries again.
TEST_PROCESSES ?= auto
test: $(STAMP) messages
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_PROCESSES)

# PNGs of the main pages in English and Arabic at phone size (390x844) into screenshots/.
screenshots: $(STAMP) messages
	$(BIN)/python -m pytest -m screenshots tests/browser/test_screenshots.py

lint: $(STAMP)
	$(BIN)/ruff check .

# What CI checks besides the tests: lint, formatting, migrations in step with the models,
# types (pyproject.toml, [tool.mypy]) and the import layers ([tool.importlinter]).
# MYPY_PATHS: both packages whole, under the settings of pyproject.toml.
MYPY_PATHS := scorekeeper tournaments
check: lint
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/mypy $(MYPY_PATHS)
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python bench/brackets.py
	$(BIN)/python bench/melee.py
	$(BIN)/python -m bench.record_hand
	$(BIN)/python -m bench.tournaments
	$(BIN)/python bench/public_poll.py
	$(BIN)/python -m bench.ratings

# A production release, with the production environment set (README, "Production"):
# compile the translations, collect the static files, migrate.
release: $(STAMP)
	$(BIN)/python manage.py release

# nginx in front of gunicorn on loopback: two slow clients must not delay anyone (CI runs it).
check-deploy: $(STAMP)
	$(BIN)/python deploy/check_slow_clients.py

worker: $(STAMP)
	$(BIN)/celery -A scorekeeper worker --loglevel=info

beat: $(STAMP)
	$(BIN)/celery -A scorekeeper beat --loglevel=info

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis staticfiles
