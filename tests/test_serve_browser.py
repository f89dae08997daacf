"""The table page of ``roads serve`` in Debian's chromium: keys enter coups, two pages see each other, axe is quiet."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import axe_script, serious_violations

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_serve_live import BENCH

from roads.cli import main

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("serve") / "data"
    process: subprocess.Popen[str]
    process, port = BENCH.start_server(data)
    yield f"http://127.0.0.1:{port}", data
    process.terminate()
    process.wait(10)


def _open(browser: Any, url: str, width: int = 1280) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.errors = errors
    return page


def _wait_coups(page: Any, n: int, timeout: float = 10_000) -> None:
    # A selector, not wait_for_function: the page's policy allows no eval, and playwright's would be one.
    page.wait_for_selector(f'#board-img[data-coups="{n}"]', state="attached", timeout=timeout)


def test_keys_enter_coups_and_the_board_is_what_roads_render_draws(
    browser: Any,  # noqa: F811
    served: tuple[str, Path],
    tmp_path: Path,
) -> None:
    base, data = served
    page = _open(browser, base + "/")
    page.fill("#new-name", "keys")
    page.click("#new-table button")
    page.wait_for_url(base + "/tables/keys")
    _wait_coups(page, 0)
    keys = "BPPBTBBPPPBPTBBPBPPB"  # 20 coups
    for n, key in enumerate(keys, 1):
        page.keyboard.press(key.lower())
        _wait_coups(page, n)
    page.keyboard.press("Backspace")
    _wait_coups(page, 19)
    page.keyboard.press("b")
    _wait_coups(page, 20)
    shown = page.evaluate("fetch('/api/tables/keys/board.svg').then(r => r.text())")
    out = tmp_path / "keys.svg"
    assert main(["render", str(data / "keys.jsonl"), "-o", str(out)]) == 0
    assert shown == out.read_text(encoding="utf-8")
    counts = [str(keys.count(letter)) for letter in "BPT"]
    assert page.inner_text("#coups") == "shoe 1, coup 20"
    assert page.inner_text("#counts") == f"Banker {counts[0]} · Player {counts[1]} · Tie {counts[2]}"
    page.click("#board-img", position={"x": 5, "y": 5})  # not a mark: nothing happens
    assert page.locator("#proof article").count() == 0
    page.focus("#board")
    page.keyboard.press("ArrowRight")  # the arrow keys walk the marks: Big Eye Boy mark 1, then 2
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#proof article[data-road=big-eye-boy][data-mark='2']:has-text('Rule')")
    assert page.errors == [], sorted(set(page.errors))


def test_two_pages_see_each_others_coups_live(browser: Any, served: tuple[str, Path]) -> None:  # noqa: F811
    """Each page shows the coup the other posted, without a reload. How soon is the load benchmark's to say
    (``benchmarks/bench_serve.py``: POST to event); a one-second bound here failed a CI run at 1.26 s on a
    machine busy with the rest of the suite."""
    base, _ = served
    one = _open(browser, base + "/")
    one.evaluate(
        "fetch('/api/tables/pair', {method: 'PUT', headers: {'Content-Type': 'application/json'}, body: '{}'})"
    )
    one.goto(base + "/tables/pair")
    two = _open(browser, base + "/tables/pair")
    for page in (one, two):
        _wait_coups(page, 0)
    one.click("button[data-result=B]")
    _wait_coups(two, 1)
    two.fill("#cards", "3 6 K K 6 2")
    two.click("#cards-form button")
    _wait_coups(one, 2)
    assert one.inner_text("#counts") == "Banker 1 · Player 1 · Tie 0"
    assert one.errors == [] and two.errors == []


@pytest.mark.parametrize("width", [390, 1280])
def test_axe_finds_nothing_serious_and_buttons_are_44_px(
    browser: Any,  # noqa: F811
    served: tuple[str, Path],
    width: int,
) -> None:
    base, _ = served
    page = _open(browser, base + "/", width)
    page.evaluate(
        "fetch('/api/tables/axe', {method: 'PUT', headers: {'Content-Type': 'application/json'}, body: '{}'})"
    )
    for url in ("/", "/tables/axe"):
        page.goto(base + url)
        page.wait_for_load_state("networkidle")
        assert serious_violations(page, axe_script()) == [], url
    sizes = page.evaluate(
        "Array.from(document.querySelectorAll('button')).filter(b => b.offsetParent !== null)"
        ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
