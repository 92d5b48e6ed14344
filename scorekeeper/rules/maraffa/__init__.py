"""Maraffa (Marafon-Beccacino) and Trionfo (filled in by its own issue)."""
