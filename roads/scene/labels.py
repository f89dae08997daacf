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
    bead_plate: str = "Bead Plate"
    big_road: str = "Big Road"
    big_eye_boy: str = "Big Eye Boy"
    small_road: str = "Small Road"
    cockroach_pig: str = "Cockroach Pig"

    def road(self, key: str) -> str:
        """Return the name of road ``key`` (``big-eye-boy``), as ``--road-labels`` draws it over its strip."""
        name: str = getattr(self, key.replace("-", "_"))
        return name


LABELS: dict[str, Labels] = {
    "en": Labels(
        banker="B",
        player="P",
        tie="T",
        coups="Coups",
        banker_pair="B pair",
        player_pair="P pair",
        naturals="Naturals",
        longest="Longest",
        ask="If the next coup is",
    ),
    "zh": Labels(
        banker="庄",
        player="闲",
        tie="和",
        coups="局数",
        banker_pair="庄对",
        player_pair="闲对",
        naturals="例牌",
        longest="最长",
        ask="问路",
        bead_plate="珠盘路",
        big_road="大路",
        big_eye_boy="大眼仔",
        small_road="小路",
        cockroach_pig="曱甴路",
    ),
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
