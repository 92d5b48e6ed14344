from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from scorekeeper.pages import extensions

        from .pages.public import panel_context

        extensions.register_panel(panel_context)
        # scorekeeper never imports tournaments: it calls the listeners registered here
        # when a tournament's match finishes, reopens or changes result.
        try:
            from scorekeeper import hooks
        except ImportError:  # the hook arrives with the match limits (branch limits)
            return
        from .results import match_event

        hooks.register(match_event)
