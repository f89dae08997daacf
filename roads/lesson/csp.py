"""A strict Content-Security-Policy for the HTML pages roads writes: their own inline code runs, nothing else.

Each page carries its script and style inline (it opens from disk, with no
network), so the policy allows exactly those by their SHA-256 hashes and
nothing more: no other script or style, no plugin, no form target, no base
URL, no network request. Fonts may come only from ``data:`` URIs (a lesson
page carries its pictures' font subsets inline), never from the network. A
script injected through a log's text could not run even if escaping ever failed.
"""

from __future__ import annotations

import base64
import hashlib


def source_hash(text: str) -> str:
    """Return the CSP source expression (``'sha256-...'``) of an inline script or style's exact text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(*, scripts: tuple[str, ...] = (), styles: tuple[str, ...] = (), fonts: bool = False) -> str:
    """Return the policy allowing only the given inline scripts and styles (exact texts); ``fonts``: data: fonts."""
    parts = [
        "default-src 'none'",
        f"script-src {' '.join(map(source_hash, scripts))}" if scripts else "script-src 'none'",
        f"style-src {' '.join(map(source_hash, styles))}" if styles else "style-src 'none'",
        "img-src data:",
        *(["font-src data:"] if fonts else []),
        "base-uri 'none'",
        "form-action 'none'",
    ]
    return "; ".join(parts)


def meta(*, scripts: tuple[str, ...] = (), styles: tuple[str, ...] = (), fonts: bool = False) -> str:
    """Return the ``<meta http-equiv="Content-Security-Policy">`` element for a page's ``<head>``."""
    content = policy(scripts=scripts, styles=styles, fonts=fonts)
    return f'<meta http-equiv="Content-Security-Policy" content="{content}">\n'
