"""docs/api.md is a doctest: every example on it runs, and its output is checked."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("page", ["api.md"])
def test_doc_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    result = doctest.testfile(
        str(DOCS / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted > 20
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in docs/{page} failed (see above)"


def test_package_docstring_examples_run() -> None:
    import roads

    result = doctest.testmod(roads, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0
