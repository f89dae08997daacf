"""Words a scoreboard prints, in the two label sets: B/P/T and 庄/闲/和."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..enums import Game


@dataclass(frozen=True, slots=True)
class Labels:
    """The letters and short words drawn on a scoreboard."""

    banker: str
    player: str
    tie: str
    coups: str
    banker_pair: str
    player_pair: str
    naturals: str
    longest: str
    ask: str
    """Caption over the ask icons."""
    bead_plate: str
    big_road: str
    big_eye_boy: str
    small_road: str
    cockroach_pig: str

    def road(self, key: str) -> str:
        """Return the name of road ``key`` (``big-eye-boy``), as ``--road-labels`` draws it over its strip."""
        name: str = getattr(self, key.replace("-", "_"))
        return name


WORDS: tuple[tuple[str, str, str], ...] = (
    # (word, en, zh)
    ("banker", "B", "庄"),
    ("player", "P", "闲"),
    ("tie", "T", "和"),
    ("coups", "Coups", "局数"),
    ("banker_pair", "B pair", "庄对"),
    ("player_pair", "P pair", "闲对"),
    ("naturals", "Naturals", "例牌"),
    ("longest", "Longest", "最长"),
    ("ask", "If the next coup is", "问路"),
    ("bead_plate", "Bead Plate", "珠盘路"),
    ("big_road", "Big Road", "大路"),
    ("big_eye_boy", "Big Eye Boy", "大眼仔"),
    ("small_road", "Small Road", "小路"),
    ("cockroach_pig", "Cockroach Pig", "曱甴路"),
)
"""Every word of :class:`Labels` in each label set, a row a word and a column a set: the translations side by side."""

LABEL_SETS = ("en", "zh")
"""The label sets in the order of the word table's columns."""

LABELS: dict[str, Labels] = {
    name: Labels(**{word: sets[column] for word, *sets in WORDS}) for column, name in enumerate(LABEL_SETS)
}

DRAGON_TIGER_LABELS: dict[str, Labels] = {
    "en": replace(LABELS["en"], banker="D", player="T", tie="Tie", banker_pair="D pair", player_pair="T pair"),
    "zh": replace(LABELS["zh"], banker="龙", player="虎", tie="和", banker_pair="龙对", player_pair="虎对"),
}
"""Dragon Tiger's words: Dragon on the red (Banker's) side, Tiger on the blue; ``T`` is Tiger, a tie is ``Tie``."""


def labels_for(name: str, game: Game) -> Labels:
    """Return the label set ``name`` (``en``, ``zh``) in ``game``'s words."""
    return (DRAGON_TIGER_LABELS if game is Game.DRAGON_TIGER else LABELS)[name]


FONT_FAMILY: dict[str, str] = {
    # The PNG back-end draws each character from the first of Aileron, DejaVu Sans and
    # Noto Sans CJK SC that holds it (roads.render.fonts); a browser is given the same
    # chain after the Latin faces it most likely has.
    "en": "Aileron, 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif",
    "zh": "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', "
    "Aileron, Helvetica, Arial, 'DejaVu Sans', sans-serif",
}
