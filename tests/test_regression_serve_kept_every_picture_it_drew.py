"""``roads serve`` kept every picture it drew: 64 distinct ``board.png?scale=8`` grew it from 43 to 615 MB.

Answers were kept per table, 64 of them whatever their size, so a client
asking for many distinct large pictures grew the server without bound but
that count. The made answers of every table now share one byte budget
(``views.CACHE_BYTES``, 64 MB), least recently used out first.
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient

from roads.serve import views
from roads.serve.routes import create_app
from roads.serve.store import Store

BUDGET = 200_000
"""The budget the test gives the cache: six or seven pictures' worth of the ones it asks for (30 KB each)."""


@pytest.mark.slow
def test_distinct_pictures_are_kept_within_the_byte_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "CACHE_BYTES", BUDGET, raising=False)
    client = TestClient(
        create_app(Store(tmp_path / "data")),
        base_url="http://127.0.0.1:8000",
        headers={"Content-Type": "application/json"},
    )
    with client:
        assert client.put("/api/tables/main").status_code == 201
        for n in range(1, 31):
            assert (
                client.post("/api/tables/main/coups", json={"result": "BPPBT"[n % 5], "expect": n}).status_code == 201
            )
        sizes = []
        tracemalloc.start()
        try:
            for i in range(24):
                answer = client.get(f"/api/tables/main/board.png?title=t{i}")  # distinct pictures, alike in size
                assert answer.status_code == 200
                sizes.append(len(answer.content))
                del answer
                if i == 3:
                    gc.collect()
                    warm = tracemalloc.get_traced_memory()[0]
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - warm
        finally:
            tracemalloc.stop()
    assert min(sizes) > BUDGET / 10  # 20 more pictures than the budget holds: over 400 KB if all were kept
    assert grown < BUDGET + 100_000, f"the server kept {grown:,} bytes more after 20 more distinct pictures"
