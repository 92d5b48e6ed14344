"""The site's pages. The phone pages come with their own issue; this is the home page."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from . import rules


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorekeeper/home.html", {"variants": rules.VARIANTS.values()})
