from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import views

urlpatterns = [
    path("variants/", views.VariantList.as_view(), name="variant-list"),
    path("variants/<str:slug>/", views.VariantDetail.as_view(), name="variant-detail"),
    path("matches/", views.MatchList.as_view(), name="match-list"),
    path("matches/<str:token>/", views.MatchDetail.as_view(), name="match-detail"),
    path("matches/<str:token>/close/", views.MatchClose.as_view(), name="match-close"),
    path("matches/<str:token>/hands/", views.HandList.as_view(), name="hand-list"),
    path("matches/<str:token>/hands/preview/", views.HandPreview.as_view(), name="hand-preview"),
    path("matches/<str:token>/hands/<int:number>/", views.HandDetail.as_view(), name="hand-detail"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's set-up as a script file: no inline script (CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
]
