"""Django's CommonMiddleware, without its debug-mode error for a write missing its slash."""

from django.http import HttpRequest
from django.middleware.common import CommonMiddleware


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
