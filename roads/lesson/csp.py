"""The lesson pages' old policy module, kept only for the report page until it moves beside the other pages.

The builder is :class:`roads.pages.csp.Policy`; ``roads/analytics/report_page.py``
still imports :func:`meta` from here while another change moves it (issue 30,
item 2). Delete this module when nothing imports it.
"""

from __future__ import annotations

from ..pages.csp import Policy


def meta(*, scripts: tuple[str, ...] = (), styles: tuple[str, ...] = (), fonts: bool = False) -> str:
    """Return the ``<meta>`` policy element of :class:`~roads.pages.csp.Policy` (for the report page only)."""
    return Policy(scripts, styles, fonts).meta


__all__ = ["meta"]
