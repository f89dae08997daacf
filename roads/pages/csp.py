"""The one Content-Security-Policy builder: the hash-based ``<meta>`` of a self-contained file, the server's header.

A self-contained page carries its script and style inline (it opens from disk,
with no network), so its policy allows exactly those by their SHA-256 hashes
and nothing more: no other script or style, no plugin, no form target, no base
URL, no network request. Fonts may come only from ``data:`` URIs (a lesson
page carries its pictures' font subsets inline), never from the network. A
script injected through a log's text could not run even if escaping ever failed.

The same :class:`Policy` gives the header a server sends with that page
(:attr:`Policy.header`) and the ``<meta>`` element a file carries
(:attr:`Policy.meta`): nothing reads a policy back out of a page.
:data:`SERVED` is the policy of ``roads serve``'s own pages, whose script and
style are files it serves.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

SERVED = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
"""The policy of every answer of ``roads serve``: its own script and style files only, nothing inline or elsewhere."""


def source_hash(text: str) -> str:
    """Return the CSP source expression (``'sha256-...'``) of an inline script or style's exact text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


@dataclass(frozen=True, slots=True)
class Policy:
    """The policy of one self-contained page: exactly its inline scripts and styles (texts); ``fonts``: data: fonts."""

    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    fonts: bool = False

    @property
    def header(self) -> str:
        """Return the policy's value, as a ``Content-Security-Policy`` header gives it."""
        parts = [
            "default-src 'none'",
            f"script-src {' '.join(map(source_hash, self.scripts))}" if self.scripts else "script-src 'none'",
            f"style-src {' '.join(map(source_hash, self.styles))}" if self.styles else "style-src 'none'",
            "img-src data:",
            *(["font-src data:"] if self.fonts else []),
            "base-uri 'none'",
            "form-action 'none'",
        ]
        return "; ".join(parts)

    @property
    def meta(self) -> str:
        """Return the ``<meta http-equiv="Content-Security-Policy">`` element for a page's ``<head>``."""
        # The value holds only keywords, hashes and "; ": nothing to escape inside a double-quoted attribute.
        return f'<meta http-equiv="Content-Security-Policy" content="{self.header}">\n'


__all__ = ["SERVED", "Policy", "source_hash"]
