"""The phone UI adapter: server-rendered pages over the selectors and services."""
