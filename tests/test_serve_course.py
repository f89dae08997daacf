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
    pages, _ = course_pages(seed=2026, calculator="/calculator")
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


@pytest.mark.slow
def test_the_served_course_links_to_the_calculator_and_the_lobby_to_the_course(tmp_path: Path) -> None:
    """Issue 33, item 1: at /course in roads serve the course links to its calculator; a written course works from a
    folder, so it links to none."""
    written, _ = course_pages(seed=2026)
    assert not any("/calculator" in page.html for page in written.values())
    with served_client(create_app(Store(tmp_path / "data"))) as client:
        index = client.get("/course/").text
        assert '<a href="/calculator">The calculator</a>' in index
        lessons = sorted(set(re.findall(r'href="([a-z0-9-]+\.html)"', index)) - {"drill.html"})
        assert len(lessons) > 40  # every lesson and the exam
        linked = '<a href="/calculator">Try any shoe in the calculator</a>'
        for link in lessons:
            assert linked in client.get(f"/course/{link}").text, link
        assert client.get("/calculator").status_code == 200
        assert '<a href="/course/">Course: reading the roads</a>' in client.get("/").text
