"""A player at the table, driving the phone pages: start a match, enter hands, read the sheet."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


class Table:
    def __init__(self, page: Page, site: str) -> None:
        self.page = page
        self.site = site

    # -- starting ---------------------------------------------------------------------------
    def start(
        self,
        slug: str,
        players: list[str],
        *,
        options: dict[str, Any] | None = None,
        best_of_three: bool | None = None,
    ) -> str:
        """From the home page: choose the game, set up, start; the match URL."""
        page = self.page
        page.goto(self.site + "/")
        page.locator('main a[href="/new/"]').click()
        page.locator(f'.card-link[href="/new/{slug}/"]').click()
        self.setup(players, options=options, best_of_three=best_of_three)
        return page.url

    def setup(
        self,
        players: list[str],
        *,
        options: dict[str, Any] | None = None,
        best_of_three: bool | None = None,
    ) -> None:
        page = self.page
        for seat, name in enumerate(players):
            page.fill(f"#player-{seat}", name)
        for name, value in (options or {}).items():
            control = page.locator(f'[name="option-{name}"]')
            kind = control.first.get_attribute("type")
            if kind == "checkbox":
                control.set_checked(bool(value))
            elif kind == "radio":
                page.locator(f'label:has(> input[name="option-{name}"][value="{value}"])').click()
            elif control.first.evaluate("e => e.tagName") == "SELECT":
                control.select_option(str(value))
            else:
                control.fill(str(value))
        if best_of_three is not None:
            games = 2 if best_of_three else 1
            page.locator(f'label:has(> input[name="games_to_win"][value="{games}"])').click()
        page.locator("#setup button[type=submit]").click()
        page.wait_for_url("**/m/*/")

    # -- entering a hand ----------------------------------------------------------------------
    def pick(self, name: str, value: Any) -> None:
        if value is None or isinstance(value, bool):
            value = {None: "", True: "true", False: "false"}[value]
        self.page.locator(f'#hand-form label:has(> input[name="{name}"][value="{value}"])').click()

    def fill(self, name: str, value: Any) -> None:
        self.page.locator(f'#hand-form input[name="{name}"]').fill(str(value))

    def switch(self, name: str, on: bool = True) -> None:
        self.page.locator(f'#hand-form input[name="{name}"]').set_checked(on)

    def mode(self, value: str) -> None:
        self.pick("_mode", value)

    def declaration(
        self, index: int, *, seat: int, type: str, high: str, suit: str | None = None
    ) -> None:
        self.page.locator("[data-add-declaration]").click()
        self.pick(f"declarations.{index}.type", type)
        self.pick(f"declarations.{index}.high", high)
        if suit is not None:
            self.pick(f"declarations.{index}.suit", suit)
        self.pick(f"declarations.{index}.seat", seat)

    def preview(self) -> str:
        self.page.locator("#preview-hand").click()
        panel = self.page.locator("#preview")
        expect(panel).to_be_visible(timeout=15_000)  # a server preview: slow on a busy CI machine
        return panel.inner_text()

    def confirm(self) -> None:
        number = int(self.page.locator("#hand-form").get_attribute("data-number") or 0)
        self.page.locator("#confirm-hand").click()
        expect(self.page.locator(f"#hand-{number}")).to_be_attached()

    def enter(self, steps: list[tuple[Any, ...]]) -> None:
        """Play one hand: each step is ("pick"|"fill"|"switch"|"mode"|"declaration", ...)."""
        for action, *args in steps:
            if action == "declaration":
                self.declaration(args[0], **args[1])
            else:
                getattr(self, action)(*args)
        self.preview()
        self.confirm()

    # -- reading the page ---------------------------------------------------------------------
    def totals(self) -> list[int]:
        texts = self.page.locator("#totals .score").all_inner_texts()
        return [int(text.replace("\u2212", "-")) for text in texts]

    def row(self, number: int) -> str:
        return self.page.locator(f"#hand-{number}").inner_text()

    def winner(self) -> str:
        return self.page.locator("#winner").inner_text()

    def number(self) -> int:
        return int(self.page.locator("#hand-form").get_attribute("data-number") or 0)
