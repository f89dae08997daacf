"""The cross-site attacks on ``roads serve``, in Debian's chromium: a form, a no-cors fetch, DNS rebinding.

A page on another origin (``http://attacker.example:PORT``, mapped to this
machine by Chromium's host resolver) tries what wrote coups before issue 29:
a form posting ``text/plain`` whose field spells a JSON object, and
``fetch(..., {mode: "no-cors"})`` with a ``text/plain`` body. Then a page that
a rebinding DNS has put on the server's own port under the attacker's name
posts JSON as same-origin. Each is refused, and the table's log is unchanged.
"""

from __future__ import annotations

import http.client
import http.server
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_browser import launch_chromium
from test_serve_live import BENCH

pytestmark = pytest.mark.browser

ATTACKER = "attacker.example"


@pytest.fixture(scope="module")
def attacker_browser() -> Iterator[Any]:
    rules = f"--host-resolver-rules=MAP {ATTACKER} 127.0.0.1"
    # Chromium's own guard against public pages reaching loopback is off: the server must refuse by itself,
    # as it must for every browser that has no such guard.
    unguarded = (
        "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults,"
        "PrivateNetworkAccessSendPreflights,BlockInsecurePrivateNetworkRequests"
    )
    yield from launch_chromium(rules, unguarded)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    data = tmp_path / "data"
    process: subprocess.Popen[str]
    process, port = BENCH.start_server(data)
    # Playwright's sync API holds this thread's event loop: a plain blocking request makes the table.
    made = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    made.request("PUT", "/api/tables/main", body="{}", headers={"Content-Type": "application/json"})
    assert made.getresponse().status == 201
    made.close()
    yield port, data / "main.jsonl"
    process.terminate()
    process.wait(10)


def _attacker_site(html: str) -> tuple[http.server.ThreadingHTTPServer, int]:
    """Serve ``html`` at / on a free loopback port: the attacker's own site."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    return site, site.server_address[1]


def test_a_cross_site_form_and_a_no_cors_fetch_write_nothing(attacker_browser: Any, served: tuple[int, Path]) -> None:
    port, log = served
    before = log.read_bytes()
    target = f"http://127.0.0.1:{port}/api/tables/main/coups"
    html = f"""<!DOCTYPE html><html><body>
<iframe name="sink"></iframe>
<form id="f" method="POST" enctype="text/plain" action="{target}" target="sink">
<input name='{{"result": "B", "expect": 1, "x": "' value='"}}'></form>
<script>
window.done = fetch("{target}", {{mode: "no-cors", method: "POST", headers: {{"Content-Type": "text/plain"}},
  body: JSON.stringify({{result: "P", expect: 1}})}}).then(() => "sent", e => "failed: " + e);
document.getElementById("f").submit();
</script></body></html>"""
    site, site_port = _attacker_site(html)
    try:
        page = attacker_browser.new_page()
        answers: list[tuple[str, int]] = []
        page.on("response", lambda r: answers.append((r.request.method, r.status)) if "/api/" in r.url else None)
        page.goto(f"http://{ATTACKER}:{site_port}/")
        assert page.evaluate("window.done") == "sent"  # the browser did send it: the server must refuse it
        page.wait_for_timeout(500)  # the form's navigation in the iframe
        assert sorted(answers) == [("POST", 415), ("POST", 415)], answers
        page.close()
    finally:
        site.shutdown()
    assert log.read_bytes() == before


def test_a_dns_rebinding_page_is_refused(attacker_browser: Any, served: tuple[int, Path]) -> None:
    port, log = served
    before = log.read_bytes()
    page = attacker_browser.new_page()
    evil = f"http://{ATTACKER}:{port}"
    # The attacker's page as its own server gave it, before the name was rebound to this machine's loopback.
    script = """<!DOCTYPE html><script>
window.done = fetch("/api/tables/main/coups", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({result: "B", expect: 1})}).then(r => r.status);
</script>"""
    page.route(f"{evil}/evil", lambda route: route.fulfill(status=200, content_type="text/html", body=script))
    page.goto(f"{evil}/evil")
    assert page.evaluate("window.done") == 421  # same-origin to the browser, refused by the Host check
    assert page.goto(f"{evil}/").status == 421  # and the lobby itself is not shown under the attacker's name
    page.close()
    assert log.read_bytes() == before
