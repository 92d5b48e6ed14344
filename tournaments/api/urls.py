from django.urls import path

from . import clubs, entries, pairings, rounds, standings, tournaments

urlpatterns = [
    # The tournament, and a table's key (tournaments.py).
    path("tournaments/", tournaments.TournamentList.as_view(), name="tournament-list"),
    path(
        "tournaments/<str:token>/", tournaments.TournamentDetail.as_view(), name="tournament-detail"
    ),
    path(
        "tournaments/<str:token>/start/",
        tournaments.TournamentStart.as_view(),
        name="tournament-start",
    ),
    path(
        "tournaments/<str:token>/unstart/",
        tournaments.TournamentUnstart.as_view(),
        name="tournament-unstart",
    ),
    path("tables/<str:key>/", tournaments.TableDetail.as_view(), name="table-detail"),
    # Its entries (entries.py).
    path("tournaments/<str:token>/entries/", entries.EntryList.as_view(), name="entry-list"),
    path(
        "tournaments/<str:token>/entries/<int:number>/",
        entries.EntryDetail.as_view(),
        name="entry-detail",
    ),
    # Its rounds (rounds.py).
    path("tournaments/<str:token>/rounds/", rounds.RoundList.as_view(), name="round-list"),
    path("tournaments/<str:token>/rounds/next/", rounds.RoundNext.as_view(), name="round-next"),
    path(
        "tournaments/<str:token>/rounds/<int:number>/",
        rounds.RoundDetail.as_view(),
        name="round-detail",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/clock/",
        rounds.RoundClock.as_view(),
        name="round-clock",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/redraw/",
        rounds.RoundRedraw.as_view(),
        name="round-redraw",
    ),
    path(
        "tournaments/<str:token>/rounds/<int:number>/swap/",
        rounds.RoundSwap.as_view(),
        name="round-swap",
    ),
    # A pairing's result, and the other side's confirmation under /api/matches/ (scorekeeper's),
    # routed here: scorekeeper never imports tournaments (pairings.py).
    path(
        "tournaments/<str:token>/rounds/<int:number>/pairings/<int:slot>/result/",
        pairings.PairingResult.as_view(),
        name="pairing-result",
    ),
    path("matches/<str:token>/confirm/", pairings.MatchConfirm.as_view(), name="match-confirm"),
    # The standings (standings.py).
    path("tournaments/<str:token>/standings/", standings.Standings.as_view(), name="standings"),
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
