"""Lessons: pages that prove every mark, the quiz, the tableau chart, worked hands, drills, and embedding elsewhere.

Everything here sits at the end of the flow (cards -> coups -> roads -> scene
-> SVG / PNG / HTML): it reads the board and the scene, and nothing below it
imports it, not even lazily (tests/test_layers.py checks).
"""

from __future__ import annotations

from .embed import Figure, data_uri, figure, html_figure, picture
from .page import MarkRange, Played, lesson_page, parse_marks
from .questions import Question, questions
from .quiz import quiz_page

__all__ = [
    "Figure",
    "MarkRange",
    "Played",
    "Question",
    "data_uri",
    "figure",
    "html_figure",
    "lesson_page",
    "parse_marks",
    "picture",
    "questions",
    "quiz_page",
]
