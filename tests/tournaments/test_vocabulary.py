"""The tournaments' words are declared once (``brackets.vocabulary``, ``brackets.shapes``, each
format's class) and every model, form and service reads them: a name limit is the same in
the model, the form, the API's schema and the service (a name one character longer is
refused everywhere, the longest accepted everywhere); the statuses are the models'
choices; ``games_to_win`` has one pair of bounds; a format's label is the format's."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext

from scorekeeper.rules import RuleViolation
from scorekeeper.rules import match as match_rules
from tournaments import validation
from tournaments.api import schema
from tournaments.brackets import FORMATS, vocabulary
from tournaments.brackets.vocabulary import (
    SHAPE_NAME,
    PairingStatus,
    RoundStatus,
    TournamentStatus,
)
from tournaments.models import Club, Entry, Pairing, Player, Round, Season, Tournament
from tournaments.pages import clubs as club_pages
from tournaments.pages import forms as tournament_pages
from tournaments.services import clubs

LIMITS = {
    "tournament": vocabulary.TOURNAMENT_NAME,
    "entry": vocabulary.ENTRY_NAME,
    "player": vocabulary.PLAYER_NAME,
    "club": vocabulary.CLUB_NAME,
    "season": vocabulary.SEASON_NAME,
}


def _max_length(model, name="name") -> int:
    return model._meta.get_field(name).max_length


def test_every_name_limit_is_the_models_the_forms_and_the_services():
    assert {
        "tournament": _max_length(Tournament),
        "entry": _max_length(Entry),
        "player": _max_length(Player),
        "club": _max_length(Club),
        "season": _max_length(Season),
    } == LIMITS
    forms = {
        "tournament": tournament_pages.TournamentForm.base_fields["name"].limit,
        "player": club_pages.PlayerForm.base_fields["name"].max_length,
        "club": club_pages.ClubForm.base_fields["name"].max_length,
        "season": club_pages.SeasonForm.base_fields["name"].max_length,
    }
    assert forms == {key: LIMITS[key] for key in forms}
    assert club_pages.RenameForm.base_fields["name"].max_length == LIMITS["player"]
    assert LIMITS["tournament"] == validation.MAX_TOURNAMENT_NAME
    assert LIMITS["entry"] == validation.MAX_ENTRY_NAME
    assert validation.MAX_PLAYER_NAME == match_rules.MAX_PLAYER_NAME == LIMITS["player"]
    assert LIMITS["club"] == clubs.CLUB_NAME
    assert schema._players().child.max_length == LIMITS["player"]
    assert _max_length(Pairing, "shape") == SHAPE_NAME


@pytest.mark.django_db
def test_a_club_player_season_and_club_name_at_the_limit_and_past_it():
    club = clubs.club_create(name="C" * LIMITS["club"], language="en")
    with pytest.raises(RuleViolation):
        clubs.club_create(name="C" * (LIMITS["club"] + 1), language="en")
    assert clubs.player_create(club_id=club.pk, name="P" * LIMITS["player"])
    with pytest.raises(RuleViolation):  # the model and the form took 80, the service 40
        clubs.player_create(club_id=club.pk, name="Q" * (LIMITS["player"] + 1))
    assert clubs.season_create(club_id=club.pk, name="S" * LIMITS["season"], scoring="match_points")
    with pytest.raises(RuleViolation):
        clubs.season_create(
            club_id=club.pk, name="S" * (LIMITS["season"] + 1), scoring="match_points"
        )


def test_the_statuses_are_the_models_choices():
    for model, statuses in (
        (Tournament, TournamentStatus),
        (Round, RoundStatus),
        (Pairing, PairingStatus),
    ):
        assert [value for value, _label in model.Status.choices] == [s.value for s in statuses]
        assert [m.name for m in model.Status] == [s.name for s in statuses]
        assert model._meta.get_field("status").choices == model.Status.choices
    assert Pairing.Status.AWAITING == "awaiting_confirmation" == PairingStatus.AWAITING


def test_games_to_win_has_one_pair_of_bounds():
    assert vocabulary.GAMES_TO_WIN == match_rules.GAMES_TO_WIN == (1, 2)
    field = next(f for f in validation.TOURNAMENT if f.name == "games_to_win")
    assert (field.min, field.max) == (1, 2)
    choices = tournament_pages.TournamentForm.base_fields["games_to_win"].choices
    # the bounds, and best of three in the knockout only (one game before it)
    assert [value for value, _label in choices] == ["1", "2", tournament_pages.KNOCKOUT_ONLY]


def test_every_format_has_its_label_marked_for_translation():
    for fmt in FORMATS.values():
        assert fmt.label and gettext(fmt.label)
