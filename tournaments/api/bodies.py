"""Every body the tournament and club API takes, declared once.

Each write's body is a ``Body`` serializer built from a declaration of fields
(``scorekeeper.rules.fields``, the same classes ``validation`` declares a tournament
with): the one declaration checks the body (a ``RuleViolation`` naming the field, answered
``400`` in the request's language, before anything is stored) and is published as the
operation's request body in the OpenAPI schema. What a body's value means (a winner in
the pairing, a season of the club) is checked by the service, as before.

A view reads its body with ``read(request, SomeBody)``: a body that is not a JSON object
(empty, a list, not JSON at all) is refused naming the body's first field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from django.conf import settings
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.request import Request

from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import Bool, Choice, Field, Int, clean_fields
from scorekeeper.rules.names import Name

from .. import validation
from ..brackets import vocabulary
from ..brackets.seasons import SCORINGS
from .schema import described

NOT_AN_OBJECT = _("The body must be a JSON object.")


class Body(serializers.Serializer):
    """A body declared by ``declaration``. ``given_only``: a change (``PATCH``) where every
    field may be left out; only the fields given are answered. Otherwise every declared
    field is answered, its default where it was left out."""

    declaration: ClassVar[tuple[Field, ...]] = ()
    given_only: ClassVar[bool] = False

    @classmethod
    def first(cls) -> str:
        """The field a body that is no JSON object is refused by."""
        named = [f.name for f in cls.declaration if f.required] or [f.name for f in cls.declaration]
        return named[0] if named else "non_field_errors"

    def run_validation(self, data: Any = serializers.empty) -> dict[str, Any]:
        # The declaration answers every body, ``null`` and none included (DRF's own
        # "No data provided" would name no field).
        return self.check(None if data is serializers.empty else data)

    @classmethod
    def check(cls, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise RuleViolation(cls.first(), NOT_AN_OBJECT)
        if cls.given_only:
            validation.refuse_unknown(data, {f.name for f in cls.declaration})
            return clean_fields([f for f in cls.declaration if f.name in data], data)
        return clean_fields(cls.declaration, data)


def body(
    name: str,  # the component's name in the schema
    declaration: Sequence[Field],
    *,
    given_only: bool = False,
    shown: Mapping[str, Callable[..., serializers.Field]] | None = None,
    base: type[Body] = Body,
) -> type[Body]:
    """A ``Body`` of ``declaration``; ``shown``: how the schema shows a field whose value
    its own check reads (a list of numbers), by name."""
    shown = shown or {}
    attrs: dict[str, Any] = {}
    for field in declaration:
        if field.name in shown:
            attrs[field.name] = shown[field.name](
                required=field.required and not given_only,
                allow_null=field.nullable,
                **({"help_text": field.help} if field.help else {}),
            )
        else:
            attrs[field.name] = described(field)
            if given_only:
                attrs[field.name].required = False
    attrs.update(declaration=tuple(declaration), given_only=given_only)
    return type(name, (base,), attrs)


def read(request: Request, declared: type[Body]) -> dict[str, Any]:
    """The request's body checked against its declaration (see the module's docstring)."""
    try:
        data = request.data
    except ParseError as error:
        if "larger than" in str(error.detail):
            raise
        raise RuleViolation(declared.first(), NOT_AN_OBJECT) from error
    serializer = declared(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _list_of_ints(**extra: Any) -> serializers.Field:
    return serializers.ListField(child=serializers.IntegerField(), **extra)


def _text(max_length: int) -> Callable[..., serializers.Field]:
    return lambda **extra: serializers.CharField(max_length=max_length, **extra)


def _language_choice() -> Choice:
    return Choice(
        "language",
        required=False,
        default="en",
        choices=tuple(code for code, _name in settings.LANGUAGES),
    )


TOURNAMENT_BY_NAME = {f.name: f for f in validation.TOURNAMENT}


# --- the tournament -------------------------------------------------------------------
class TournamentBody(Body):
    """A new tournament (``POST /api/tournaments/``): its declaration is
    ``validation.TOURNAMENT``, checked by ``validation.tournament_spec`` (a ``null``
    where a field may be left out counts as left out); answered as ``{"spec": …}``, the
    typed value ``services.tournament_create`` takes."""

    @classmethod
    def check(cls, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise RuleViolation(cls.first(), NOT_AN_OBJECT)
        return {"spec": validation.tournament_spec(data)}


TournamentCreateBody = body("TournamentCreateBody", validation.TOURNAMENT, base=TournamentBody)
SettingsBody = body(
    "TournamentSettingsBody",
    [TOURNAMENT_BY_NAME[name] for name in validation.SETTINGS],
    given_only=True,
)

# --- entries --------------------------------------------------------------------------
# One entry's fields as given: ``players`` is required in a tournament of teams only (the
# service knows which), so the body checks what is given and the service the rest.
EntryBody = body("EntryBody", validation.ENTRY, given_only=True)
EntryPatchBody = body(
    "EntryPatchBody",
    [Bool("active", required=False, help="false: the entry drops out."), *validation.ENTRY],
    given_only=True,
)


class EntriesBody(Body):
    """One entry (checked here), or a list of entries (each checked by the service, which
    names a refused one by its place in the list): ``{"entry": …}``. Its schema is
    ``ENTRY_OR_LIST`` of the view."""

    declaration = EntryBody.declaration

    @classmethod
    def check(cls, data: Any) -> dict[str, Any]:
        return {"entry": data if isinstance(data, list) else EntryBody.check(data)}


# --- rounds and pairings --------------------------------------------------------------
ResultBody = body(
    "ResultBody",
    [
        Int("winner", required=False, nullable=True, min=1, help="The winning entry's number."),
        Bool("draw", required=False, nullable=True, help="Not in an elimination stage."),
        Field("points", required=False, help="The sides' points, in the pairing's order."),
        Field("games", required=False, help="Games won, in the pairing's order."),
        Int("forfeit", required=False, nullable=True, min=1, help="The entry that did not play."),
        Field("reason", required=False, help="Why (audited)."),
    ],
    given_only=True,
    shown={"points": _list_of_ints, "games": _list_of_ints, "reason": _text(200)},
)
SwapBody = body(
    "SwapBody",
    [Field("entries", help="The two entries that change places.")],
    shown={"entries": _list_of_ints},
)
ClockBody = body(
    "ClockBody",
    [
        Choice("action", choices=("call_time", "extend")),
        Int("minutes", required=False, nullable=True, min=1, max=validation.MAX_MINUTES),
        Int("slot", required=False, nullable=True, min=1, help="One table only."),
    ],
)
ConfirmBody = body(
    "ConfirmBody",
    [
        Bool("agree", help="true: the result stands; false: the pairing is disputed."),
        Field("note", required=False, default="", help="Why not (at most 200 characters)."),
    ],
    shown={"note": _text(200)},
)
NoBody = body("NoBody", [])

# --- clubs ----------------------------------------------------------------------------
CLUB_NAME = Name("name", max_length=vocabulary.CLUB_NAME)
ClubBody = body("ClubBody", [CLUB_NAME, _language_choice()])
ClubPatchBody = body("ClubPatchBody", [CLUB_NAME, _language_choice()], given_only=True)
PLAYER_NAME = Name("name", max_length=vocabulary.PLAYER_NAME)
PlayerBody = body("PlayerBody", [PLAYER_NAME])
MergeBody = body("MergeBody", [Int("into", min=1, help="The player every entry goes to.")])
SeasonBody = body(
    "SeasonBody",
    [
        Name("name", max_length=vocabulary.SEASON_NAME),
        Choice("scoring", choices=tuple(SCORINGS)),
        Field("points", required=False, nullable=True, help="Points by rank (placement)."),
        Int("best_of", required=False, nullable=True, min=1),
    ],
    shown={"points": _list_of_ints},
)


class ClubTournamentBody(Body):
    """A club's new tournament: the body of ``POST /api/tournaments/`` and an optional
    ``season``; or ``{"copy_of": "<tournament id>", "name": "…"}`` (and ``season``)."""

    @classmethod
    def first(cls) -> str:
        return "name"

    @classmethod
    def check(cls, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise RuleViolation(cls.first(), NOT_AN_OBJECT)
        fields = dict(data)
        season, copy_of = fields.pop("season", None), fields.pop("copy_of", None)
        if season is not None:
            Int("season", min=1).clean(season)
        if copy_of is not None:
            validation.refuse_unknown(fields, {"name"})
            if not isinstance(copy_of, str):
                raise RuleViolation(
                    "copy_of", _("Give the director's key of an earlier tournament.")
                )
            return {"season": season, "copy_of": copy_of, "name": fields.get("name")}
        return {"season": season, **TournamentBody.check(fields)}


ClubTournamentCreateBody = body(
    "ClubTournamentBody",
    [
        *(
            replace(f, required=False) if f.name in ("variant", "stages") else f
            for f in validation.TOURNAMENT
        ),
        Int("season", required=False, nullable=True, min=1, help="The club's season."),
        Field("copy_of", required=False, nullable=True, help="An earlier tournament's id."),
    ],
    base=ClubTournamentBody,
    shown={"copy_of": _text(64)},
)
