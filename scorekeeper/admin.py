from django.contrib import admin

from .models import Hand, HandChange, IdempotentRequest, Match


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ("number", "game", "input", "result")
    readonly_fields = fields
    can_delete = False


class HandChangeInline(admin.TabularInline):
    model = HandChange
    extra = 0
    fields = ("created_at", "number", "action", "before", "after")
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "variant", "players", "status", "winner", "created_at")
    list_filter = ("variant", "status")
    search_fields = ("id", "view_id", "players")
    readonly_fields = ("id", "view_id", "state", "created_at", "updated_at")
    inlines = [HandInline, HandChangeInline]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "game", "created_at")
    list_select_related = ("match",)
    readonly_fields = ("created_at", "updated_at")
    search_fields = ("match__id",)


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "action", "created_at")
    list_filter = ("action",)
    readonly_fields = ("match", "number", "action", "before", "after", "created_at")


@admin.register(IdempotentRequest)
class IdempotentRequestAdmin(admin.ModelAdmin):
    list_display = ("key", "path", "status", "created_at")
