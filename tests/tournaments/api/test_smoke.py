def test_a_swiss_tournament_runs_to_the_end(director):
    from tests.tournaments.conftest import entries

    t = director.create(entries=entries(6))
    assert t["status"] == "registration"
    started = director.start(t)
    assert started["status"] == "running" and started["round"] == 1
    for number in (1, 2, 3):
        director.play_round(t, number)
    final = director.tournament(t["id"])
    assert final["status"] == "finished", final
    assert final["champion"] == final["standings"][0]["entry"]
    print(final["standings"][0])
