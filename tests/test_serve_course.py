"""``roads serve`` answers the course at ``/course/``: the same pages ``roads course -o DIR`` writes, each with its own
policy, and its relative links stay inside ``/course/``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import served_client

from roads.course.site import course_pages
from roads.serve.routes import create_app
from roads.serve.store import Store


@pytest.mark.slow
def test_the_course_is_served_page_for_page(tmp_path: Path) -> None:
    pages, _ = course_pages(seed=2026)
    with served_client(create_app(Store(tmp_path / "data"))) as client:
        moved = client.get("/course", follow_redirects=False)
        assert moved.status_code == 308 and moved.headers["location"] == "/course/"
        index = client.get("/course/")
        assert index.status_code == 200
        assert index.text == pages["index.html"].html
        assert index.headers["content-security-policy"] == pages["index.html"].policy.header
        for link in sorted(set(re.findall(r'href="([a-z0-9-]+\.html)"', index.text)))[:5]:
            answer = client.get(f"/course/{link}")
            assert answer.status_code == 200, link
            assert answer.text == pages[link].html
            assert answer.headers["content-security-policy"] == pages[link].policy.header
        missing = client.get("/course/nothing.html")
        assert missing.status_code == 404
        assert missing.headers["content-type"].startswith("application/json")
