# ruff: noqa: RUF001
"""`make screenshots`: PNGs of the main pages, in English and Arabic, at phone size.

Not part of the normal run (the `screenshots` marker is deselected by default); the PNGs go
to the git-ignored folder screenshots/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import demo, services
from tests.tournaments.conftest import round_won_by_first
from tournaments import services as tournament_services
from tournaments import validation
from tournaments.models import Player, Round
from tournaments.services import clubs as club_services

from .conftest import PHONE
from .teams import ARABIC, LATIN

pytestmark = [pytest.mark.browser, pytest.mark.screenshots]

OUT = Path(__file__).resolve().parents[2] / "screenshots"
# The tournament's pages go to their own folder (the count above is of the match pages).
TOURNAMENT_OUT = OUT / "tournaments"
NAMES = {"en": ["Rami", "Sara", "Omar", "Lina"], "ar": ["رامي", "سارة", "عمر", "لينا"]}


def _matches(players: list[str]) -> dict[str, object]:
    tarneeb = services.match_create(variant="tarneeb", players=players)
    for payload in (
        {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
        {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7},
        {"thrown_in": True},
        {"declarer": 3, "bid": 8, "trump": "clubs", "tricks": 10},
        {"declarer": 2, "bid": 10, "trump": "diamonds", "tricks": 11},
    ):
        services.hand_record(match_id=tarneeb.pk, payload=payload)
    services.hand_correct(
        match_id=tarneeb.pk,
        number=4,
        payload={"declarer": 3, "bid": 8, "trump": "clubs", "tricks": 9},
    )
    maraffa = services.match_create(variant="maraffa", players=players, options={"target": 21})
    for payload in (
        {"battezzante": 0, "trump": "cups", "thirds": [23, 12], "maraffa": 1},
        {"trump": "coins", "thirds": [33, 2]},
        {"battezzante": 1, "trump": "swords", "thirds": [5, 30]},
        {"trump": "clubs", "thirds": [2, 33], "maraffa": 1},
        {"battezzante": 2, "trump": "coins", "claim": {"team": 0, "thirds": 33}, "maraffa": 0},
    ):
        services.hand_record(match_id=maraffa.pk, payload=payload)
    blot = services.match_create(variant="bazar_blot", players=players)
    services.hand_record(
        match_id=blot.pk,
        payload={
            "declarer": 0,
            "bid": 12,
            "trump": "hearts",
            "points": [104, 58],
            "belote": 0,
            "declarations": [{"seat": 2, "type": "tierce", "high": "K", "suit": "spades"}],
        },
    )
    trionfo = services.match_create(variant="trionfo", players=[*players, "Marco"])
    services.hand_record(
        match_id=trionfo.pk,
        payload={
            "first": 0,
            "declarer": 2,
            "bid": "chiamo",
            "trump": "coins",
            "called": "3 of swords",
            "partner": 4,
            "thirds": 21,
        },
    )
    waiting = services.match_create(variant="tarneeb_41", players=players)
    for _hand in range(2):  # Rami past 41, Omar below 0: Rami needs Omar above 0
        services.hand_record(
            match_id=waiting.pk, payload={"bids": [13, 1, 1, 1], "tricks": [13, 0, 0, 0]}
        )
    counting = services.match_create(variant="maraffa", players=players)
    return {
        "tarneeb": tarneeb,
        "maraffa": maraffa,
        "blot": blot,
        "trionfo": trionfo,
        "41": waiting,
        "counting": counting,
    }


@pytest.mark.parametrize("language", ["en", "ar"])
def test_screenshots(browser, site, language):
    OUT.mkdir(exist_ok=True)
    demo.load()  # the home page lists the demo matches
    found = _matches(NAMES[language])
    tarneeb, blot = found["tarneeb"], found["blot"]
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    pages = {
        "match": f"/m/{tarneeb.pk}/",
        "match-finished-maraffa": f"/m/{found['maraffa'].pk}/",
        "match-blot": f"/m/{blot.pk}/",
        "match-trionfo": f"/m/{found['trionfo'].pk}/",
        "match-41": f"/m/{found['41'].pk}/",
        "spectator": f"/m/{tarneeb.view_id}/",
        "correct": f"/m/{tarneeb.pk}/hands/1/correct/",
        "home": "/",
        "choose": "/new/",
        "setup": "/new/tarneeb_400/",
        "setup-maraffa": "/new/maraffa/",
        "board": f"/m/{tarneeb.pk}/board/",
        "board-maraffa": f"/m/{found['maraffa'].pk}/board/",
        "board-trionfo": f"/m/{found['trionfo'].pk}/board/",
        "share": f"/m/{tarneeb.pk}/share/",
        "share-spectator": f"/m/{tarneeb.view_id}/share/",
    }
    for name, url in pages.items():
        page.goto(site + url)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(OUT / f"{language}-{name}.png"), full_page=True)
        page.screenshot(path=str(OUT / f"{language}-{name}-top.png"))
    # Dark mode, as a phone set to it shows the match and the scoreboard.
    dark = browser.new_context(viewport=PHONE, locale=language, color_scheme="dark")
    night = dark.new_page()
    for name, url in (
        ("match", pages["match"]),
        ("board", pages["board"]),
        ("share", pages["share"]),
        ("home", "/"),
    ):
        night.goto(site + url)
        night.wait_for_load_state("networkidle")
        night.screenshot(path=str(OUT / f"{language}-dark-{name}.png"), full_page=True)
    dark.close()
    # The hand form with a preview showing and a declaration added.
    page.goto(site + f"/m/{blot.pk}/")
    page.locator('label:has(> input[name="declarer"][value="1"])').click()
    page.locator('label:has(> input[name="bid"][value="10"])').click()
    page.locator('label:has(> input[name="trump"][value="clubs"])').click()
    page.locator('input[name="points.0"]').fill("60")
    page.locator("[data-add-declaration]").click()
    page.locator("#preview-hand").click()
    page.locator("#preview").wait_for()
    page.screenshot(path=str(OUT / f"{language}-preview.png"), full_page=True)
    # A hand kept on the phone while the network is away.
    page.goto(site + f"/m/{tarneeb.pk}/")
    context.set_offline(True)
    for name, value in (("declarer", 2), ("bid", 8), ("trump", "spades")):
        page.locator(f'label:has(> input[name="{name}"][value="{value}"])').click()
    page.locator('input[name="tricks"]').fill("9")
    page.locator("#preview-hand").click()
    page.locator("#preview").wait_for()
    page.screenshot(path=str(OUT / f"{language}-offline-preview.png"))
    page.locator("#confirm-hand").click()
    page.locator("#queue").wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{language}-offline-waiting.png"))
    context.set_offline(False)
    page.locator("#hand-6").wait_for()
    # Undo asks once more before it takes the last hand off the sheet.
    page.locator("#undo").click()
    page.locator("#undo-confirm").scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / f"{language}-undo-ask.png"))
    # A correction previewed before it is saved.
    page.goto(site + f"/m/{tarneeb.pk}/hands/1/correct/")
    page.locator('input[name="tricks"]').fill("6")
    page.locator("#preview-hand").click()
    page.locator("#preview").wait_for()
    page.screenshot(path=str(OUT / f"{language}-correct-preview.png"), full_page=True)
    # Maraffa's counting helper refuses a fifth ace.
    page.goto(site + f"/m/{found['counting'].pk}/")
    page.locator("details.helper summary").click()
    page.locator('input[name="_aces"]').fill("5")
    page.locator("[data-count-thirds]").click()
    page.locator('[data-error-for="_count"]').scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / f"{language}-maraffa-count.png"))
    context.close()
    assert len(list(OUT.glob(f"{language}-*.png"))) >= 2 * len(pages) + 8


# Persian and Italian evenings at phone size (issue 19): their own names, not French ones.
FA_TEAMS = [
    ("عقاب\u200cها", ["سارا", "بهرام"]),
    ("ستاره\u200cها", ["مریم", "رضا"]),
    ("شیرها", ["نگار", "کاوه"]),
    ("پلنگ\u200cها", ["لیلا", "آرش"]),
    ("سیمرغ", ["شیرین", "فرهاد"]),
    ("البرز", ["مهسا", "بابک"]),
    ("دماوند", ["ترانه", "سهراب"]),
    ("خلیج", ["پریسا", "داریوش"]),
]
IT_TEAMS = [
    ("Gli Assi", ["Giulia", "Marco"]),
    ("I Re", ["Chiara", "Luca"]),
    ("Le Donne", ["Sara", "Paolo"]),
    ("I Fanti", ["Elena", "Matteo"]),
    ("Briscola", ["Anna", "Davide"]),
    ("Maraffa", ["Laura", "Stefano"]),
    ("Il Settebello", ["Marta", "Andrea"]),
    ("Ravenna", ["Silvia", "Franco"]),
]
TEAMS = {
    "en": LATIN,
    "ar": ARABIC,
    "fa": [(name, *players) for name, players in FA_TEAMS],
    "it": [(name, *players) for name, players in IT_TEAMS],
}
TITLES = {"fa": "جمعه‌شب حکم", "it": "Serata al circolo"}


@pytest.mark.parametrize("language", ["en", "ar", "fa", "it"])
def test_desk_screenshots(browser, site, language):
    """The director's desk (round 1 drawn, a forfeit set) and the table card sheet."""
    from tournaments import selectors as tournament_selectors

    OUT.mkdir(exist_ok=True)
    tournament = tournament_services.tournament_create(
        validation.tournament_spec(
            dict(
                name=TITLES.get(language)
                or ("Vendredi belote" if language == "en" else "بطولة الجمعة"),
                variant="belote",
                round_minutes=50,
                stages=[
                    {"format": "swiss", "rounds": 3},
                    {"format": "single_elimination", "advance": 4},
                ],
                entries=[
                    {"name": name, "players": [a, b], "seed": seed}
                    for seed, (name, a, b) in enumerate(TEAMS[language], 1)
                ],
            )
        )
    )
    tournament_services.tournament_start(tournament_id=tournament.pk)
    pairing = tournament_selectors.rounds_data(tournament, director=True)[0]["pairings"][1]
    tournament_services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=pairing["slot"],
        winner=pairing["entries"][1],
        points=[0, 162],
        reason={"en": "No-show", "fa": "نیامد", "it": "Assente"}.get(language, "لم يحضر"),
    )
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(f"{site}/d/{tournament.pk}/")
    page.screenshot(path=str(OUT / f"{language}-desk.png"), full_page=True)
    page.goto(f"{site}/tournaments/new/coinche/")
    page.screenshot(path=str(OUT / f"{language}-tournament-new.png"), full_page=True)
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.goto(f"{site}/d/{tournament.pk}/cards/")
    page.screenshot(path=str(OUT / f"{language}-cards.png"), full_page=True)
    page.emulate_media(media="print")
    page.screenshot(path=str(OUT / f"{language}-cards-print.png"), full_page=True)
    context.close()


PUBLIC_TEAMS = {
    "en": [
        ("Les As", ["Anne", "Bruno"]),
        ("Le Carré", ["Chloé", "David"]),
        ("Belote Club", ["Emma", "Farid"]),
        ("Rebelote", ["Gina", "Hugo"]),
        ("Capot", ["Inès", "Jules"]),
        ("Dix de Der", ["Karim", "Léa"]),
        ("Atout Cœur", ["Marc", "Nour"]),
        ("La Coinche", ["Olga", "Paul"]),
    ],
    "ar": [
        ("الصقور", ["رامي", "سارة"]),
        ("النجوم", ["عمر", "لينا"]),
        ("الأبطال", ["يوسف", "مريم"]),
        ("الفرسان", ["خالد", "نور"]),
        ("الأسود", ["سامي", "هدى"]),
        ("النسور", ["طارق", "ريم"]),
        ("الشباب", ["زياد", "دانة"]),
        ("الأصدقاء", ["فادي", "ليلى"]),
    ],
    "fa": FA_TEAMS,
    "it": IT_TEAMS,
}


def _tournament(language: str, *, finish_swiss: bool, semis: bool):
    from tournaments import services as tservices

    tournament = tservices.tournament_create(
        validation.tournament_spec(
            dict(
                name=TITLES.get(language)
                or ("Friday tarneeb" if language == "en" else "بطولة الجمعة"),
                variant="tarneeb",
                round_minutes=50,
                auto_advance=True,
                stages=[
                    {"format": "swiss", "rounds": 2},
                    {"format": "single_elimination", "advance": 4},
                ],
                entries=[
                    {"name": name, "players": players, "seed": n}
                    for n, (name, players) in enumerate(PUBLIC_TEAMS[language], start=1)
                ],
            )
        )
    )
    tservices.tournament_start(tournament_id=tournament.pk)
    rounds = (2 if finish_swiss else 1) + (1 if semis else 0)
    for number in range(1, rounds + 1):
        for index, pairing in enumerate(
            Round.objects.get(tournament=tournament, number=number).pairings.all()
        ):
            if pairing.status == "in_progress" and (index or number < rounds or semis):
                tservices.pairing_result_set(
                    tournament_id=tournament.pk,
                    round_number=number,
                    slot=pairing.slot,
                    winner=pairing.entries[index % 2],
                    points=[412 - 37 * index, 288 + 21 * index],
                )
    tournament.refresh_from_db()
    return tournament


def _double(language: str):
    """A double elimination of 6 after three rounds: both brackets under way."""
    from tournaments import services as tservices

    tournament = tservices.tournament_create(
        validation.tournament_spec(
            dict(
                name=TITLES.get(language) or ("Double" if language == "en" else "إقصاء مزدوج"),
                variant="tarneeb",
                stages=[{"format": "double_elimination"}],
                entries=[
                    {"name": name, "players": players, "seed": n}
                    for n, (name, players) in enumerate(PUBLIC_TEAMS[language][:6], start=1)
                ],
            )
        )
    )
    tservices.tournament_start(tournament_id=tournament.pk)
    for number in range(1, 4):
        round_won_by_first(tournament, number, [402, 250])
    tournament.refresh_from_db()
    return tournament


@pytest.mark.parametrize("language", ["en", "ar", "fa", "it"])
def test_tournament_screenshots(browser, site, language):
    from tournaments.models import Pairing

    TOURNAMENT_OUT.mkdir(parents=True, exist_ok=True)
    swiss = _tournament(language, finish_swiss=False, semis=False)
    knockout = _tournament(language, finish_swiss=True, semis=True)
    double = _double(language)
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=language)
    page = projector.new_page()
    for name, tournament, slide in (
        ("pairings", swiss, "pairings"),
        ("standings", swiss, "standings"),
        ("bracket", knockout, "bracket"),
        ("bracket-double", double, "bracket"),
    ):
        page.goto(site + f"/p/{tournament.view_id}/projector/")
        page.wait_for_load_state("networkidle")
        page.evaluate(
            "(name) => { for (const s of document.querySelectorAll('.slide'))"
            " s.classList.toggle('is-shown', s.dataset.slide === name); }",
            slide,
        )
        page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-projector-{name}.png"))
    projector.close()
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    playing = Pairing.objects.filter(round__tournament=swiss, status="in_progress").first()
    finished = (
        Pairing.objects.filter(round__tournament=knockout, round__number=2)
        .exclude(match=None)
        .first()
    )
    for name, url in (
        ("tournament-public", f"/p/{swiss.view_id}/"),
        ("tournament-public-bracket", f"/p/{knockout.view_id}/"),
        ("tournament-entry", f"/p/{swiss.view_id}/entries/1/"),
        ("tournament-match", f"/m/{playing.match_id}/"),
        ("tournament-match-next", f"/m/{finished.match_view}/"),
    ):
        page.goto(site + url)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-{name}.png"), full_page=True)
    context.close()


def _club_evening(club, teams, season):
    """A club's evening of two Swiss rounds, every table decided by the director."""

    tournament = club_services.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Vendredi",
                "variant": "tarneeb",
                "auto_advance": False,
                "stages": [{"format": "swiss", "rounds": 2}],
                "entries": [{"name": name, "players": [a, b]} for name, a, b in teams],
            }
        ),
        season=season,
    )
    tournament_services.tournament_start(tournament_id=tournament.pk)
    for number in (1, 2):
        if number == 2:
            tournament_services.round_draw(tournament_id=tournament.pk)
        for pairing in Round.objects.get(tournament=tournament, number=number).pairings.all():
            side = (pairing.slot + number) % 2
            tournament_services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=number,
                slot=pairing.slot,
                winner=pairing.entries[side],
                points=[10, 3] if side == 0 else [3, 10],
            )
    return tournament


PERSIAN_TEAMS = [
    ("ستاره‌ها", "سارا", "بهرام"),
    ("عقاب‌ها", "مریم", "رضا"),
    ("شیرها", "نازنین", "کاوه"),
    ("شاهین‌ها", "لیلا", "امید"),
]
ITALIAN_TEAMS = [
    ("Gli Assi", "Giulia", "Marco"),
    ("I Re", "Chiara", "Luca"),
    ("Le Donne", "Sofia", "Matteo"),
    ("I Fanti", "Elisa", "Paolo"),
]
CLUB_WORDS = {  # teams, the club's name, the season's name
    "ar": (ARABIC[:4], "نادي الورق", "الخريف"),
    "fr": (LATIN[:4], "Club de belote de Lyon", "Automne"),
    "en": (LATIN[:4], "Lyon card club", "Autumn"),
    "fa": (PERSIAN_TEAMS, "باشگاه ورق تهران", "پاییز"),
    "it": (ITALIAN_TEAMS, "Circolo di Ravenna", "Autunno"),
}


@pytest.mark.parametrize("language", ["en", "fa", "it", "ar", "fr"])
def test_club_screenshots(browser, site, language):
    """The club's public page, a player's page (its rating chart) and the club's desk, at
    390x844, none wider than the phone."""

    TOURNAMENT_OUT.mkdir(parents=True, exist_ok=True)
    teams, club_name, season_name = CLUB_WORDS[language]
    club = club_services.club_create(name=club_name, language=language)
    club_services.season_create(
        club_id=club.pk,
        name=season_name,
        scoring="placement",
        points=[25, 18, 15, 12],
        best_of=None,
    )
    for _evening in range(3):
        _club_evening(club, teams, 1)
    player = Player.objects.get(club=club, name=teams[0][1])
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    for name, url in (
        ("club", f"/p/c/{club.view_id}/"),
        ("club-player", f"/p/c/{club.view_id}/players/{player.number}/"),
        ("club-desk", f"/club/{club.pk}/"),
    ):
        page.goto(site + url)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name} overflows: {width}px"
    context.close()


MELEE_PLAYERS = {
    "en": ["Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gina", "Hugo", "Irene"],
    "fa": ["سارا", "بهرام", "مریم", "رضا", "نازنین", "کاوه", "لیلا", "امید", "زهره"],
    "it": ["Giulia", "Marco", "Chiara", "Luca", "Sofia", "Matteo", "Elisa", "Paolo", "Irene"],
}
MELEE_TITLES = {"en": "Friday mêlée", "fa": "مسابقهٔ انفرادی", "it": "Gara individuale"}


@pytest.mark.parametrize("language", ["en", "fa", "it"])
def test_melee_screenshots(browser, site, language):
    """An individual event (format ``melee``): nine players, two tables of two teams and one
    sitting out; table 1 decided by the director. The desk (its top, the director's result
    open), the public page and the projector; a trionfo table's desk."""
    from tournaments import selectors as tournament_selectors

    OUT.mkdir(exist_ok=True)
    TOURNAMENT_OUT.mkdir(parents=True, exist_ok=True)
    players = MELEE_PLAYERS[language]
    melee = tournament_services.tournament_create(
        validation.tournament_spec(
            dict(
                name=MELEE_TITLES[language],
                variant="belote",
                round_minutes=40,
                stages=[{"format": "melee", "rounds": 4}],
                entries=[{"name": name} for name in players],
            )
        )
    )
    tournament_services.tournament_start(tournament_id=melee.pk)
    round_one = tournament_selectors.rounds_data(melee, director=True)[0]
    first, rested = round_one["pairings"][0], round_one["sit_out"][0]
    tournament_services.pairing_result_set(
        tournament_id=melee.pk,
        round_number=1,
        slot=first["slot"],
        winner=first["teams"][1][0],
        points=[0, 162],
    )
    trionfo = tournament_services.tournament_create(
        validation.tournament_spec(
            dict(
                name=MELEE_TITLES[language] + " · trionfo",
                variant="trionfo",
                stages=[{"format": "melee", "rounds": 3}],
                entries=[{"name": name} for name in players[:6]],
            )
        )
    )
    tournament_services.tournament_start(tournament_id=trionfo.pk)
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(f"{site}/d/{melee.pk}/")
    page.screenshot(path=str(OUT / f"{language}-melee-desk.png"), full_page=True)
    page.locator("#round-1").scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / f"{language}-melee-desk-top.png"))
    second = page.locator(".pairing").nth(1)
    second.locator(".director-result summary").click()
    second.scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / f"{language}-melee-desk-result.png"))
    page.goto(f"{site}/d/{trionfo.pk}/")
    page.locator(".director-result summary").first.click()
    page.screenshot(path=str(OUT / f"{language}-melee-trionfo-desk.png"), full_page=True)
    page.goto(f"{site}/p/{melee.view_id}/")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-melee-public.png"), full_page=True)
    # the standings scrolled to their far end: the tiebreaks and the partners column
    standings = page.locator(".standings .scroll").first
    standings.evaluate(
        "e => { const rtl = getComputedStyle(e).direction === 'rtl';"
        " e.scrollLeft = rtl ? -e.scrollWidth : e.scrollWidth; }"
    )
    standings.screenshot(path=str(TOURNAMENT_OUT / f"{language}-melee-standings-end.png"))
    page.goto(f"{site}/d/{melee.pk}/cards/?per_page=2")
    page.screenshot(path=str(OUT / f"{language}-melee-cards.png"), full_page=True)
    # at the table: the match page's tournament panel; a player's rounds (partner, opponents)
    page.goto(f"{site}/m/{first['match']}/")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-melee-match.png"))
    for name, url in (
        ("melee-player", f"/p/{melee.view_id}/entries/{first['teams'][0][0]}/"),
        ("melee-sit-out", f"/p/{melee.view_id}/entries/{rested}/"),
    ):
        page.goto(site + url)
        page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name} overflows: {width}px"
    context.close()
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=language)
    page = projector.new_page()
    for name, tournament in (("melee", melee), ("melee-trionfo", trionfo)):
        page.goto(site + f"/p/{tournament.view_id}/projector/")
        page.wait_for_load_state("networkidle")
        page.evaluate(
            "() => { for (const s of document.querySelectorAll('.slide'))"
            " s.classList.toggle('is-shown', s.dataset.slide === 'pairings'); }"
        )
        page.screenshot(path=str(TOURNAMENT_OUT / f"{language}-projector-{name}.png"))
    projector.close()
