from django.urls import path

from . import changes, views

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
