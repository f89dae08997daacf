"""Embedding: data URIs, notebook display on Scoreboard and Coup, figure objects, worked-hand pictures."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from roads import Scoreboard
from roads.cards import parse_card
from roads.cli import main
from roads.coup import resolve
from roads.errors import LessonError, RenderError
from roads.lesson import data_uri, figure, picture
from roads.scene.hand import dealing_numbers, hand_scene

SVG = "{http://www.w3.org/2000/svg}"


def coup(text: str):
    return resolve([parse_card(t) for t in text.split()])


@pytest.mark.slow
def test_core_never_imports_the_renderer() -> None:
    code = (
        "import sys, roads, roads.board, roads.coup; b = roads.Scoreboard.from_results('BPPB'); "
        # The option table (roads.scene.options, with the theme names) is help(board.svg)'s text: not the layout.
        "table = {'roads.scene', 'roads.scene.options', 'roads.scene.themes'}; "
        "print(any(m.startswith(('roads.render', 'roads.scene', 'roads.lesson', 'PIL', 'svgwrite')) "
        "for m in set(sys.modules) - table))"
    )
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
        == "False"
    )


def test_scoreboard_shows_itself_in_notebooks() -> None:
    board = Scoreboard.from_results("BPPPBBPT")
    ET.fromstring(board._repr_svg_())
    assert Image.open(io.BytesIO(board._repr_png_())).format == "PNG"
    html = board._repr_html_()
    assert html.startswith('<figure class="roads">') and "<?xml" not in html


def test_coup_shows_its_worked_hand() -> None:
    c = coup("3H 6S KD QC 6C 2D")
    root = ET.fromstring(c._repr_svg_())
    steps = [g for g in root.iter(f"{SVG}g") if "step" in g.get("class", "").split()]
    assert [g.get("data-rule") for g in steps] == ["natural", "player", "banker", "result"]
    assert steps[2].get("data-cell") == "6:6"
    assert Image.open(io.BytesIO(c._repr_png_())).size[0] > 0
    assert "<svg" in c._repr_html_()


def test_hand_cards_in_dealing_order() -> None:
    assert dealing_numbers(coup("3 6 K K 6 2")) == ((1, 3, 5), (2, 4, 6))
    assert dealing_numbers(coup("7 5 K K 3")) == ((1, 3), (2, 4, 5))
    root = ET.fromstring(coup("7 5 K K 3")._repr_svg_())
    dealt = sorted(int(g.get("data-dealt")) for g in root.iter(f"{SVG}g") if g.get("data-dealt"))
    assert dealt == [1, 2, 3, 4, 5]


def test_data_uris() -> None:
    board = Scoreboard.from_results("BPPB")
    svg = data_uri(board, "svg", road="big-road")
    assert svg.startswith("data:image/svg+xml;base64,")
    ET.fromstring(base64.b64decode(svg.split(",", 1)[1]))
    png = data_uri(board, "png", scale=2)
    assert Image.open(io.BytesIO(base64.b64decode(png.split(",", 1)[1]))).format == "PNG"
    assert data_uri(coup("3 6 K K 6 2"), "png").startswith("data:image/png;base64,")
    with pytest.raises(LessonError, match="svg, png or pdf"):
        data_uri(board, "gif")
    with pytest.raises(RenderError, match="unknown theme"):
        data_uri(board, "svg", theme="neon")


def test_figure_object() -> None:
    fig = figure("BPPPBBPPB", road="big-eye-boy", theme="dark")
    assert "Big Eye Boy" in fig._repr_svg_()
    assert fig.data_uri("png").startswith("data:image/png")
    assert "9 coups" in repr(fig)
    with pytest.raises(RenderError):
        figure("BPB", colour="red")
    with pytest.raises(Exception, match="line 1"):
        figure("BPXB")


def test_two_figures_on_one_page_do_not_share_ids() -> None:
    a = Scoreboard.from_results("BPPB")._repr_html_()
    b = figure("BPPB", theme="dark")._repr_html_()
    first = {e.get("id") for e in ET.fromstring(a[a.index("<svg") : a.rindex("</svg>") + 6]).iter() if e.get("id")}
    second = {e.get("id") for e in ET.fromstring(b[b.index("<svg") : b.rindex("</svg>") + 6]).iter() if e.get("id")}
    assert first and second and not first & second


def test_coup_render_cli(tmp_path, capsys) -> None:
    assert main(["coup", "3h", "6s", "kd", "qc", "6c", "2d", "--render", "-o", str(tmp_path / "hand.svg")]) == 0
    ET.parse(tmp_path / "hand.svg")
    assert main(["coup", "5", "3", "K", "K", "8", "--render", "-o", str(tmp_path / "hand.png"), "--scale", "2"]) == 0
    assert Image.open(tmp_path / "hand.png").format == "PNG"
    assert main(["coup", "3", "6", "K", "K", "--render"]) == 2
    assert main(["coup", "3", "6", "K", "K", "-o", str(tmp_path / "x.svg")]) == 2
    assert main(["coup", "3", "6", "K", "K", "--render", "-o", str(tmp_path / "bad.svg")]) == 1
    assert main(["coup", "3", "6", "K", "K", "6", "2", "--render", "-o", str(tmp_path / "bad.gif")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.png", "hand.svg"]


def test_hand_title_is_text() -> None:
    svg = picture(coup("9 2 K 3"), "svg", title="<b>&</b>\u202e")
    assert b"<b>" not in svg and b"&lt;b&gt;&amp;&lt;/b&gt;" in svg
    assert hand_scene(coup("9 2 K 3")).title.startswith("Player 9 beats Banker 5")


def test_hand_snapshot_svg(snapshot_svg) -> None:
    assert picture(coup("3H 6S KD QC 6C 2D"), "svg").decode() == snapshot_svg


def test_hand_snapshot_png(snapshot_png) -> None:
    assert picture(coup("5 3 K K 8"), "png", theme="dark") == snapshot_png


@pytest.mark.parametrize(
    ("cards", "words"), [("5 3 K K 8", "drew an 8"), ("5 3 K K A 2", "drew an A"), ("5 3 K K T 2", "drew a 10")]
)
def test_third_card_words(cards: str, words: str) -> None:
    assert words in picture(coup(cards), "svg").decode()


def test_an_embedded_figure_keeps_its_words_legible() -> None:
    """A highlight's proof is the figcaption's HTML text, and the picture stops shrinking where its text is 9 px."""
    import re

    from roads.lesson.embed import html_figure
    from roads.pages.figure import MIN_TEXT

    board = Scoreboard.from_results("BPPBBTBPBBPP")
    for html in (
        html_figure(board, caption="A <chop>", highlight=("big-eye-boy", 1)),
        figure(board, highlight=("big-eye-boy", 1))._repr_html_(),
    ):
        assert "highlight-caption" not in html and html.startswith('<figure class="roads">\n<div class="roads-scroll"')
        caption = html[html.index("<figcaption>") : html.index("</figcaption>")]
        assert "Big Eye Boy mark 1 (blue): " in caption
        svg = re.search(r"<svg [^>]*>", html).group(0)  # type: ignore[union-attr]
        view = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]
        narrowest = int(re.search(r"min-width:(\d+)px", svg).group(1))  # type: ignore[union-attr]
        smallest = min(float(s) for s in re.findall(r'font-size="([\d.]+)"', html))
        assert smallest * narrowest / view >= MIN_TEXT > smallest * (narrowest - 1) / view
    assert "<figcaption>A &lt;chop&gt;<br>Big Eye Boy mark 1" in html_figure(
        board, caption="A <chop>", highlight=("big-eye-boy", 1)
    )
