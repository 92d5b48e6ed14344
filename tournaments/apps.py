from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # scorekeeper never imports tournaments: it calls the listeners registered here
        # when a tournament's match finishes, reopens or changes result.
        try:
            from scorekeeper import hooks
        except ImportError:  # the hook arrives with the match limits (branch limits)
            return
        from .results import match_event

        hooks.register(match_event)
