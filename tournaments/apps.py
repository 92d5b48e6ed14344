from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported once the models are ready (Django's rule for an app's wiring).
        from django.core import signals

        from scorekeeper import hooks
        from scorekeeper.pages import extensions

        from . import tasks  # noqa: F401 (the tasks known by name in every process)
        from .pages.home import demo_evening
        from .pages.public import panel_context
        from .selectors.panel import team_names
        from .services import enqueue, match_event

        extensions.register_panel(panel_context)
        extensions.register_home_demo(demo_evening)
        extensions.register_team_names(team_names)
        # scorekeeper never imports tournaments: it calls the listeners registered here
        # when a tournament's match finishes, reopens or changes result.
        hooks.register(match_event)
        # Without a broker, the standings are refreshed once the answer is sent.
        signals.request_started.connect(enqueue.request_started, dispatch_uid="sk-deferred")
        signals.request_finished.connect(enqueue.request_finished, dispatch_uid="sk-deferred")
