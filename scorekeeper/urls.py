from django.contrib import admin
from django.urls import include, path

from .pages import board, pwa, share, views

urlpatterns = [
    # First: the public tournament pages' polls (300 phones a room) are resolved at once.
    path("p/", include("tournaments.pages.public_urls")),  # a string: see the API's below
    # Then the API (phones record hands): resolved before the pages' patterns, none of
    # which can match a path under api/, each tried in turn cost a hand's request ~1 µs.
    path("api/", include("scorekeeper.api.urls")),
    path("api/", include("tournaments.api.urls")),  # a string: scorekeeper never imports it
    path("", views.home, name="home"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("new/", views.choose, name="choose"),
    path("new/<slug:slug>/", views.new_match, name="new-match"),
    path("m/<str:token>/", views.match_page, name="match"),
    path("m/<str:token>/sheet/", views.sheet_partial, name="match-sheet"),
    path("m/<str:token>/preview/", views.PreviewPage.as_view(), name="match-preview"),
    path("m/<str:token>/undo/", views.undo, name="match-undo"),
    path("m/<str:token>/close/", views.close, name="match-close-page"),
    path("m/<str:token>/board/", board.board_page, name="match-board"),
    path("m/<str:token>/share/", share.share_page, name="match-share"),
    path("m/<str:token>/hands/<int:number>/correct/", views.correct_page, name="hand-correct"),
    path(
        "m/<str:token>/hands/<int:number>/preview/",
        views.CorrectionPreviewPage.as_view(),
        name="hand-correct-preview",
    ),
    path("", include("tournaments.pages.desk_urls")),  # a string, as above
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]
