"""The tournament's pages (the phone and projector adapter): views call selectors and
services only, never the API."""
