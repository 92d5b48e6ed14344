"""The admin's login is throttled by django-axes: failures lock the address out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def boss(db):
    return get_user_model().objects.create_superuser("boss", "boss@example.org", "right-horse-7")


def login(client, password: str, address: str = "127.0.0.1"):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": "boss", "password": password},
        REMOTE_ADDR=address,
    )


def test_failed_logins_lock_the_address_out(client, boss, settings) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, "wrong").status_code == 200  # the form again, with an error
    assert login(client, "wrong").status_code == 429
    locked = login(client, "right-horse-7")
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


def test_another_address_may_still_log_in(client, boss, settings) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "wrong")
    assert login(client, "right-horse-7", address="10.0.0.8").status_code == 302


def test_a_right_password_before_the_limit_logs_in(client, boss) -> None:
    login(client, "wrong")
    assert login(client, "right-horse-7").status_code == 302
