"""Regression: a board query with a superscript digit was a 500 (issue 30, item 4).

Serve read its own query with ``str.isdigit()``, which takes ``'²'``, and then
``int('²')`` raised: ``?highlight=big-eye-boy:²`` was an Internal Server Error.
Now the option table reads the query as the command line reads its flags:
numbers are ASCII digits within their bounds, and anything else is a one-line
400 saying what is wrong, the message ``RenderOptions`` gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient
from test_serve import fill, served_client

from roads.errors import RenderError
from roads.scene.options import RenderOptions
from roads.serve.routes import create_app
from roads.serve.store import Store


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    c = served_client(create_app(Store(tmp_path / "data")))
    assert c.put("/api/tables/main", json={}).status_code == 201
    fill(c, 12)
    return c


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("highlight", "big-eye-boy:²"),
        ("highlight", "big-eye-boy:٣"),
        ("cell", "²"),
        ("cell", "\uff13\uff10"),  # full-width 30
        ("cell", "3_0"),
        ("last", "²"),
        ("last", "\uff11\uff10"),
        ("width", "٣٠٠"),
        ("scale", "²"),
    ],
)
def test_a_number_that_is_not_ascii_digits_is_a_one_line_400(client: TestClient, key: str, value: str) -> None:
    with pytest.raises(RenderError) as refused:
        RenderOptions(**{key: value})
    for kind in ("svg", "png"):
        answer = client.get(f"/api/tables/main/board.{kind}", params={key: value})
        assert answer.status_code == 400, answer.text
        said = answer.json()["error"]
        assert said == refused.value.message and "\n" not in said


def test_the_query_takes_what_the_command_line_takes(client: TestClient) -> None:
    answer = client.get("/api/tables/main/board.svg", params={"highlight": "big-eye-boy:1", "pairs": "no", "v": "3"})
    assert answer.status_code == 200 and answer.content.startswith(b"<svg")
    unknown = client.get("/api/tables/main/board.svg", params={"colour": "red"})
    assert unknown.status_code == 400
    assert unknown.json()["error"].startswith("unknown option 'colour': choose one of road, last, cell")
    assert client.get("/api/tables/main/board.svg", params={"last": "0"}).json()["error"] == (
        "last must be from 1 to 10000 columns, got 0"
    )
