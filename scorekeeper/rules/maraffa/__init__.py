"""The Italian-deck family: maraffa (Marafon-Beccacino) and trionfo."""

from . import maraffa, trionfo  # noqa: F401
