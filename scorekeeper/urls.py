from django.contrib import admin
from django.urls import include, path

from .pages import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.choose, name="choose"),
    path("new/<slug:slug>/", views.new_match, name="new-match"),
    path("m/<str:token>/", views.match_page, name="match"),
    path("m/<str:token>/sheet/", views.sheet_partial, name="match-sheet"),
    path("m/<str:token>/preview/", views.PreviewPage.as_view(), name="match-preview"),
    path("m/<str:token>/undo/", views.undo, name="match-undo"),
    path("m/<str:token>/close/", views.close, name="match-close-page"),
    path("m/<str:token>/hands/<int:number>/correct/", views.correct_page, name="hand-correct"),
    path("api/", include("scorekeeper.api.urls")),
    path("api/", include("tournaments.api.urls")),  # a string: scorekeeper never imports it
    path("p/", include("tournaments.pages.public_urls")),  # a string, as above
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]
