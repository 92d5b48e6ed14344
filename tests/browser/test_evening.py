"""A whole club evening through the pages, in a real Chromium, once in Arabic (right to left)
and once in French (issue 12).

The director (a laptop) chooses the language with the site's chooser, creates an 8-team
belote Swiss of 3 rounds with a top-4 knockout (the "Swiss then top 4" preset, 2 hands per
match) by pasting the entries, opens the table cards and reads each card's link from its QR
code's text alternative, and starts. Four phones (390×844, the browser's language) each hold
one card: every round each opens its card's link, enters every hand of the match played at
its table, and once the next round is drawn reads where its teams go next ("go to table N");
the phone at that table then shows those teams. In round 2 the director gives table 3 a
forfeit on the desk instead of that table playing. A projector (1920×1080) opened once
before the start follows the rounds, the standings, the bracket and the champion without a
reload. No page has a script error or a console error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE, after_polls
from .teams import ARABIC, LATIN

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1920, "height": 1080}
FORFEIT_ROUND, FORFEIT_TABLE = 2, 3
# The panel and the projector poll every 10 s, the projector's slides turn every 15 s: each
# page's clock is installed, and moved on when a test waits for them (after_polls).

TEAMS = {"fr": LATIN, "ar": ARABIC}
# An Arabic keyboard types the Arabic comma between the players.
COMMA = {"fr": ", ", "ar": "، "}

# What each language's pages say (a few key words, as the catalogues have them).
WORDS = {
    "fr": {
        "name": "Vendredi belote",
        "preset": "Système suisse puis les 4 premiers",
        "cards": "Cartes de table",
        "start": "Commencer : tirer la ronde 1",
        "table": "Table {table}",
        "round": "Ronde {number}",
        "semi": "Demi-finale",
        "final": "Finale",
        "standings": "Classement",
        "bracket": "Tableau",
        "go_pattern": r"^(.+) : allez à la table (\d+)$",
        "out_pattern": r"^(.+) : pas de match à la ronde suivante$",
        "idle": "Pas de match à cette table pour cette ronde.",
        "champion": "Vainqueur : {name}",
        "finished": "Le tournoi est terminé.",
        "forfeit": "Forfait",
        "set_result": "Fixer le résultat",
        "not_started": "Le tournoi n'a pas encore commencé.",
    },
    "ar": {
        "name": "بطولة الجمعة",
        "preset": "سويسري ثم أفضل 4",
        "cards": "بطاقات الطاولات",
        "start": "ابدأ: اسحب الجولة 1",
        "table": "الطاولة {table}",
        "round": "الجولة {number}",
        "semi": "نصف النهائي",
        "final": "النهائي",
        "standings": "الترتيب",
        "bracket": "شجرة المباريات",
        "go_pattern": r"^(.+): اذهبوا إلى الطاولة (\d+)$",
        "out_pattern": r"^(.+): لا مباراة في الجولة التالية$",
        "idle": "لا مباراة على هذه الطاولة في هذه الجولة.",
        "champion": "البطل: {name}",
        "finished": "انتهت البطولة.",
        "forfeit": "لم يحضر الفريق",
        "set_result": "اعتمد النتيجة",
        "not_started": "لم تبدأ البطولة بعد.",
    },
}


@dataclass
class Evening:
    """Every page opened during the evening, and the errors any of them reported."""

    browser: Any
    errors: list[str] = field(default_factory=list)
    contexts: list[Any] = field(default_factory=list)

    def open(self, viewport: dict[str, int], locale: str) -> Page:
        context = self.browser.new_context(viewport=viewport, locale=locale)
        context.clock.install()
        self.contexts.append(context)
        page = context.new_page()
        name = f"{locale}@{viewport['width']}"
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        page.on(
            "console",
            lambda message: (
                message.type == "error" and self.errors.append(f"{name}: console: {message.text}")
            ),
        )
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def in_language(page: Page, language: str) -> None:
    html = page.locator("html")
    expect(html).to_have_attribute("lang", language)
    expect(html).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")


def pasted(language: str) -> str:
    comma = COMMA[language]
    return "\n".join(
        f"{seed}. {name}: {a}{comma}{b}" for seed, (name, a, b) in enumerate(TEAMS[language], 1)
    )


def team_of(language: str, players: str) -> tuple[str, str]:
    """The two teams of a match, from the match page's players (seats 0 and 2 are the first
    team)."""
    seats = [name.strip() for name in players.split("·")]
    names = {a: name for name, a, _ in TEAMS[language]}
    return names[seats[0]], names[seats[1]]


def play_match(page: Page, winner: int) -> None:
    """Enter every hand of the match at this table until it ends (2 hands): the taker is of
    the winning side, which takes 100 of the 162 card points each time."""
    form = page.locator("#hand-form")
    while form.count():
        number = int(form.get_attribute("data-number") or 0)
        page.locator(f'#hand-form label:has(> input[name="declarer"][value="{winner}"])').click()
        page.locator('#hand-form label:has(> input[name="trump"][value="hearts"])').click()
        page.locator(f'#hand-form input[name="points.{winner}"]').fill("100")
        page.locator("#preview-hand").click()
        expect(page.locator("#preview")).to_be_visible()
        page.locator("#confirm-hand").click()
        expect(page.locator(f"#hand-{number}")).to_be_attached()
    expect(page.locator("#winner")).not_to_be_empty()


def next_tables(page: Page, words: dict[str, str]) -> dict[str, int | None]:
    """The panel's lines once the next round is drawn (its poll brings them): where each
    team of the match goes, "go to table N", or that it has no match then (None)."""
    lines = page.locator(".t-panel .t-next li")
    after_polls(page, lambda timeout: expect(lines).to_have_count(2, timeout=timeout))
    found: dict[str, int | None] = {}
    for text in lines.all_inner_texts():
        going = re.match(words["go_pattern"], text.strip())
        out = re.match(words["out_pattern"], text.strip())
        assert going or out, text
        found.update({going.group(1): int(going.group(2))} if going else {out.group(1): None})
    return found


@pytest.mark.parametrize("language", ["ar", "fr"])
def test_a_whole_evening(browser, site, language):
    words = WORDS[language]
    evening = Evening(browser)
    try:
        run_evening(evening, site, language, words)
    finally:
        evening.close()
    assert evening.errors == []


def run_evening(evening: Evening, site: str, language: str, words: dict[str, str]) -> None:
    # -- The director, at a laptop: the language from the site's chooser. ------------------
    desk = evening.open(LAPTOP, "en-GB")
    desk.goto(site + "/tournaments/new/")
    desk.locator(f'.languages button[name="language"][value="{language}"]').click()
    in_language(desk, language)
    desk.locator('a[href="/tournaments/new/belote/"]').click()
    in_language(desk, language)
    desk.locator("#name").fill(words["name"])
    preset = desk.locator('label:has(> input[name="preset"][value="swiss_top"])')
    expect(preset).to_have_text(words["preset"])
    preset.click()
    desk.locator("#rounds").fill("3")
    desk.locator("#advance").fill("4")
    desk.locator("#hands_per_match").fill("2")
    desk.locator("#entries").fill(pasted(language))
    desk.locator("#tournament-form button[type=submit]").click()
    desk.wait_for_url(re.compile(r"/d/[^/]+/$"))
    desk_url = desk.url
    expect(desk.locator("h1")).to_have_text(words["name"])
    public_url = desk.locator(".desk-links a").first.get_attribute("href")

    # The table cards: each card's link is its QR code's text alternative.
    cards_link = desk.locator(".desk-links a[href$='/cards/']")
    expect(cards_link).to_have_text(words["cards"])
    cards_link.click()
    in_language(desk, language)
    qr = desk.locator(".table-card svg[role=img]")
    expect(qr).to_have_count(4)
    cards = [qr.nth(i).get_attribute("aria-label") for i in range(4)]
    assert all(re.fullmatch(re.escape(site) + r"/t/[^/]+/", card) for card in cards), cards
    for index in range(4):
        expect(desk.locator(".table-card-number").nth(index)).to_have_text(
            words["table"].format(table=index + 1)
        )
        expect(qr.nth(index).locator("title")).to_have_text(cards[index])
    # Printed: the cards alone (the sheet's heading and its link stay on the screen).
    desk.emulate_media(media="print")
    expect(desk.locator(".card-sheet-head")).to_be_hidden()
    expect(desk.locator(".table-card").last).to_be_visible()
    assert desk.pdf(format="A4").startswith(b"%PDF")
    desk.emulate_media(media="screen")

    # -- The projector, opened once before the start (the browser's language). -------------
    projector = evening.open(PROJECTOR, language)
    projector.goto(site + public_url)
    in_language(projector, language)
    projector.locator(f"a[href='{public_url}projector/']").click()
    projector.wait_for_url(re.compile(r"/projector/$"))
    in_language(projector, language)
    expect(projector.locator(".t-status")).to_contain_text(words["not_started"])
    projector.evaluate("window.notReloaded = true")

    # -- The start. ---------------------------------------------------------------------------
    desk.goto(desk_url)
    start = desk.locator("#start-button")
    expect(start).to_have_text(words["start"])
    start.click()
    desk.locator("#start-confirm").click()  # nobody is checked in: the start asks first
    expect(desk.locator(".desk-round").first.locator(".pairing")).to_have_count(4)

    phones = [evening.open(PHONE, language) for _ in range(4)]
    going: dict[str, int] = {}  # where the panels sent each team for the next round
    round_names = [words["round"].format(number=n) for n in (1, 2, 3)] + [
        words["semi"],
        words["final"],
    ]
    champion = ""
    for number, round_name in enumerate(round_names, 1):
        after_polls(
            projector,
            lambda timeout, name=round_name: expect(projector.locator(".round-name")).to_have_text(
                name, timeout=timeout
            ),
        )
        playing: list[tuple[Page, int]] = []
        for index, phone in enumerate(phones):
            phone.goto(cards[index])  # the card's link: the match at that table now
            in_language(phone, language)
            if not re.search(r"/m/[^/]+/$", phone.url):  # the knockout needs fewer tables
                expect(phone.locator(".next-round .lead")).to_have_text(words["idle"])
                continue
            teams = team_of(language, phone.locator("#match-root").get_attribute("data-players"))
            if number > 1:  # the teams the panels sent to this table, and only those
                assert [going.pop(team, None) for team in teams] == [index + 1] * 2, teams
            expect(phone.locator(".t-panel .t-where")).to_contain_text(round_name)
            playing.append((phone, index))
            champion = teams[0]  # the final: the first team wins it
        assert going == {} and len(playing) == (4, 4, 4, 2, 1)[number - 1], going
        if number == FORFEIT_ROUND:
            forfeit(desk, desk_url, phones[FORFEIT_TABLE - 1], words)
        for phone, index in playing:
            if number != FORFEIT_ROUND or index != FORFEIT_TABLE - 1:
                play_match(phone, winner=0 if number == 5 else (number + index) % 2)
        if number == len(round_names):
            break
        for phone, _index in playing:  # the forfeited table's phone too, without a reload
            found = next_tables(phone, words)
            going.update({team: table for team, table in found.items() if table is not None})
        if number == 1:  # the standings after round 1, when the projector turns to them
            standings = projector.locator(".slide[data-slide=standings]")
            first_won = standings.locator("tbody tr").first.locator("td").nth(2)
            # The projector's poll brings round 1's results, then it turns to the standings.
            after_polls(
                projector,
                lambda timeout, cell=first_won: expect(cell).to_have_text("1", timeout=timeout),
            )
            after_polls(
                projector,
                lambda timeout: expect(projector.locator("#public-root")).to_have_attribute(
                    "data-showing", "standings", timeout=timeout
                ),
            )
            expect(standings.locator("h2")).to_have_text(words["standings"])
            expect(standings.locator("tbody tr")).to_have_count(8)
            expect(standings.locator("tbody tr").first.locator("td").nth(2)).to_have_text("1")

    # -- The champion, on the last phone, the projector and the public page. -----------------
    champion_line = words["champion"].format(name=champion)
    after_polls(
        phones[0],
        lambda timeout: expect(phones[0].locator(".t-panel .t-next")).to_have_text(
            words["finished"], timeout=timeout
        ),
    )
    after_polls(
        projector,
        lambda timeout: expect(projector.locator(".champion")).to_have_text(
            champion_line, timeout=timeout
        ),
    )
    after_polls(
        projector,
        lambda timeout: expect(projector.locator("#public-root")).to_have_attribute(
            "data-showing", "bracket", timeout=timeout
        ),
    )
    bracket = projector.locator(".slide.is-shown .brackets")
    expect(bracket.locator("h2")).to_have_text(words["bracket"])
    # (The bracket part is fetched once a poll names its new version.)
    after_polls(
        projector,
        lambda timeout: expect(bracket.locator("svg.bracket")).to_contain_text(
            champion, timeout=timeout
        ),
    )
    assert projector.evaluate("window.notReloaded") is True
    phones[0].goto(site + public_url)
    in_language(phones[0], language)
    expect(phones[0].locator(".champion")).to_have_text(champion_line)
    desk.goto(desk_url)
    expect(desk.locator(".banner")).to_contain_text(champion)


def forfeit(desk: Page, desk_url: str, phone: Page, words: dict[str, str]) -> None:
    """The director gives the table's match to its second team, on the desk."""
    match = re.search(r"/m/[^/]+/", phone.url).group(0)
    desk.goto(desk_url)
    pairing = desk.locator("li.pairing", has=desk.locator(f'a[href="{match}"]'))
    pairing.locator("summary").click()
    pairing.locator('label:has(> input[name="outcome"])').nth(1).click()
    expect(pairing.locator('input[name="outcome"]').nth(1)).to_be_checked()
    pairing.locator('input[name="points_1"]').fill("162")
    pairing.locator('input[name="reason"]').fill(words["forfeit"])
    pairing.locator("button[type=submit]", has_text=words["set_result"]).click()
    pairing = desk.locator("li.pairing", has=desk.locator(f'a[href="{match}"]'))
    expect(pairing).to_be_in_viewport()  # the desk opens again at the table just decided
    expect(pairing.locator(".flag")).to_contain_text(words["forfeit"])
    expect(pairing.locator(".pairing-result")).to_contain_text("0 – 162")
    # The table's phone, not reloaded: its hand form goes once its panel learns the result.
    after_polls(
        phone, lambda timeout: expect(phone.locator("#hand-form")).to_have_count(0, timeout=timeout)
    )
    expect(phone.locator("#summary")).to_be_in_viewport()
