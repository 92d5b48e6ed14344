from django.urls import path

from . import changes, clubs, views

urlpatterns = [
    path("tournaments/", views.TournamentList.as_view(), name="tournament-list"),
    path("tournaments/<str:token>/", changes.TournamentDetail.as_view(), name="tournament-detail"),
    path(
        "tournaments/<str:token>/start/", views.TournamentStart.as_view(), name="tournament-start"
    ),
    path("tournaments/<str:token>/entries/", views.EntryList.as_view(), name="entry-list"),
    path(
        "tournaments/<str:token>/entries/<int:number>/",
        views.EntryDetail.as_view(),
        name="entry-detail",
    ),
    path("tournaments/<str:token>/rounds/", views.RoundList.as_view(), name="round-list"),
    path("tournaments/<str:token>/rounds/next/", views.RoundNext.as_view(), name="round-next"),
    path(
        "tournaments/<str:token>/rounds/<int:number>/",
        views.RoundDetail.as_view(),
        name="round-detail",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/clock/",
        views.RoundClock.as_view(),
        name="round-clock",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/pairings/<int:slot>/result/",
        changes.PairingResult.as_view(),
        name="pairing-result",
    ),
    path("tournaments/<str:token>/standings/", changes.Standings.as_view(), name="standings"),
    path(
        "tournaments/<str:token>/unstart/",
        changes.TournamentUnstart.as_view(),
        name="tournament-unstart",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/redraw/",
        changes.RoundRedraw.as_view(),
        name="round-redraw",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/swap/",
        changes.RoundSwap.as_view(),
        name="round-swap",
    ),
    # Under /api/matches/ (scorekeeper's), routed here: scorekeeper never imports tournaments.
    path("matches/<str:token>/confirm/", changes.MatchConfirm.as_view(), name="match-confirm"),
    path("tables/<str:key>/", views.TableDetail.as_view(), name="table-detail"),
]

# Clubs (clubs.md): the clubs' own URLs, and the tournaments' exports.
urlpatterns += [
    path("clubs/", clubs.ClubList.as_view(), name="club-list"),
    path("clubs/<str:token>/", clubs.ClubDetail.as_view(), name="club-detail"),
    path(
        "clubs/<str:token>/tournaments/",
        clubs.ClubTournaments.as_view(),
        name="club-tournaments",
    ),
    path("clubs/<str:token>/players/", clubs.ClubPlayers.as_view(), name="club-players"),
    path("clubs/<str:token>/players.csv", clubs.ClubPlayersCsv.as_view(), name="club-players-csv"),
    path(
        "clubs/<str:token>/players/<int:number>/",
        clubs.ClubPlayer.as_view(),
        name="club-player",
    ),
    path(
        "clubs/<str:token>/players/<int:number>/merge/",
        clubs.ClubPlayerMerge.as_view(),
        name="club-player-merge",
    ),
    path("clubs/<str:token>/seasons/", clubs.ClubSeasons.as_view(), name="club-seasons"),
    path(
        "clubs/<str:token>/seasons/<int:number>/standings/",
        clubs.SeasonStandings.as_view(),
        name="season-standings",
    ),
    path(
        "tournaments/<str:token>/results.csv",
        clubs.TournamentResultsCsv.as_view(),
        name="tournament-results-csv",
    ),
]
