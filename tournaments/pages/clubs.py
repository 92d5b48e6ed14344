"""A club's pages (``../shared/clubs.md``: Pages): the public page (its ``view_id``), a
player's page with their rating chart (an SVG drawn here, no script), and the club's desk
(its ``id``): the next evening from the last in one tap, players (add, rename, merge, a
CSV import) and seasons. Every form is a Django form; what a service refuses is shown by
the form, in the request's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import rules, throttling, words
from scorekeeper.rules import RuleViolation
from scorekeeper.translate import translated
from tournaments import validation
from tournaments.brackets import get_format, vocabulary
from tournaments.brackets.seasons import SCORINGS
from tournaments.models import Club, Player, Season, Tournament
from tournaments.selectors import clubs as club_selectors
from tournaments.selectors.problems import club_problem
from tournaments.selectors.view import tournament_view
from tournaments.services import clubs as club_services

from . import creation

NOT_FOUND = (Club.DoesNotExist, Player.DoesNotExist, Season.DoesNotExist, ValueError)


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=vocabulary.CLUB_NAME)
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=vocabulary.PLAYER_NAME)


class RenameForm(forms.Form):
    number = forms.IntegerField(label=_("Player number"), min_value=1)
    name = forms.CharField(label=_("New name"), max_length=vocabulary.PLAYER_NAME)


class MergeForm(forms.Form):
    number = forms.IntegerField(label=_("Player number"), min_value=1)
    into = forms.IntegerField(label=_("Into player number"), min_value=1)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file (one name a line)"))


# The words people read for the codes the API speaks.
SCORING_LABELS = {
    "placement": _("Points by placement"),
    "match_points": _("Match points"),
    "average_placement": _("Average placement"),
}
STATUS_LABELS = {
    "registration": _("Registration"),
    "running": _("Running"),
    "finished": _("Finished"),
}


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Season name"), max_length=vocabulary.SEASON_NAME)
    scoring = forms.ChoiceField(
        label=_("Scoring"), choices=[(s, SCORING_LABELS.get(s, s)) for s in SCORINGS]
    )
    points = forms.CharField(label=_("Points by rank"), required=False, initial="25,18,15,12,10")
    best_of = forms.IntegerField(label=_("Best of"), required=False, min_value=1, max_value=10**6)


class SeasonEditForm(SeasonForm):
    number = forms.IntegerField(label=_("Season number"), min_value=1, max_value=10**6)
    field_order = ["number", "name", "scoring", "points", "best_of"]


class NewTournamentForm(forms.Form):
    """The club's new tournament, step 1: its game and its season (step 2 is the site's
    creation page, the club shown on it)."""

    variant = forms.ChoiceField(label=_("Game"))
    season = forms.TypedChoiceField(label=_("Season"), required=False, coerce=int)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        slugs = [*validation.team_variants(), *sorted(validation.INDIVIDUAL_ONLY)]
        cast(forms.ChoiceField, self.fields["variant"]).choices = [
            (slug, words.game_name(rules.VARIANTS[slug])) for slug in slugs
        ]
        seasons = club.seasons.order_by("-number")
        cast(forms.ChoiceField, self.fields["season"]).choices = [("", _("No season"))] + [
            (season.number, season.name) for season in seasons
        ]
        last = seasons.first()
        self.fields["season"].initial = last.number if last else ""


def _club(token: str, *, director: bool) -> Club:
    """The club a link opens; ``director``: only by the director's key (a 404 otherwise)."""
    try:
        club, is_director = club_selectors.club_by_token(token)
    except NOT_FOUND as error:
        raise Http404 from error
    if director and not is_director:
        raise Http404
    return club


def club_public(request: HttpRequest, view_id: str) -> HttpResponse:
    """The season's table, the players and their ratings, the last and next evenings."""
    club = _club(view_id, director=False)
    season = club.seasons.order_by("-number").first()
    last = (
        Tournament.objects.filter(club=club)
        .exclude(status=Tournament.Status.REGISTRATION)
        .order_by("-created_at")
        .first()
    )
    players = sorted(club_selectors.players_data(club), key=lambda p: -p["rating"])
    last_rows = tournament_view(last, director=False).standings if last else []
    if last is not None:  # each row's players, linked to their pages
        people = club_selectors.entry_players(last)
        individual = club_selectors.is_individual(last)
        last_rows = [
            {
                **row,
                "people": people.get(row["entry"], []),
                "single": people[row["entry"]][0]
                if individual and len(people.get(row["entry"], [])) == 1
                else None,
            }
            for row in last_rows
        ]
    return render(
        request,
        "tournaments/club.html",
        {
            "club": club_selectors.club_data(club, director=False),
            "season": season,
            "season_scoring": SCORING_LABELS.get(season.scoring, season.scoring) if season else "",
            "season_rows": club_selectors.season_rows(season) if season else [],
            "players": players,
            "last": last,
            "last_rows": last_rows,
        },
    )


def rating_chart(
    points: list[dict[str, Any]], width: int = 320, height: int = 120
) -> dict[str, Any]:
    """The polyline of a player's rating after each rated pairing, scaled into the box."""
    values = [p["rating"] for p in points]
    if not values:
        return {}
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = width / max(len(values) - 1, 1)
    coords = [
        (round(i * step, 1), round(height - (v - low) / span * (height - 10) - 5, 1))
        for i, v in enumerate(values)
    ]
    return {
        "width": width,
        "height": height,
        "points": " ".join(f"{x},{y}" for x, y in coords),
        "dots": [(str(x), str(y)) for x, y in coords],  # strings: never "12,5" in French
        "low": low,
        "high": high,
        "last": values[-1],
    }


def club_player(request: HttpRequest, view_id: str, number: int) -> HttpResponse:
    """A player's evenings, partners, head-to-head and rating chart."""
    club = _club(view_id, director=False)
    try:
        player = club_selectors.player_data(club, number)
    except Player.DoesNotExist as error:
        raise Http404 from error
    partners = Counter(name for evening in player["history"] for name in evening["partners"])
    versus: dict[str, Counter[str]] = {}
    for evening in player["history"]:
        for pairing in evening["pairings"]:
            for name in pairing["opponent_players"]:
                versus.setdefault(name, Counter())[pairing["result"]] += 1
    return render(
        request,
        "tournaments/club_player.html",
        {
            "club": club,
            "player": player,
            "partners": partners.most_common(),
            "versus": sorted(versus.items(), key=lambda item: -sum(item[1].values())),
            "chart": rating_chart(player["rating_history"]),
        },
    )


@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    language = (get_language() or settings.LANGUAGE_CODE).split("-")[0]
    form = ClubForm(request.POST or None, initial={"language": language})
    if request.method == "POST" and form.is_valid():
        wait = throttling.creation_refused(request)  # a club counts as a creation
        if wait is not None:
            form.add_error(None, throttling.refusal(wait))
            page = render(request, "tournaments/club_new.html", {"form": form}, status=400)
            return throttling.answer(page, wait)
        try:
            club = club_services.club_create(**form.cleaned_data)
        except RuleViolation as violation:
            form.add_error(None, translated(violation))
        else:
            return HttpResponseRedirect(reverse("club-desk", args=[club.pk]))
    return render(request, "tournaments/club_new.html", {"form": form})


FORMS: dict[str, type[forms.Form]] = {
    "player": PlayerForm,
    "rename": RenameForm,
    "merge": MergeForm,
    "import": ImportForm,
    "season": SeasonForm,
    "season_edit": SeasonEditForm,
}
PLAYER_FORMS = ("player", "rename", "merge", "import")
SHOWN_NAMES = 50  # an import's names shown after it (the counts say the rest)


def _tournament_rows(club: Club) -> list[dict[str, Any]]:
    """Every tournament of the club, latest first, in words: its game, its stages' formats,
    its season and its state."""
    rows = []
    for tournament in (
        Tournament.objects.filter(club=club)
        .select_related("season")
        .prefetch_related("stages")
        .order_by("-created_at")
    ):
        variant = rules.VARIANTS.get(tournament.variant)
        stages = sorted(tournament.stages.all(), key=lambda stage: stage.number)
        rows.append(
            {
                "tournament": tournament,
                "game": words.game_name(variant) if variant else tournament.variant,
                "formats": [gettext(get_format(s.format).label) for s in stages],
                "season": tournament.season,
                "status": STATUS_LABELS.get(tournament.status, tournament.status),
            }
        )
    return rows


def _desk(
    request: HttpRequest,
    club: Club,
    bound: dict[str, forms.Form],
    status: int = 200,
) -> HttpResponse:
    forms_now = {key: bound.get(key) or form(auto_id=f"{key}-%s") for key, form in FORMS.items()}
    seasons = list(club.seasons.order_by("number"))
    context = {
        "club": club,
        "club_data": club_selectors.club_data(club, director=True),
        "problem": club_problem(club),
        "players": club_selectors.players_data(club),
        "tournaments": _tournament_rows(club),
        "player_forms": {key: forms_now[key] for key in PLAYER_FORMS},
        "season_form": forms_now["season"],
        "season_edit_form": forms_now["season_edit"],
        "seasons": [
            {"season": season, "scoring": SCORING_LABELS.get(season.scoring, season.scoring)}
            for season in seasons
        ],
        "new_form": bound.get("new") or NewTournamentForm(club=club, auto_id="new-%s"),
        "imported": request.session.pop("club_imported", None)
        if hasattr(request, "session")
        else None,
    }
    return render(request, "tournaments/club_desk.html", context, status=status)


def club_desk(request: HttpRequest, token: str) -> HttpResponse:
    club = _club(token, director=True)
    return _desk(request, club, {})


def _points(text: str) -> list[int] | str:
    try:
        return [int(part) for part in text.replace("،", ",").split(",") if part.strip()]
    except ValueError:
        return text


ACTIONS: dict[str, Callable[[Club, dict[str, Any]], Any]] = {
    "player": lambda club, data: club_services.player_create(club_id=club.pk, **data),
    "rename": lambda club, data: club_services.player_rename(club_id=club.pk, **data),
    "merge": lambda club, data: club_services.player_merge(club_id=club.pk, **data),
    "import": lambda club, data: club_services.players_import(club_id=club.pk, **data),
    "season": lambda club, data: club_services.season_create(
        club_id=club.pk, **{**data, "points": _points(data.get("points") or "")}
    ),
    "season_edit": lambda club, data: club_services.season_update(
        club_id=club.pk, **{**data, "points": _points(data.get("points") or "")}
    ),
}


@require_POST
def club_desk_action(request: HttpRequest, token: str, action: str) -> HttpResponse:
    """One of the desk's forms: its service called; back to the desk, or the refusal
    shown by the form."""
    club = _club(token, director=True)
    if action not in FORMS:
        raise Http404
    form = FORMS[action](request.POST, request.FILES, auto_id=f"{action}-%s")
    if form.is_valid():
        try:
            done = ACTIONS[action](club, form.cleaned_data)
        except RuleViolation as violation:
            field = violation.field if violation.field in form.fields else None
            form.add_error(field, translated(violation))
        except NOT_FOUND:
            if action == "season_edit":
                form.add_error("number", _("The club has no season of this number."))
            else:
                form.add_error("number", _("The club has no player of this number."))
        else:
            if action == "import":  # the names added and those already there, after the redirect
                request.session["club_imported"] = {
                    key: {"count": len(names), "names": names[:SHOWN_NAMES]}
                    for key, names in done.items()
                }
            return HttpResponseRedirect(reverse("club-desk", args=[club.pk]))
    return _desk(request, club, {action: form}, status=400)


@require_POST
def club_next_evening(request: HttpRequest, token: str) -> HttpResponse:
    """The next evening in one tap: the last one's settings and season, named by its date;
    with ``same_players`` its entries too (the director then removes the absent)."""
    club = _club(token, director=True)
    last = Tournament.objects.filter(club=club).order_by("-created_at").first()
    if last is None:
        raise Http404
    wait = throttling.creation_refused(request)  # the creation page's limit
    if wait is not None:
        season = last.season.number if last.season else ""
        refused = NewTournamentForm(
            {"variant": last.variant, "season": season}, club=club, auto_id="new-%s"
        )
        refused.is_valid()
        refused.add_error(None, throttling.refusal(wait))
        return throttling.answer(_desk(request, club, {"new": refused}, status=400), wait)
    tournament = club_services.club_tournament_create(
        club_id=club.pk,
        name=timezone.localdate().isoformat(),  # named by its date
        season=last.season.number if last.season else None,
        copy_of=str(last.pk),
        same_players=request.POST.get("same_players") == "1",
    )
    return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))


@require_GET
def club_tournament_choose(request: HttpRequest, token: str) -> HttpResponse:
    """A new tournament of the club, step 1 (the desk's form): its game and season; then
    the site's creation page for that game, the club's."""
    club = _club(token, director=True)
    form = NewTournamentForm(request.GET, club=club, auto_id="new-%s")
    if not form.is_valid():
        return _desk(request, club, {"new": form}, status=400)
    url = reverse("club-tournament-new", args=[club.pk, form.cleaned_data["variant"]])
    season = form.cleaned_data["season"]
    return HttpResponseRedirect(f"{url}?season={season}" if season else url)


@require_http_methods(["GET", "POST"])
def club_tournament_new(request: HttpRequest, token: str, slug: str) -> HttpResponse:
    """The site's creation page (every setting, the entries), creating the tournament as
    the club's, in the season chosen on the desk (``?season=``)."""
    club = _club(token, director=True)
    season = None
    chosen = request.GET.get("season", "")
    if chosen:
        picked = NewTournamentForm({"variant": slug, "season": chosen}, club=club)
        if not picked.is_valid():
            return _desk(request, club, {"new": picked}, status=400)
        season = club.seasons.get(number=picked.cleaned_data["season"])

    def create(spec: validation.TournamentInput) -> Tournament:
        return club_services.club_tournament_create(
            club_id=club.pk, spec=spec, season=season.number if season else None
        )

    return creation.new(request, slug, create=create, extra={"club": club, "season": season})
