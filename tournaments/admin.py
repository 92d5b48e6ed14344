"""Admin pages to look at tournaments. Draws and results change only through the services
(which keep the standings and the audit), so the rounds and pairings are read-only here."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Entry, Pairing, ResultChange, Round, Stage, TableKey, Tournament


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("number", "name", "players", "seed", "active")
    readonly_fields = ("number",)


class StageInline(ReadOnlyInline):
    model = Stage
    fields = ("number", "format", "settings", "advance", "seed")


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ("number", "index", "status", "starts_at", "ends_at", "time_called", "seed")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "variant", "status", "stage", "round", "champion", "created_at")
    list_filter = ("status", "variant")
    search_fields = ("name",)
    readonly_fields = (
        "id",
        "view_id",
        "status",
        "stage",
        "round",
        "champion",
        "version",
        "standings",
        "next_entry",
    )
    inlines = [EntryInline, StageInline, RoundInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "slot", "table", "entries", "status", "winner")
    list_filter = ("status",)
    raw_id_fields = ("tournament", "round", "match")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ("tournament", "pairing", "by", "action", "reason", "created_at")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


admin.site.register(TableKey, list_display=("tournament", "table", "key"))
