# Scorekeeper: `make run` serves the site with demo data, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test bench lint migrate demo worker beat clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python bench/record_hand.py

worker: $(STAMP)
	$(BIN)/celery -A scorekeeper worker --loglevel=info

beat: $(STAMP)
	$(BIN)/celery -A scorekeeper beat --loglevel=info

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis staticfiles
