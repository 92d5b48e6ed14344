"""The table cards print right (issue 29 item 8): the desk's cards page printed to PDF by
Chromium, 1, 2 and 4 cards per A4 sheet, in Arabic and Armenian, for a team event and for an
individual event (mêlée, whose cards also name the players at each table). In the PDF, every
card's table number, its link and its short code are on one sheet and inside that card's share
of the sheet (the sheet split evenly in 1, 2 or 4): no code lands beside another table, on a
card's border or off the page, and the sheets are as many as the cards need. The page's print
button opens the browser's print dialog.

The PDF is read with pdfminer.six, character by character: each character's box, in points
from the page's lower left corner."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from pdfminer.high_level import extract_pages
from pdfminer.layout import LTChar, LTContainer

from tournaments import services as tournament_services
from tournaments import validation
from tournaments.selectors import cards as card_selectors

pytestmark = pytest.mark.browser

TEAMS = {
    "ar": ["النجوم", "الصقور", "الأسود", "النسور", "الفرسان", "الملوك", "الأبطال", "الشجعان",
           "الأصدقاء", "الشباب"],
    "hy": ["Արծիվներ", "Աստղեր", "Առյուծներ", "Ասպետներ", "Թագավորներ", "Հերոսներ", "Քաջեր",
           "Ընկերներ", "Երիտասարդներ", "Բազեներ"],
}  # fmt: skip
PLAYERS = {
    "ar": ["رامي", "سارة", "عمر", "لينا", "هادي", "ريم", "كريم", "نور", "سامي", "هلا", "زياد",
           "دانة", "فادي", "رنا", "باسل", "مها", "يوسف", "مريم", "عبد الرحمن", "فاطمة الزهراء",
           "خالد", "ليلى", "طارق", "جمانة", "وليد", "سلمى"],
    "hy": ["Արամ", "Անի", "Դավիթ", "Լիլիթ", "Նարեկ", "Մարիամ", "Տիգրան", "Նունե", "Գոռ", "Սոնա",
           "Հայկ", "Արփի", "Վահե", "Լուսինե", "Արմեն", "Գայանե", "Սամվել", "Մանե", "Ալեքսանդր",
           "Քրիստինե", "Էդգար", "Անահիտ", "Կարեն", "Հասմիկ", "Վարդան", "Շուշան"],
}  # fmt: skip
NAMES = {
    "ar": "أمسية الجمعة في نادي الورق: بطولة الربيع المفتوحة",
    "hy": "Ուրբաթ երեկոյան ակումբային գարնանային բաց մրցաշար",
}
# Each language's individual event: a four-player variant (21 players: 5 tables, 1 sits out)
# and trionfo (26 players: 5 tables of five, 1 sits out).
MELEE = {"ar": ("belote", 21), "hy": ("trionfo", 26)}


def teams(language: str):
    return tournament_services.tournament_create(
        validation.tournament_spec(
            dict(
                name=NAMES[language],
                variant="belote",
                stages=[{"format": "swiss", "rounds": 3}],
                entries=[
                    {"name": name, "players": [name + " 1", name + " 2"]}
                    for name in TEAMS[language]
                ],
            )
        )
    )


def melee(language: str):
    variant, players = MELEE[language]
    return tournament_services.tournament_create(
        validation.tournament_spec(
            dict(
                name=NAMES[language],
                variant=variant,
                stages=[{"format": "melee", "rounds": 3}],
                entries=[{"name": name} for name in PLAYERS[language][:players]],
            )
        )
    )


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def holds(self, char: LTChar, slack: float = 0.5) -> bool:
        return (
            char.x0 >= self.x0 - slack and char.x1 <= self.x1 + slack
            and char.y0 >= self.y0 - slack and char.y1 <= self.y1 + slack
        )  # fmt: skip


@dataclass
class Sheet:
    """One printed page: its size and its characters (each with its box, in points from the
    page's lower left corner)."""

    width: float
    height: float
    chars: list[LTChar]

    def cells(self, per_page: int) -> list[Box]:
        """The page split evenly between its cards: 1, 2 one above the other, or 2 × 2."""
        columns = 2 if per_page == 4 else 1
        rows = per_page // columns
        width, height = self.width / columns, self.height / rows
        return [
            Box(col * width, self.height - (row + 1) * height, (col + 1) * width,
                self.height - row * height)
            for row in range(rows)
            for col in range(columns)
        ]  # fmt: skip


def lines(chars: list[LTChar]) -> list[list[LTChar]]:
    """Characters put back into lines (one baseline and size), top to bottom, each left to
    right: a link broken over two lines reads as one again."""
    found: list[list[LTChar]] = []
    for char in sorted(chars, key=lambda c: (-round(c.y0), c.x0)):
        last = found[-1][-1] if found else None
        if last is None or abs(char.y0 - last.y0) > 1 or abs(char.size - last.size) > 0.5:
            found.append([])
        found[-1].append(char)
    return found


def text(chars: list[LTChar]) -> str:
    return "".join(c.get_text() for line in lines(chars) for c in line)


def numbers(chars: list[LTChar], largest: float) -> list[int]:
    """The table numbers among these characters: digits in the page's largest type."""
    found = []
    for line in lines([c for c in chars if c.size > largest - 0.5 and c.get_text().isdigit()]):
        groups = [[line[0]]]
        for char in line[1:]:
            if char.x0 - groups[-1][-1].x1 > char.size / 2:
                groups.append([])
            groups[-1].append(char)
        found += [int("".join(c.get_text() for c in group)) for group in groups]
    return found


def sheets(path: Path) -> list[Sheet]:
    found = []
    for page in extract_pages(path, laparams=None):
        chars: list[LTChar] = []
        stack = [page]
        while stack:
            item = stack.pop(0)
            if isinstance(item, LTChar) and item.get_text().strip():
                chars.append(item)
            elif isinstance(item, LTContainer):
                stack[0:0] = list(item)
        found.append(Sheet(page.width, page.height, chars))
    return found


def check(path: Path, cards: list[tuple[int, str, str]], per_page: int) -> list[str]:
    """What is wrong with the printed cards (nothing, when they print right): every letter
    inside one card's share of its page, and each card's share holding its table's number,
    its link and its code."""
    pages = sheets(path)
    wrong = []
    if len(pages) != math.ceil(len(cards) / per_page):
        wrong.append(f"{len(pages)} pages for {len(cards)} cards at {per_page} a page")
    found: dict[int, str] = {}
    for number, page in enumerate(pages, 1):
        cells = page.cells(per_page)
        astray = [c.get_text() for c in page.chars if not any(cell.holds(c) for cell in cells)]
        if astray:
            wrong.append(f"page {number}: {''.join(astray)!r} across two cards or off the page")
        largest = max(c.size for c in page.chars)
        for cell in cells:
            chars = [c for c in page.chars if cell.holds(c)]
            tables = numbers(chars, largest)
            if len(tables) > 1:
                wrong.append(f"page {number}: tables {tables} in one card")
            for table in tables:
                found[table] = text(chars)
    for table, key, code in cards:
        if table not in found:
            wrong.append(f"table {table}: no card has its number")
            continue
        for what, value in (("code", code), ("link", key)):
            if value not in found[table]:
                wrong.append(f"table {table}: its {what} is not in its card")
    return wrong


def print_cards(page, site: str, tournament, per_page: int, path: Path) -> None:
    page.goto(f"{site}/d/{tournament.pk}/cards/?per_page={per_page}")
    page.pdf(path=str(path), prefer_css_page_size=True, print_background=True)


@pytest.mark.parametrize("language", ["ar", "hy"])
@pytest.mark.parametrize("kind", ["teams", "melee"])
def test_the_cards_print_inside_their_boxes(browser, site, tmp_path, language, kind):
    tournament = (teams if kind == "teams" else melee)(language)
    tournament_services.tournament_start(tournament_id=tournament.pk)
    context = browser.new_context(locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    wrong = {}
    for per_page in (1, 2, 4):
        path = tmp_path / f"{language}-{kind}-{per_page}.pdf"
        print_cards(page, site, tournament, per_page, path)
        cards = card_selectors.table_cards(tournament)
        assert len(cards) == 5  # a last sheet part-filled at 2 and 4 a page
        wrong[per_page] = check(path, cards, per_page)
    context.close()
    assert wrong == {1: [], 2: [], 4: []}
    assert errors == []


def test_the_check_finds_a_code_outside_its_card(browser, site, tmp_path):
    """The check above fails on a sheet whose cards overflow: the cards printed 4 a page
    without their print styles (a plain column of cards running across the pages)."""
    tournament = teams("hy")
    tournament_services.tournament_start(tournament_id=tournament.pk)
    context = browser.new_context(locale="hy")
    page = context.new_page()
    page.goto(f"{site}/d/{tournament.pk}/cards/?per_page=4")
    page.evaluate("document.querySelector('link[href*=cards]').remove()")
    path = tmp_path / "unstyled.pdf"
    page.pdf(path=str(path), prefer_css_page_size=True)
    context.close()
    assert check(path, card_selectors.table_cards(tournament), 4) != []


def test_the_print_button_opens_the_print_dialog(browser, site):
    tournament = teams("ar")
    tournament_services.tournament_start(tournament_id=tournament.pk)
    context = browser.new_context(locale="ar")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/d/{tournament.pk}/cards/?per_page=2")
    page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    page.get_by_role("button", name="اطبع البطاقات").click()
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    assert not page.get_by_role("button", name="اطبع البطاقات").is_visible()
    context.close()
    assert errors == []
    # without scripts the button would do nothing: it is not shown (the browser's Print is)
    context = browser.new_context(locale="ar", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site}/d/{tournament.pk}/cards/?per_page=2")
    assert not page.locator("[data-print]").is_visible()
    context.close()
