"""Every sentence the code and the templates mark for translation is in the catalogues, and
every catalogue translates all of them: a string added in English only fails here."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["ar", "fa", "fr", "hy", "it"]
# The names under which the code marks a sentence; a RuleViolation's template is its 2nd argument.
MARKERS = {"_", "gettext", "gettext_lazy", "gettext_noop", "pgettext", "ngettext"}
TEMPLATE_TAG = re.compile(r'{%\s*(?:translate|trans)\s+"([^"]*)"')
BLOCK_TAG = re.compile(r"{%\s*blocktranslate[^%]*%}(.*?){%\s*endblocktranslate", re.S)
VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")


@cache
def catalogue(language: str) -> dict[str, str]:
    with open(ROOT / "locale" / language / "LC_MESSAGES" / "django.po", "rb") as po:
        return {message.id: message.string for message in read_po(po) if message.id}


def _from_python() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in [*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("tournaments/**/*.py")]:
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "RuleViolation":
                args = node.args[1:2]
            else:
                args = node.args[:1] if name in MARKERS else []
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.setdefault(arg.value, str(path.relative_to(ROOT)))
    return found


def _from_templates() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in ROOT.glob("templates/**/*.html"):
        text = path.read_text(encoding="utf-8")
        for match in TEMPLATE_TAG.finditer(text):
            found.setdefault(match.group(1), str(path.relative_to(ROOT)))
        for match in BLOCK_TAG.finditer(text):
            found.setdefault(VARIABLE.sub(r"%(\1)s", match.group(1)), str(path.relative_to(ROOT)))
    return found


def test_the_scan_finds_the_marked_sentences():
    sentences = {**_from_python(), **_from_templates()}
    assert "Start the match" in sentences and "Hand {number}: {message}" in sentences
    assert len(sentences) > 300


def test_every_marked_sentence_is_in_the_catalogue():
    english = catalogue("en")
    missing = {
        text: where
        for text, where in {**_from_python(), **_from_templates()}.items()
        if text not in english
    }
    assert missing == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_translates_every_sentence(language):
    english, other = catalogue("en"), catalogue(language)
    assert sorted(set(english) - set(other)) == []
    assert sorted(text for text, translation in other.items() if not translation) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders(language):
    braces = re.compile(r"{(\w+)}|%\((\w+)\)s")
    wrong = {
        text: translation
        for text, translation in catalogue(language).items()
        if set(braces.findall(text)) != set(braces.findall(translation))
    }
    assert wrong == {}
