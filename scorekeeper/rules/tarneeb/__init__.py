"""The Tarneeb family: tarneeb, tarneeb_egyptian, tarneeb_400 and tarneeb_41."""

from . import egyptian, individual, standard  # noqa: F401
