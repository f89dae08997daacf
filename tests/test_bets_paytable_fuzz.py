"""Any paytable file, however wrong, is read or refused with one BetError naming the file: never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.bets import BET_IDS, load_paytable
from roads.errors import BetError

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["push", "standard", "ez", "super6"]),
)
_events = st.sampled_from(["win", "tie", "win_6", "pair", "both", "cards_4", "natural_tie", "win_by_9", "x"])
_pays = st.dictionaries(
    st.one_of(st.sampled_from(BET_IDS), st.text(max_size=6)),
    st.one_of(_scalars, st.dictionaries(_events, _scalars, max_size=4)),
    max_size=4,
)
_tables = st.one_of(
    _scalars,
    st.lists(_scalars, max_size=3),
    st.fixed_dictionaries(
        {"rules": _scalars}, optional={"pays": st.one_of(_scalars, _pays), "title": _scalars, "extra": _scalars}
    ),
)


@settings(max_examples=examples(300), deadline=None)
@given(data=_tables)
def test_any_json_paytable_is_read_or_refused_in_one_line(data: object, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    path: Path = tmp_path_factory.mktemp("pay") / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        table = load_paytable(path)
    except BetError as exc:
        text = str(exc)
        assert text.startswith(f"{path}: ")
        assert "\n" not in text
    else:
        assert [b.id for b in table.bets] == list(BET_IDS)
        for bet in table.bets:
            for _, pay in bet.pays:
                assert pay is None or pay >= 0
