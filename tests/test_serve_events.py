"""One stream for many tables (issue 29, item 5): ids, exact resume, what each event says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Events, client, live_server

from roads.serve.hub import Hub, parse_cursor


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path / "data") as url:
        yield url


def post(http: object, table: str, expect: int, result: str = "B") -> None:
    answer = http.post(f"/api/tables/{table}/coups", json={"result": result, "expect": expect})  # type: ignore[attr-defined]
    assert answer.status_code == 201, answer.text


def test_a_viewer_that_drops_resumes_with_exactly_the_coups_it_missed(base: str) -> None:
    with client(base) as http:
        assert http.put("/api/tables/main", json={}).status_code == 201
        post(http, "main", 1)
        viewer = Events(http, "/api/tables/main/events")
        event_id, state = viewer.next()
        assert state["change"] == "state" and event_id == "main:1"
        post(http, "main", 2, "P")
        event_id, seen = viewer.next()
        assert event_id == "main:2" and seen["change"] == "coup" and seen["coups"] == 2
        viewer.close()  # the viewer drops
        for n in range(3, 8):  # the table gets 5 coups
            post(http, "main", n, "BPTBP"[n - 3])
        again = Events(http, "/api/tables/main/events", last_event_id=event_id)
        got = [again.next() for _ in range(5)]
        assert [i for i, _ in got] == [f"main:{n}" for n in range(3, 8)]
        assert [e["coups"] for _, e in got] == [3, 4, 5, 6, 7]
        assert all(e["change"] == "coup" for _, e in got)
        assert again.none_within(0.5)  # nothing twice, nothing else
        again.close()
        # The same cursor given as a query on a first connect resumes the same way.
        third = Events(http, f"/api/events?table=main&last_event_id={event_id}")
        assert [third.next()[0] for _ in range(5)] == [f"main:{n}" for n in range(3, 8)]
        third.close()


def test_a_multiplexed_stream_of_three_tables_delivers_every_change_in_order(base: str) -> None:
    with client(base) as http:
        for name in "abc":
            assert http.put(f"/api/tables/{name}", json={}).status_code == 201
        viewer = Events(http, "/api/events?table=a&table=b&table=c")
        states = [viewer.next() for _ in range(3)]
        assert sorted(e["table"] for _, e in states) == ["a", "b", "c"]
        assert all(e["change"] == "state" for _, e in states)
        post(http, "a", 1)
        post(http, "b", 1, "P")
        post(http, "a", 2, "P")
        assert http.delete("/api/tables/b/coups/last").status_code == 200
        assert http.post("/api/tables/a/shoes", json={"expect_shoe": 2, "burned": "K 5"}).status_code == 201
        post(http, "c", 1, "T")
        got = [viewer.next() for _ in range(6)]
        assert [(e["table"], e["change"]) for _, e in got] == [
            ("a", "coup"),
            ("b", "coup"),
            ("a", "coup"),
            ("b", "undo"),
            ("a", "shoe"),
            ("c", "coup"),
        ]
        ids = [i for i, _ in got]
        assert [i.split(",")[0] for i in ids] == ["a:1", "b:1", "a:2", "b:2", "a:3", "c:1"]
        assert parse_cursor(ids[-1]) == {"a": 3, "b": 2, "c": 1}
        first = got[0][1]
        assert first["coup"] == {"winner": "banker"} and first["where"] == "shoe 1, coup 1"
        assert first["marks"]["big_road"] == [{"column": 1, "row": 1, "colour": "red"}]
        assert got[3][1]["undone"] == {"winner": "player"} and got[3][1]["coups"] == 0
        assert got[4][1]["shoe"] == 2 and got[4][1]["burned"] == ["K", "5"] and got[4][1]["coups"] == 0
        viewer.close()
        # A lobby resumes from the last id: the one table that changed since, and nothing else.
        post(http, "b", 1, "B")
        again = Events(http, "/api/events?table=a&table=b&table=c", last_event_id=ids[-1])
        event_id, event = again.next()
        assert event["table"] == "b" and event["change"] == "coup" and event_id.startswith("b:3")
        assert again.none_within(0.5)
        again.close()


def test_a_reader_too_far_behind_gets_a_fresh_state(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from roads.serve import hub

    monkeypatch.setattr(hub, "RING", 3)
    with client(base) as http:
        assert http.put("/api/tables/main", json={}).status_code == 201
        for n in range(1, 11):
            post(http, "main", n)
        viewer = Events(http, "/api/tables/main/events", last_event_id="main:2")
        event_id, event = viewer.next()
        assert event["change"] == "state" and event["coups"] == 10 and event_id == "main:10"
        viewer.close()


def test_a_cursor_is_read_leniently_and_bounded() -> None:
    assert parse_cursor("a:42,b:7") == {"a": 42, "b": 7}
    assert parse_cursor("a:²,b:x,:3,c:5") == {"c": 5}
    assert parse_cursor(None) == {}
    assert Hub().count() == 0


def _apply(board: str, patch: dict[str, object]) -> str:
    """Apply a board patch as the table page does (roads/serve/assets/serve.js, ``patchBoard``)."""
    from roads.serve.views import PATCH_MARK

    assert board.count(str(patch["from"])) > 0
    lines = board.replace(str(patch["from"]), PATCH_MARK).split("\n")
    for start, end, new in reversed(patch["hunks"]):  # type: ignore[call-overload]
        lines[start:end] = new
    return "\n".join(lines).replace(PATCH_MARK, str(patch["to"]))


def test_a_board_patch_makes_exactly_the_board_roads_render_draws(tmp_path: Path) -> None:
    """Each change's patch (coups, an undo, a new shoe) turns the board before it into the board after it, byte
    for byte, with its length as a page counts it: a table page never needs to fetch it."""
    from roads.serve import views
    from roads.serve.store import Store

    store = Store(tmp_path / "data")
    table, _ = store.create("main")
    shown = views.picture(table, "svg", {}).decode()
    changes = [("coup", lambda n=n, r=r: store.add(table, n, r, None)) for n, r in enumerate("BPPBTBBPPPBPTBBPB", 1)]
    changes += [("undo", lambda: store.undo(table, None)), ("shoe", lambda: store.new_shoe(table, 2, "K 5"))]
    changes += [("coup", lambda: store.add(table, 1, None, "3 6 K K 6 2"))]
    for kind, write in changes:
        event, patch = views.change(table, kind, write, drawn={})
        assert patch is not None and event["change"] == kind
        shown = _apply(shown, patch)
        assert shown == views.picture(table, "svg", {}).decode()
        assert patch["length"] == len(shown.encode("utf-16-le")) // 2
        assert sum(len(h[2]) for h in patch["hunks"]) < shown.count("\n") / 2  # a patch, not the board again
    _, none = views.change(table, "coup", lambda: store.add(table, 2, "B", None))
    assert none is None  # no page watching: nothing drawn


def test_board_patches_are_for_one_table_s_stream_only(tmp_path: Path) -> None:
    """``?board=1`` is a table page's stream: with two tables (or none) or another value it is a one-line 400."""
    from test_serve import served_client

    from roads.serve.routes import create_app
    from roads.serve.store import Store

    with served_client(create_app(Store(tmp_path / "data"))) as http:
        for name in "ab":
            assert http.put(f"/api/tables/{name}").status_code == 201
        for query in ("table=a&table=b&board=1", "board=1", "table=a&board=yes"):
            answer = http.get(f"/api/events?{query}")
            assert answer.status_code == 400 and "board" in answer.json()["error"], query


def test_lobby_viewers_in_step_share_one_frame_and_each_id_is_its_cursor() -> None:
    """Two viewers of every table get each change as the same bytes (made once), with the id of every table;
    a third that resumed behind gets its own ids, right ones, and shares the frames once it is in step."""
    import asyncio

    async def run() -> tuple[list[bytes], list[bytes], list[bytes]]:
        hub = Hub()
        for name in "ab":
            hub.know(name, 0)
        states = [("a", 0, '{"change": "state"}'), ("b", 0, '{"change": "state"}')]
        streams = []
        for _ in range(2):
            viewer, _, _ = hub.open(None, "ab", {})
            streams.append(hub.run(viewer, states, ()))
        got: list[list[bytes]] = [[await anext(s)] for s in streams]  # opened: their states came
        hub.publish("a", {"table": "a", "changes": 1})
        for stream, seen in zip(streams, got, strict=True):
            seen.append(await anext(stream))
        late, missed, fresh = hub.open(None, "ab", {"a": 0})  # resumes after a:0: a:1 missed, b not named
        assert [m[:2] for m in missed] == [("a", 1)] and fresh == ["b"]
        streams.append(hub.run(late, [("b", 0, '{"change": "state"}')], missed))
        got.append([await anext(streams[-1])])
        for n, name in enumerate("babab", 2):
            hub.publish(name, {"table": name, "changes": n})
            for stream, seen in zip(streams, got, strict=True):
                seen.append(await anext(stream))
        for stream in streams:
            await stream.aclose()
        return got[0], got[1], got[2]

    one, two, late = asyncio.run(run())
    assert all(x is y for x, y in zip(one[1:], two[1:], strict=True))  # one frame, shared
    ids = [line.split(b"\n")[0].decode() for line in one[1:]]
    assert ids == ["id: a:1,b:0", "id: b:2,a:1", "id: a:3,b:2", "id: b:4,a:3", "id: a:5,b:4", "id: b:6,a:5"]
    assert late[0].decode().split("\n\n")[-2].startswith("id: a:1,b:0\n")  # what it missed, then its cursor
    assert late[1:] == one[2:] and all(x is y for x, y in zip(late[1:], one[2:], strict=True))  # in step
