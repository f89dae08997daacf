"""``roads serve`` answered a plain-text 500 without the safety headers for a number it should have refused.

A user (or an attacker) asked for ``proof/small-road/`` and 5,000 digits, or
``DELETE .../coups/last?expect=²``: ``str.isdigit`` takes '²', ``int`` then
refused it (or the 5,000 digits), and the exception reached Starlette's own
error page, a plain ``Internal Server Error`` made outside every middleware,
so without the Content-Security-Policy. Numbers in paths and queries are now
ASCII digits within a length bound or a one-line 400/404, and every failure,
a bug's 500 included, is the JSON error with the safety headers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient

from roads.serve import views
from roads.serve.routes import CSP, create_app
from roads.serve.store import Store


def _client(tmp_path: Path) -> TestClient:
    client = TestClient(
        create_app(Store(tmp_path / "data")),
        base_url="http://127.0.0.1:8000",
        headers={"Content-Type": "application/json"},
        raise_server_exceptions=False,
    )
    assert client.put("/api/tables/main").status_code == 201
    for n in range(1, 9):
        assert client.post("/api/tables/main/coups", json={"result": "BP"[n % 2], "expect": n}).status_code == 201
    return client


def _is_json_error(answer: object, status: int) -> None:
    assert getattr(answer, "status_code", None) == status
    assert answer.headers["content-type"] == "application/json"  # type: ignore[attr-defined]
    assert answer.headers["content-security-policy"] == CSP  # type: ignore[attr-defined]
    assert answer.headers["x-content-type-options"] == "nosniff"  # type: ignore[attr-defined]
    found = answer.json()  # type: ignore[attr-defined]
    assert found["status"] == status and "\n" not in found["error"]


@pytest.mark.parametrize("mark", ["²", "٣", "9" * 5000, "-1", "1.0"])
def test_a_mark_that_is_not_ascii_digits_is_a_404(tmp_path: Path, mark: str) -> None:
    with _client(tmp_path) as client:
        _is_json_error(client.get(f"/api/tables/main/proof/small-road/{mark}"), 404)


@pytest.mark.parametrize("expect", ["²", "٣", "9" * 5000, "-1", " 8"])
def test_an_undo_expect_that_is_not_ascii_digits_is_a_400(tmp_path: Path, expect: str) -> None:
    with _client(tmp_path) as client:
        _is_json_error(client.delete("/api/tables/main/coups/last", params={"expect": expect}), 400)
        assert client.get("/api/tables/main").json()["coups"] == 8  # nothing undone


def test_a_bug_is_a_json_500_with_the_safety_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(table: object) -> str:
        raise RuntimeError("a bug")

    with _client(tmp_path) as client:
        monkeypatch.setattr(views, "odds", broken)
        _is_json_error(client.get("/api/tables/main/odds"), 500)
        assert client.get("/api/tables/main").status_code == 200  # the server goes on
    said = capsys.readouterr().err.strip().splitlines()
    assert said == ["roads: error: GET /api/tables/main/odds: RuntimeError: a bug"]
