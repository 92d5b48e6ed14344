"""The director's desk, the table cards and the table keys' page (included by
``scorekeeper/urls.py`` by name: scorekeeper never imports tournaments)."""

from django.urls import path

from . import cards, clubs, creation, desk, desk_changes, desk_entries

urlpatterns = [
    path("tournaments/new/", creation.choose, name="tournament-choose"),
    path("tournaments/new/<slug:slug>/", creation.new, name="tournament-new"),
    path("d/<str:token>/", desk.desk, name="desk"),
    path("d/<str:token>/rounds/", desk.desk_rounds, name="desk-rounds"),
    path("d/<str:token>/start/", desk.start, name="desk-start"),
    path("d/<str:token>/next/", desk.next_round, name="desk-next"),
    path("d/<str:token>/entries/", desk_entries.entries_add, name="desk-entries"),
    path("d/<str:token>/entries/<int:number>/", desk.entry, name="desk-entry"),
    path(
        "d/<str:token>/entries/<int:number>/check-in/",
        desk_entries.check_in,
        name="desk-check-in",
    ),
    path("d/<str:token>/rounds/<int:number>/clock/", desk.clock, name="desk-clock"),
    path(
        "d/<str:token>/rounds/<int:number>/pairings/<int:slot>/result/",
        desk_changes.result,
        name="desk-result",
    ),
    path("d/<str:token>/unstart/", desk_changes.unstart, name="desk-unstart"),
    path("d/<str:token>/hold/", desk_changes.hold, name="desk-hold"),
    path("d/<str:token>/settings/", desk_changes.settings, name="desk-settings"),
    path("d/<str:token>/rounds/<int:number>/redraw/", desk_changes.redraw, name="desk-redraw"),
    path("d/<str:token>/rounds/<int:number>/swap/", desk_changes.swap, name="desk-swap"),
    path(
        "d/<str:token>/rounds/<int:number>/pairings/<int:slot>/forfeit/",
        desk_changes.forfeit,
        name="desk-forfeit",
    ),
    path(
        "d/<str:token>/rounds/<int:number>/pairings/<int:slot>/remove/",
        desk_changes.remove,
        name="desk-remove",
    ),
    path(
        "d/<str:token>/rounds/<int:number>/pairings/<int:slot>/confirm/",
        desk_changes.confirm,
        name="desk-confirm",
    ),
    path("d/<str:token>/cards/", cards.cards, name="desk-cards"),
    path("t/", cards.enter, name="table-enter"),
    path("t/<str:key>/", cards.table, name="table-card"),
]

# Clubs (clubs.md): a new club and the club's desk.
urlpatterns += [
    path("clubs/new/", clubs.club_new, name="club-new"),
    path("club/<str:token>/", clubs.club_desk, name="club-desk"),
    path("club/<str:token>/next/", clubs.club_next_evening, name="club-next"),
    path("club/<str:token>/new/", clubs.club_tournament_choose, name="club-tournament-choose"),
    path(
        "club/<str:token>/new/<slug:slug>/",
        clubs.club_tournament_new,
        name="club-tournament-new",
    ),
    path("club/<str:token>/<str:action>/", clubs.club_desk_action, name="club-desk-action"),
]
