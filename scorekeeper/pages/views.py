"""The phone pages: thin views that read through selectors and write through services.

A match is opened by its link's token: the match ``id`` (may enter hands) or its
``view_id`` (spectators: read only). Any other token is a 404. Hands are entered by the
page's JavaScript through the JSON API; undo and close are plain forms posted here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import rules, selectors, services, throttling, words
from ..models import Hand, Match
from ..rules import MatchConflict, RuleViolation
from ..translate import (
    SafeJSONParser,
    conflict_message,
    request_body,
    spectator_refused,
    split_number,
    translated,
)
from . import demo, extensions, fields, handform, live, matchsetup, sheet

MAX_HAND = 10**6


def _variant(slug: str) -> rules.Variant:
    variant = rules.find_variant(slug)
    if variant is None:
        raise Http404
    return variant


def _open(token: str) -> tuple[Match, bool]:
    try:
        return selectors.match_by_token(token)
    except Match.DoesNotExist as error:
        raise Http404 from error


def _writable(token: str) -> Match:
    match, writable = _open(token)
    if not writable:
        raise Http404  # a spectator's link has nothing to post to
    return match


def _games() -> list[dict[str, Any]]:
    """Every game, the families together as a table knows them (tarneeb first)."""
    order = list(words.GAMES)
    variants = sorted(
        rules.VARIANTS.values(),
        key=lambda v: order.index(v.slug) if v.slug in order else len(order),
    )
    return [
        {
            "slug": v.slug,
            "name": words.game_name(v),
            "description": words.game_description(v),
            "players": v.players,
        }
        for v in variants
    ]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    context = {"games": _games(), "demo": demo.listing(), "more_demos": extensions.home_demos()}
    return render(request, "scorekeeper/home.html", context)


@require_GET
def choose(request: HttpRequest) -> HttpResponse:
    return render(request, "scorekeeper/choose.html", {"games": _games()})


@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    variant = _variant(slug)
    if request.method == "GET":
        context = _setup_context(variant, controls=matchsetup.controls(variant))
        return render(request, "scorekeeper/setup.html", context)
    form = matchsetup.MatchSetupForm(variant, request.POST)
    form.is_valid()
    errors = form.option_errors()
    wait = None if errors else throttling.creation_refused(request)
    if wait is not None:
        errors["non_field_errors"] = throttling.refusal(wait)
    if not errors:
        try:
            match = _match_create(slug, form)
        except RuleViolation as violation:
            errors[violation.field] = translated(violation)
        else:
            return HttpResponseRedirect(reverse("match", args=[match.pk]))
    page = render(request, "scorekeeper/setup.html", _refused_context(form, errors), status=400)
    return throttling.answer(page, wait)


def _setup_context(variant: rules.Variant, **shown: Any) -> dict[str, Any]:
    """The set-up page's context: empty names and the defaults, unless ``shown``."""
    return {
        "variant": variant,
        "name": words.game_name(variant),
        "errors": {},
        "players": [""] * variant.players,
        "games_to_win": variant.default_games_to_win,
        "first_dealer": 0,
        **shown,
    }


def _match_create(slug: str, form: matchsetup.MatchSetupForm) -> Match:
    return services.match_create(
        variant=slug,
        players=form.players(),
        options=form.options(),
        games_to_win=form.cleaned_data["games_to_win"],
        first_dealer=form.cleaned_data["first_dealer"],
    )


def _refused_context(form: matchsetup.MatchSetupForm, errors: dict[str, str]) -> dict[str, Any]:
    """The page again with what was posted, each error by its control (the rest above)."""
    controls = matchsetup.controls(form.variant, form.data)
    for control in controls:
        control.error = errors.pop(control.name, "")
    return _setup_context(
        form.variant,
        controls=controls,
        errors=errors,
        players=form.players(),
        games_to_win=form.cleaned_data["games_to_win"],
        first_dealer=form.cleaned_data["first_dealer"],
    )


def js_words() -> dict[str, str]:
    """The hand form script's sentences, in the page's language."""
    return {
        "waiting_one": _(
            "1 hand is waiting on this phone: it will be sent when the network returns."
        ),
        "waiting_many": _(
            "{count} hands are waiting on this phone: they will be sent when the network returns."
        ),
        "sending": _("Sending the waiting hands…"),
        "stored": _("Hand {number} is stored."),
        "corrected": _("Hand {number} is corrected."),
        "save_correction": _("Save the correction"),
        "impossible_count": _(
            "The deck has {aces} aces and {cards} threes, twos and figures: check the count."
        ),
        "offline": _(
            "No network: the score cannot be checked now. Keep the hand on this "
            "phone and send it when the network returns?"
        ),
        "keep": _("Keep it and send it later"),
        "confirm": _("Confirm the hand"),
        "refused": _("A waiting hand was refused: {message}"),
        "conflict": _("This hand was not stored: {message}"),
        "error": _("Something went wrong. Check the hand and try again."),
        "thrown_in": _("Thrown in: no score."),
        "ends_game": _("This hand ends the game."),
        "after": _("after"),
        "hand_number": _("Hand {number}"),
        "stored_many": _("Hands {numbers} are stored."),
        "offline_correction": _(
            "No network: the correction is not saved. Try again when the network returns."
        ),
        "dismiss": _("Dismiss"),
        "already_stored": _("Hand {number} was already stored by another phone: {line}"),
    }


def _match_context(match: Match, writable: bool, token: str) -> dict[str, Any]:
    view = selectors.match_view(match, writable=writable)
    data, outlook, variant = view.data, view.outlook, view.variant
    context = sheet.match_page(view)
    context.update(
        match=data,
        token=token,
        game_name=words.game_name(variant),
        js_words=js_words(),
        poll_seconds=live.POLL_SECONDS,
        js_columns={
            "labels": [col.label for col in context["columns"]],
            "individual": variant.individual,
        },
    )
    if writable and data["status"] != "finished":
        context["hand_form"] = handform.context(variant, data)
        context["rotation"] = sheet.rotation(variant, data, outlook, context["names"])
    return context


@require_GET
def match_page(request: HttpRequest, token: str) -> HttpResponse:
    match, writable = _open(token)
    return render(request, "scorekeeper/match.html", _match_context(match, writable, token))


@require_GET
@cache_control(no_cache=True)
@condition(etag_func=live.etag)
def sheet_partial(request: HttpRequest, token: str) -> HttpResponse:
    """The live parts of the match page, swapped in place by htmx after a hand."""
    match, writable = _open(token)
    return render(request, "scorekeeper/match_live.html", _match_context(match, writable, token))


@require_GET
def correct_page(request: HttpRequest, token: str, number: int) -> HttpResponse:
    match = _writable(token)
    hand = selectors.hands_of(match).filter(number=number).first() if number <= MAX_HAND else None
    if hand is None:
        raise Http404
    context = _match_context(match, True, token)
    context["hand_form"] = handform.context(
        context["variant"], context["match"], correcting=hand.number, initial=hand.input
    )
    return render(request, "scorekeeper/correct.html", context)


class UndoForm(forms.Form):
    """The undo button: the number of the last hand, as the page showed it."""

    number = fields.WholeNumberField(min_value=1, max_value=MAX_HAND, required=True)


@require_POST
def undo(request: HttpRequest, token: str) -> HttpResponse:
    match = _writable(token)
    form = UndoForm(request.POST)
    if not form.is_valid():  # a tampered button: nothing is undone, and the page says why
        reason = " ".join(str(m) for messages_ in form.errors.values() for m in messages_)
        messages.warning(request, _("Nothing was undone: {reason}").format(reason=reason))
        return HttpResponseRedirect(reverse("match", args=[token]))
    number = form.cleaned_data["number"]
    # A stale button (another phone undid or entered a hand first) changes nothing, and the
    # page says why.
    try:
        services.hand_undo(match_id=match.pk, number=number)
    except MatchConflict as conflict:
        messages.warning(
            request, _("Nothing was undone: {reason}").format(reason=conflict_message(conflict))
        )
    else:
        messages.success(
            request,
            _("Hand {number} is undone; the history of changes keeps it.").format(number=number),
        )
    return HttpResponseRedirect(reverse("match", args=[token]))


@require_POST
def close(request: HttpRequest, token: str) -> HttpResponse:
    match = _writable(token)
    try:
        services.match_close(match_id=match.pk)
    except MatchConflict:  # a finished match (MatchFinished) among them
        messages.warning(request, _("The match is already finished."))
    return HttpResponseRedirect(reverse("match", args=[token]))


class PreviewPage(APIView):
    """The hand form's preview: the hand as the API's preview answers it, and its line in the
    page's language (the API's ``summary`` is the engine's English). Errors are answered as
    the API answers them (``translate.exception_handler``)."""

    parser_classes = [SafeJSONParser]

    @extend_schema(exclude=True)
    def post(self, request: Request, token: str) -> Response:
        match, writable = _open(token)
        if not writable:
            raise spectator_refused()
        payload, _number = split_number(request_body(request))
        played = services.hand_preview(match=match, payload=payload).to_dict()
        return Response({**played, "line": sheet.line_of(match, played)})


class CorrectionPreviewPage(APIView):
    """The correction form's preview: hand ``number`` as the correction would score it."""

    parser_classes = [SafeJSONParser]

    @extend_schema(exclude=True)
    def post(self, request: Request, token: str, number: int) -> Response:
        match = _writable(token)
        payload, _number = split_number(request_body(request))
        try:
            played = services.hand_correction_preview(
                match=match, number=number, payload=payload
            ).to_dict()
        except Hand.DoesNotExist as error:
            raise Http404 from error
        return Response({**played, "line": sheet.line_of(match, played)})
