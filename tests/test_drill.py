"""The third-card drill: seeded, answered by roads.rules, in text, JSON and a self-checking HTML quiz."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from roads.cli import main
from roads.errors import LessonError
from roads.lesson.drill import Situation, drill, drill_html, drill_text


def test_same_seed_same_drill_and_different_seeds_differ() -> None:
    assert drill(50, 7) == drill(50, 7)
    assert drill(50, 7) != drill(50, 8)


def test_answers_follow_the_rules() -> None:
    for s in drill(500, "rules"):
        if s.player_total >= 8 or s.banker_total >= 8:
            assert not s.player_draws and not s.banker_draws and "nobody draws" in s.banker_reason()
        elif s.player_total <= 5:
            assert s.player_draws and "tableau" in s.banker_reason()
        else:
            assert not s.player_draws and s.banker_draws == (s.banker_total <= 5)
            assert "Player stood" in s.banker_reason()


@pytest.mark.parametrize(
    ("situation", "player", "banker"),
    [
        (Situation(1, 3, 3, "8"), True, False),  # Banker 3 stands on an 8
        (Situation(1, 3, 3, "9"), True, True),
        (Situation(1, 7, 5, "2"), False, True),  # Player stood: Banker 5 draws
        (Situation(1, 2, 6, "K"), True, False),  # a third-card K is 0
        (Situation(1, 2, 9, "5"), False, False),  # natural
    ],
)
def test_known_situations(situation: Situation, player: bool, banker: bool) -> None:
    assert (situation.player_draws, situation.banker_draws) == (player, banker)


def test_every_situation_is_reachable() -> None:
    seen = {(s.player_total, s.banker_total) for s in drill(1000, 1)}
    assert len(seen) == 100


def test_text_lists_questions_then_answers() -> None:
    text = drill_text(drill(3, 7), 7)
    assert text.index("Answers:") > text.index("  3. Player has")
    assert "seed 7" in text


def test_bad_count() -> None:
    with pytest.raises(LessonError, match="1 to 1000"):
        drill(0, 1)


class _Quiz(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.details = self.asks = self.scripts = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.details += tag == "details"
        self.asks += "ask" in (a.get("class") or "").split()
        self.scripts += tag == "script" and "src" not in a
        assert "src" not in a or tag not in ("script", "img", "link")


def test_html_quiz_works_offline_with_answers_in_details() -> None:
    page = drill_html(drill(4, 3), 3, title="<b>quiz</b>")
    quiz = _Quiz()
    quiz.feed(page)
    assert quiz.details == 4 and quiz.asks == 8 and quiz.scripts == 1
    assert "<b>quiz</b>" not in page and "&lt;b&gt;quiz&lt;/b&gt;" in page
    assert "http" not in page.replace("http-equiv", "")


def test_cli_json_is_deterministic(capsys) -> None:
    assert main(["drill", "--count", "5", "--seed", "11", "--json"]) == 0
    first = capsys.readouterr().out
    data = json.loads(first)
    assert data["seed"] == 11 and len(data["situations"]) == 5
    assert {"player_draws", "banker_draws", "player_reason", "banker_reason"} <= set(data["situations"][0])


def test_format_json_is_the_old_spelling_of_json(capsys) -> None:
    """`drill --format json` where every other command has `--json`: it still works, warned, with the same bytes."""
    assert main(["drill", "--count", "5", "--seed", "11", "--json"]) == 0
    new = capsys.readouterr()
    assert main(["drill", "--count", "5", "--seed", "11", "--format", "json"]) == 0
    old = capsys.readouterr()
    assert old.out == new.out and new.err == ""
    assert old.err == "roads: warning: --format json is now --json; the old name goes in 0.4\n"


def test_help_offers_json_only_as_json() -> None:
    from click.testing import CliRunner

    from roads.cli import cli

    shown = CliRunner().invoke(cli, ["drill", "--help"]).output
    assert "--format [text|html]" in shown and "--json" in shown
    assert "text|json" not in shown and "|json]" not in shown


def test_cli_html_needs_a_file_and_writes_one(tmp_path, capsys) -> None:
    assert main(["drill", "--format", "html"]) == 2
    out = tmp_path / "quiz.html"
    assert main(["drill", "--seed", "1", "-o", str(out)]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert main(["drill", "--count", "0", "-o", str(tmp_path / "no.txt")]) == 2
    assert not (tmp_path / "no.txt").exists()


@pytest.mark.parametrize(("name", "begins"), [("d.html", "<!DOCTYPE html>"), ("d.json", "{"), ("d.txt", "Third-card")])
def test_the_output_follows_the_extension(tmp_path, capsys, name: str, begins: str) -> None:
    """`roads drill -o d.html` said "wrote d.html" and wrote plain text: the extension says the format."""
    out = tmp_path / name
    assert main(["drill", "--seed", "1", "-o", str(out)]) == 0
    assert out.read_text().startswith(begins)
    assert capsys.readouterr().out == f"wrote {out}\n"


def test_a_format_the_extension_contradicts_is_bad_usage(tmp_path, capsys) -> None:
    assert main(["drill", "--json", "-o", str(tmp_path / "d.html")]) == 2
    assert "-o" in capsys.readouterr().err and not (tmp_path / "d.html").exists()
    assert main(["drill", "--json", "--format", "html", "-o", str(tmp_path / "d.html")]) == 2
