"""The home page: demo matches with their score, winner and date; recent matches' facts."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command

from scorekeeper import demo, services
from scorekeeper.models import Match


def _load(**options):
    out = io.StringIO()
    call_command("load_demo", stdout=out, **options)
    return out.getvalue()


@pytest.mark.django_db
def test_load_demo_prints_the_demo_matches_pages():
    printed = _load(base_url="http://127.0.0.1:9000")
    matches = demo.demo_matches()
    assert len(matches) == 2
    for match in matches:
        assert f"http://127.0.0.1:9000/m/{match.pk}/" in printed
        assert f"http://127.0.0.1:9000/m/{match.view_id}/" in printed
    # Run again (make run does, each time): nothing is loaded, the links are printed again.
    again = _load(base_url="http://127.0.0.1:9000")
    assert "nothing loaded" in again and f"/m/{matches[0].pk}/" in again
    assert Match.objects.count() == 2


@pytest.mark.django_db
def test_the_home_page_leads_to_the_demo_matches(client):
    assert 'id="demo"' not in client.get("/").content.decode()
    _load()
    page = client.get("/", headers={"accept-language": "fr"}).content.decode()
    section = page.split('id="demo"', 1)[1].split("</section>", 1)[0]
    for match in demo.demo_matches():
        assert f'href="/m/{match.pk}/"' in section
    assert "<bdi>Rami &amp; Omar</bdi>" in section
    assert "<bdi>Sara &amp; Lina</bdi> a gagné" in section  # the finished one, in French
    assert "Matchs de démonstration" in section
    assert re.search(r'<time class="recent-date[^"]*" datetime="\d{4}-', section)


@pytest.mark.django_db
def test_the_match_page_gives_the_phone_the_facts_of_its_recent_list(client):
    match = services.match_create(
        variant="tarneeb", players=["Rami", "Sara", "Omar", "Lina"], options={"target": 31}
    )
    services.hand_record(
        match_id=match.pk, payload={"declarer": 1, "bid": 13, "trump": "hearts", "tricks": 13}
    )
    page = client.get(f"/m/{match.pk}/").content.decode()
    record = json.loads(
        re.search(
            r'<script id="recent-record" type="application/json">(.*?)'
            r"</script>",
            page,
        ).group(1)
    )
    assert record["sides"][1][0] == "Sara & Lina" and record["sides"][1][1] > 0
    assert record["winner"] == "Sara & Lina" and record["finished"] is True
    assert record["created"].startswith(str(match.created_at.year))
