# Scorekeeper: `make run` serves the site with demo data, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test bench lint migrate demo worker beat clean messages screenshots

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
	$(BIN)/python manage.py load_demo

run: demo messages
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: $(STAMP) messages
	$(BIN)/python -m pytest

# PNGs of the main pages in English and Arabic at phone size (390x844) into screenshots/.
screenshots: $(STAMP) messages
	$(BIN)/python -m pytest -m screenshots tests/browser/test_screenshots.py

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python bench/brackets.py
	$(BIN)/python -m bench.record_hand
	$(BIN)/python -m bench.tournaments

worker: $(STAMP)
	$(BIN)/celery -A scorekeeper worker --loglevel=info

beat: $(STAMP)
	$(BIN)/celery -A scorekeeper beat --loglevel=info

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis staticfiles
