"""The public pages, included by the project's URLconf by name (scorekeeper never imports
tournaments)."""

from django.urls import path

from . import clubs, public, table_confirm

urlpatterns = [
    path("confirm/<uuid:key>/", table_confirm.confirm, name="tournament-match-confirm"),
    path("<str:view_id>/", public.public_page, name="tournament-public"),
    path("<str:view_id>/live/", public.public_live, name="tournament-public-live"),
    path("<str:view_id>/live/tables/", public.public_tables, name="tournament-public-tables"),
    path("<str:view_id>/live/bracket/", public.public_bracket, name="tournament-public-bracket"),
    path("<str:view_id>/projector/", public.projector_page, name="tournament-projector"),
    path("<str:view_id>/projector/live/", public.projector_live, name="tournament-projector-live"),
    path("<str:view_id>/entries/<int:number>/", public.entry_page, name="tournament-entry"),
    path(
        "<str:view_id>/match/<str:match_view>/panel/",
        public.match_panel,
        name="tournament-match-panel",
    ),
]

# Clubs (clubs.md): a club's public page and its players' pages.
urlpatterns += [
    path("c/<str:view_id>/", clubs.club_public, name="club-public"),
    path("c/<str:view_id>/players/<int:number>/", clubs.club_player, name="club-player-page"),
]
