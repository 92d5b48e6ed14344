"""The public REST API (the contract is ../shared/api.md)."""
