"""Regression: any web page could write to ``roads serve`` (issue 29, item 2).

The server checked neither ``Content-Type`` nor ``Origin``, and answered any
``Host``: a form posting ``text/plain``, a ``no-cors`` fetch and a DNS
rebinding page all wrote coups. Now a request must name one of the server's
own names (421), and a write must be JSON (415) from the server's own origin
(403). The same attacks in Chromium are in test_serve_cross_site_browser.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient
from test_serve import served_client

from roads.serve.routes import create_app, host_name, same_origin
from roads.serve.store import Store

COUP = '{"result": "B", "expect": 1}'


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    c = served_client(create_app(Store(tmp_path / "data")))
    assert c.put("/api/tables/main", json={}).status_code == 201
    return c


def _coups(client: TestClient) -> int:
    coups: int = client.get("/api/tables/main").json()["coups"]
    return coups


@pytest.mark.parametrize("media", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""])
def test_a_write_that_is_not_json_is_415(client: TestClient, media: str) -> None:
    for method, path in (("POST", "/coups"), ("DELETE", "/coups/last"), ("PUT", "")):
        answer = client.request(method, "/api/tables/main" + path, content=COUP, headers={"Content-Type": media})
        assert answer.status_code == 415, (method, answer.text)
        assert answer.json()["error"].startswith("a write is JSON")
        assert "content-security-policy" in answer.headers  # refusals carry the safety headers too
    assert client.put("/api/tables/other", headers={"Content-Type": "text/plain"}).status_code == 415
    assert client.get("/api/tables/other").status_code == 404  # nothing made
    assert _coups(client) == 0


@pytest.mark.parametrize(
    "origin", ["http://attacker.example", "http://127.0.0.1:9999", "null", "http://localhost:8000"]
)
def test_a_write_from_another_origin_is_403(client: TestClient, origin: str) -> None:
    answer = client.post("/api/tables/main/coups", content=COUP, headers={"Origin": origin})
    assert answer.status_code == 403, answer.text
    assert _coups(client) == 0


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8000", "HTTP://127.0.0.1:8000"])
def test_a_write_from_the_servers_own_page_is_taken(client: TestClient, origin: str) -> None:
    assert client.post("/api/tables/main/coups", content=COUP, headers={"Origin": origin}).status_code == 201
    assert _coups(client) == 1


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:8000", "127.0.0.1.nip.io:8000", ""])
def test_a_request_naming_another_host_is_421(client: TestClient, host: str) -> None:
    for method, path in (("GET", "/api/tables/main"), ("GET", "/"), ("POST", "/api/tables/main/coups")):
        answer = client.request(method, path, content=COUP, headers={"Host": host})
        assert answer.status_code == 421, (method, path, answer.text)
        assert "--allow-host" in answer.json()["error"]
    assert _coups(client) == 0


def test_allowed_hosts_are_answered(tmp_path: Path) -> None:
    app = create_app(Store(tmp_path / "data"), hosts=["tables.example", "192.0.2.7"])
    with TestClient(app, base_url="https://tables.example") as c:
        headers = {"Content-Type": "application/json", "Origin": "https://tables.example"}
        assert c.put("/api/tables/main", content="{}", headers=headers).status_code == 201
        assert c.post("/api/tables/main/coups", content=COUP, headers=headers).status_code == 201
    for host in ("localhost:8000", "[::1]:8000", "192.0.2.7", "TABLES.example:443"):
        with TestClient(app, base_url=f"http://{host}") as c:
            assert c.get("/api/tables").status_code == 200, host


def test_host_names_and_origins_are_compared_as_a_browser_sends_them() -> None:
    assert [host_name(h) for h in ("127.0.0.1:8000", "[::1]:80", "LocalHost", "::1")] == [
        "127.0.0.1",
        "::1",
        "localhost",
        "::1",
    ]
    assert same_origin("http://a.example", "a.example:80") and same_origin("https://a.example:443", "a.example")
    assert not same_origin("https://a.example", "a.example:8443")
    assert not same_origin("http://a.example/path", "a.example") and not same_origin("null", "a.example")
