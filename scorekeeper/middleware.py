"""Django's CommonMiddleware, without its debug-mode error for a write missing its slash;
Django's GZipMiddleware, but never for a signed-in session."""

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.common import CommonMiddleware
from django.middleware.gzip import GZipMiddleware


class SlashMiddleware(CommonMiddleware):
    """With ``DEBUG`` on, Django answers a POST to a URL without its trailing slash with a
    500 (a ``RuntimeError`` to warn the developer that the redirect would drop the body).
    Here a write that misses its slash gets a plain 404 (as in production, where Django
    would otherwise redirect it and the client would lose what it sent); reads still get
    the redirect."""

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        if request.method not in ("GET", "HEAD"):
            return False
        return super().should_redirect_with_slash(request)


class CompressMiddleware(GZipMiddleware):
    """Every page and JSON answer compressed for a browser that takes gzip (tournaments.md,
    Speed: "every page and JSON answer is compressed").

    BREACH reads a secret that is the same in every answer, byte by byte, from the lengths
    of compressed answers that also reflect what the attacker sends. Here: the CSRF token
    of the pages' forms is masked afresh in every answer (Django), so it is never the same
    twice; the keys (a director's, a table's) are in the URL, so whoever can ask for the
    answer holds them already; and Django adds random bytes to every gzip header. The one
    place where a fixed secret is reached by a cookie alone is a signed-in session (the
    admin: keys in its lists, the search reflected): those answers are never compressed.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if _signed_in(request):
            return response
        return super().process_response(request, response)


def _signed_in(request: HttpRequest) -> bool:
    """Whether the request comes from a signed-in session (no query without its cookie)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)
