"""Admin pages to look at matches and hands. Hands change only through the services
(which re-score and keep the audit trail), so here they are read-only."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Hand, HandChange, IdempotentRequest, Match


class HandInline(admin.TabularInline[Hand, Match]):
    model = Hand
    extra = 0
    fields = ("number", "game", "input", "result")
    readonly_fields = fields
    can_delete = False


class HandChangeInline(admin.TabularInline[HandChange, Match]):
    model = HandChange
    extra = 0
    fields = ("created_at", "number", "action", "before", "after")
    readonly_fields = fields
    can_delete = False


class ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    """Only the players' names may be edited; everything else is the services' business."""

    list_display = ("id", "variant", "players", "status", "winner", "created_at")
    list_filter = ("variant", "status")
    search_fields = ("id", "view_id", "players")
    # Everything but the players' names (a misspelt name may be put right) is the engine's.
    readonly_fields = tuple(f.name for f in Match._meta.concrete_fields if f.name != "players")
    inlines = [HandInline, HandChangeInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ReadOnly, admin.ModelAdmin[Hand]):
    list_display = ("match", "number", "game", "created_at")
    list_select_related = ("match",)
    readonly_fields = ("created_at", "updated_at")
    search_fields = ("match__id",)


@admin.register(HandChange)
class HandChangeAdmin(ReadOnly, admin.ModelAdmin[HandChange]):
    list_display = ("match", "number", "action", "created_at")
    list_filter = ("action",)
    readonly_fields = ("match", "number", "action", "before", "after", "created_at")


@admin.register(IdempotentRequest)
class IdempotentRequestAdmin(ReadOnly, admin.ModelAdmin[IdempotentRequest]):
    list_display = ("key", "path", "status", "created_at")
