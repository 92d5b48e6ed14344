"""The Blot family: bazar_blot, belote, belote_2p and coinche (filled in by its own issue)."""
