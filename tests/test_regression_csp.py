"""Every HTML page roads writes carries a strict Content-Security-Policy with hashes (issue 11, smaller).

On v0.1.0 the lesson and drill pages had no policy: any script that reached
them (through a log's text, were escaping ever to fail) would have run.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from roads.lesson.drill import drill, drill_html
from roads.lesson.page import lesson_page
from roads.lesson.quiz import quiz_page
from roads.pages.csp import source_hash
from roads.scoreboard import Scoreboard
from roads.shoe import deal_shoe

COUPS = deal_shoe(8, seed=3).coups[:30]
PAGES = {
    "lesson": lambda: lesson_page(COUPS, title="CSP lesson"),
    "drill": lambda: drill_html(drill(3, 5), 5),
    "quiz": lambda: quiz_page([Scoreboard.from_outcomes(COUPS)], seed=5, count=3),
}
STYLES = {"lesson": 2, "drill": 1, "quiz": 3}
"""Each page's inline styles: its CSS (the quiz adds its own to the lesson's), then its pictures' @font-face rules."""
SCRIPTS = {"lesson": 1, "drill": 1, "quiz": 2}
"""Each page's inline scripts: the quiz's storage (shared with the course, storage.js), then the quiz's own."""


class _Inline(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.open: str | None = None
        self.blocks: dict[str, list[str]] = {"script": [], "style": []}
        self.policy: list[str] = []
        self.style_attributes = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in self.blocks:
            self.open = tag
            self.blocks[tag].append("")
        if tag == "meta" and (found.get("http-equiv") or "").lower() == "content-security-policy":
            self.policy.append(found.get("content") or "")
        self.style_attributes += "style" in found or any(name.startswith("on") for name in found)

    def handle_endtag(self, tag: str) -> None:
        self.open = None if tag == self.open else self.open

    def handle_data(self, data: str) -> None:
        if self.open:
            self.blocks[self.open][-1] += data


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_policy_allows_exactly_the_pages_own_code(name: str) -> None:
    page = PAGES[name]()
    parsed = _Inline()
    parsed.feed(page)
    assert len(parsed.policy) == 1, "one policy, in the head"
    assert page.index("Content-Security-Policy") < page.index("<style>") < page.index("</head>")
    directives = dict(part.strip().split(" ", 1) for part in parsed.policy[0].split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["base-uri"] == "'none'" and directives["form-action"] == "'none'"
    # A page with pictures has a last style, their @font-face rules, and takes fonts from data: URIs only.
    fonts = name != "drill"
    for kind, directive in (("script", "script-src"), ("style", "style-src")):
        allowed = directives[directive].split()
        blocks = STYLES[name] if kind == "style" else SCRIPTS[name]
        assert allowed == [source_hash(text) for text in parsed.blocks[kind]] and len(allowed) == blocks
        assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", source) for source in allowed)
    assert directives.get("font-src") == ("data:" if fonts else None)
    assert "unsafe" not in parsed.policy[0] and parsed.style_attributes == 0


@pytest.mark.browser
@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_page_runs_and_a_foreign_script_does_not(name: str, tmp_path: Path) -> None:
    chromium = Path("/usr/bin/chromium")
    try:
        from playwright import sync_api
    except ImportError:
        sync_api = None
    if sync_api is None or not chromium.exists():
        reason = "playwright is not installed" if sync_api is None else f"{chromium} is missing"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}: CI must run the browser tests")
        pytest.skip(reason)
    page_text = PAGES[name]()
    # What a failure of escaping would let in: a script and a style the policy does not name.
    tampered = page_text.replace(
        "</body>", '<script>document.title = "pwned"</script><style>body{display:none}</style></body>'
    )
    path = tmp_path / f"{name}.html"
    path.write_text(tampered, encoding="utf-8")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
        try:
            tab = browser.new_page()
            refused: list[str] = []
            errors: list[str] = []
            tab.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(path.as_uri())
            tab.wait_for_timeout(200)
            assert tab.title() != "pwned" and tab.locator("body").is_visible()
            assert errors == []
            # Exactly the two foreign blocks are refused: the page's own script and style are not.
            assert len(refused) == 2, refused
            if name == "drill":
                ask = tab.locator("li.situation").first.locator('.ask[data-who="player"]')
                ask.locator(f'button[data-answer="{ask.get_attribute("data-correct")}"]').click()
                assert ask.locator(".verdict").inner_text() == "Right."
            elif name == "quiz":
                question = tab.locator("#q1")
                question.locator(f'[data-choice="{question.get_attribute("data-answer")}"]').click()
                assert question.locator(".verdict").inner_text() == "Right."
            else:
                tab.locator('#board use[data-road="big-eye-boy"][data-mark="2"]').hover()
                assert "Big Eye Boy mark 2" in tab.locator("#viewer").inner_text()
        finally:
            browser.close()
