"""The Blot family: bazar_blot, belote, belote_2p and coinche.

Shared: 32 cards (`cards`), declarations and their resolver (`declarations`), the hand
payload and its checks (`common`); one module per game registers its variants.
"""

from . import bazar, belote, coinche  # noqa: F401
