"""The words that must stay distinct (locale/glossary.json) are distinct in every language, and
every catalogue uses them: a sentence that names a round says the language's word for a round,
never its word for a stage (issue 29: one Arabic word meant both forfeit and drop out on the
same desk, one Armenian word both stage and round)."""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import combinations

import pytest

from tests.scorekeeper.test_translations import LANGUAGES, ROOT, catalogue

PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w*\}")
# Short vowels, shadda, sukun, superscript alif and tatweel: optional marks in Arabic and
# Persian, written by some translators and not by others.
MARKS = re.compile("[\u064b-\u065f\u0670\u0640]")


@cache
def glossary() -> dict:
    return json.loads((ROOT / "locale" / "glossary.json").read_text(encoding="utf-8"))


def terms() -> list[dict]:
    return glossary()["terms"]


def term(name: str) -> dict:
    return next(entry for entry in terms() if entry["term"] == name)


def plain(text: str) -> str:
    return MARKS.sub("", text.replace("\u2019", "'")).lower()


def names(entry: dict, english: str) -> bool:
    """Whether an English sentence names the term (in the sense the glossary means)."""
    text = PLACEHOLDER.sub("", english)
    for other in entry.get("other_senses", []):
        text = re.sub(other, "", text, flags=re.I)
    return re.search(entry["en"], text, re.I) is not None


def says(entry: dict, language: str, text: str) -> bool:
    """Whether a translation uses the language's word for the term (any of its forms)."""
    return any(re.search(plain(form), plain(text)) for form in entry[language]["forms"])


def test_the_glossary_covers_the_six_terms_of_issue_29_in_every_language():
    listed = {entry["term"] for entry in terms()}
    assert {"round", "stage", "forfeit", "drop out", "bye", "sit out"} <= listed
    for entry in terms():
        assert set(LANGUAGES) <= set(entry), entry["term"]
        for language in LANGUAGES:
            # The word a translator is told to use is one the test recognises.
            assert says(entry, language, entry[language]["word"]), (entry["term"], language)


def test_the_english_patterns_find_the_terms_and_skip_their_other_senses():
    assert names(term("round"), "Round {number} is complete.")
    assert not names(term("round"), "Round robin")
    assert not names(term("round"), "Each deal's score is rounded to the nearest ten.")
    assert names(term("drop out"), "Correct or drop out the entry it names")
    assert names(term("drop out"), "the start drops the entries that are not")
    assert names(term("sit out"), "Sitting out: %(list)s")
    assert names(term("game"), "Game %(number)s, to %(target)s.")
    assert not names(term("game"), "New tournament of %(game)s")
    assert not names(term("game"), "Choose a game")
    assert names(term("director's result"), "Remove the director's result")
    # a typographic apostrophe reads as a plain one in a translation
    assert says(term("director's result"), "fr", "le résultat de l\u2019arbitre")


@pytest.mark.parametrize("language", LANGUAGES)
def test_distinct_terms_have_distinct_words(language):
    def overlap(one: dict, other: dict) -> bool:
        return says(one, language, other[language]["word"]) or says(
            other, language, one[language]["word"]
        )

    shared = [
        (one["term"], other["term"])
        for one, other in combinations(terms(), 2)
        # "director's result" names the director: the one word may hold the other.
        if not (names(one, other["term"]) or names(other, one["term"])) and overlap(one, other)
    ]
    assert shared == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_naming_a_term_uses_its_word(language):
    translations = catalogue(language)
    missing = {
        f"{entry['term']} ({entry[language]['word']}): {english}": translations[english]
        for entry in terms()
        for english in catalogue("en")
        if names(entry, english) and not says(entry, language, translations[english])
    }
    assert missing == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sentence_borrows_the_word_of_a_term_it_does_not_name(language):
    translations = catalogue(language)
    borrowed = {}
    for pair in glossary()["confusable"]:
        for named, other in (pair, pair[::-1]):
            one, two = term(named), term(other)
            for english in catalogue("en"):
                text = translations[english]
                also = two[language].get("also_for")
                if also and re.search(also, english, re.I):
                    continue
                if names(one, english) and not names(two, english) and says(two, language, text):
                    borrowed[f"{other} ({two[language]['word']}) for {named}: {english}"] = text
    assert borrowed == {}
