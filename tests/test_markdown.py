"""The ```roads fence: Python-Markdown with SuperFences (and the MkDocs-style custom fence) draws inline figures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import markdown
import pytest
from pymdownx.superfences import SuperFencesException

from roads.errors import LessonError
from roads.lesson import markdown_ext

PAGE = """# Reading a dragon

A long Banker streak turns right at the bottom row.

```roads road="big-road" title="A <dragon> & its tail"
B B B B B B B B P P B
```

- Then the derived roads:

    ```roads highlight="big-eye-boy:2" theme="dark" last="12"
    BPPPBBP
    ```

```python
print("not ours")
```
"""


def figures(html: str) -> list[ET.Element]:
    out = []
    start = 0
    while (i := html.find("<figure", start)) >= 0:
        end = html.index("</figure>", i) + len("</figure>")
        out.append(ET.fromstring(html[i:end]))
        start = end
    return out


@pytest.mark.parametrize(
    ("extensions", "configs"),
    [
        (["roads.lesson.markdown_ext"], {}),
        (["pymdownx.superfences", "roads.lesson.markdown_ext"], {}),
        (["roads.lesson.markdown_ext", "pymdownx.superfences"], {}),
        (["pymdownx.superfences"], {"pymdownx.superfences": {"custom_fences": [markdown_ext.FENCE]}}),  # MkDocs
    ],
)
def test_fences_become_inline_figures(extensions, configs) -> None:
    html = markdown.markdown(PAGE, extensions=extensions, extension_configs=configs)
    found = figures(html)
    assert len(found) == 2
    first, second = found
    svg = "{http://www.w3.org/2000/svg}"
    assert next(first.iter(f"{svg}svg")).get("class") == "roads"
    assert first.find("figcaption").text == "A <dragon> & its tail"  # escaped on the way in
    assert "&lt;dragon&gt;" in html and "<dragon>" not in html
    # The highlighted proof is the figcaption's text, not text inside the picture.
    assert not any(g.get("id", "").endswith("highlight-caption") for g in second.iter(f"{svg}g"))
    assert re.search(r" mark \d+ \((red|blue)\): ", "".join(second.find("figcaption").itertext()))
    ids = [e.get("id") for f in found for e in f.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "two figures on one page must not share ids"
    assert "print(&quot;not ours&quot;)" in html or "not ours" in html


BAD = [
    ('road="big-road" colour="red"', "line 5: unknown option 'colour' in the roads fence: use road, last"),
    ('theme="neon"', "line 5: the roads fence, option theme: unknown theme 'neon'"),
    ('last="many"', "line 5: the roads fence, option last: last should be a whole number, got 'many'"),
    ('highlight="big-eye-boy:40"', "line 5: the roads fence: cannot highlight big-eye-boy:40"),
]


@pytest.mark.parametrize(("header", "message"), BAD)
def test_bad_options_name_the_markdown_line(header: str, message: str) -> None:
    page = PAGE.replace('road="big-road" title="A <dragon> & its tail"', header)
    with pytest.raises(LessonError) as caught:
        markdown.markdown(page, extensions=["roads.lesson.markdown_ext"])
    assert str(caught.value).startswith(message)


def test_unquoted_values_and_bad_results_name_the_line() -> None:
    with pytest.raises(LessonError, match='line 5: put the value of road in quotes, as SuperFences needs: road="x"'):
        markdown.markdown(PAGE.replace('road="big-road"', "road=x"), extensions=["roads.lesson.markdown_ext"])
    with pytest.raises(LessonError, match="line 12, column 3: 'X'"):
        markdown.markdown(PAGE.replace("BPPPBBP", "BPXPBBP"), extensions=["roads.lesson.markdown_ext"])
    with pytest.raises(LessonError, match="line 5: the roads fence is empty"):
        markdown.markdown("# x\n\n\n\n```roads\n```\n", extensions=["roads.lesson.markdown_ext"])


def test_mkdocs_style_errors_find_their_line_too() -> None:
    config = {"pymdownx.superfences": {"custom_fences": [markdown_ext.FENCE]}}
    with pytest.raises(SuperFencesException, match="line 5: unknown option 'colour'"):
        markdown.markdown(
            PAGE.replace('road="big-road"', 'colour="red"'),
            extensions=["pymdownx.superfences"],
            extension_configs=config,
        )


def test_hostile_titles_stay_text() -> None:
    page = '```roads title="&lt;script&gt; \u202e <img src=x onerror=alert(1)>"\nBPPB\n```\n'
    html = markdown.markdown(page, extensions=["roads.lesson.markdown_ext"])
    assert "<img" not in html and "<script" not in html


def test_the_fence_takes_width_cell_labels_theme_caption_and_alt() -> None:
    page = (
        "# Options\n\n"
        '```roads width="420" labels="zh" theme="print" caption="A chop — 庄闲" alt="Bead Plate and roads of a chop"\n'
        "B P B P B P\n```\n\n"
        '```roads cell="12" road="big-road"\nB P B P B P\n```\n'
    )
    html = markdown.markdown(page, extensions=["roads.lesson.markdown_ext"])
    first, second = (html[i : html.index("</svg>", i)] for i in (html.index("<svg"), html.rindex("<svg")))
    assert (
        'width="420"' in first
        and 'xml:lang="zh-Hans"' in first
        and "<title>Bead Plate and roads of a chop</title>" in first
    )
    assert "<figcaption>A chop — 庄闲</figcaption>" in html
    root = first[: first.index(">")]
    viewbox = root.split('viewBox="0 0 ')[1].split()[0]
    width = root.split(' width="')[1].split('"')[0]
    assert int(width) == 420 and float(viewbox) > 420  # shrunk to 420 px through the viewBox
    root2 = second[: second.index(">")]
    assert int(root2.split(' width="')[1].split('"')[0]) == round(float(root2.split('viewBox="0 0 ')[1].split()[0]) / 2)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            'cell="2"',
            "line 1: the roads fence, option cell: cell 2 is too small to read: the smallest legible cell is 8 px",
        ),
        ('width="huge"', "line 1: the roads fence, option width: width should be a whole number, got 'huge'"),
        ('labels="fr"', "line 1: the roads fence, option labels:"),
        ('caption="a" title="b"', "line 1: the roads fence has both caption and title"),
        ('fonts="no"', 'line 1: the roads fence, option fonts: fonts="no" should be embed or none'),
    ],
)
def test_bad_new_options_name_the_line_and_option(header: str, message: str) -> None:
    with pytest.raises(LessonError) as caught:
        markdown.markdown(f"```roads {header}\nB P\n```\n", extensions=["roads.lesson.markdown_ext"])
    assert message in str(caught.value)


def test_fonts_none_leaves_the_font_subsets_out_for_a_page_of_many_figures() -> None:
    body = '```roads caption="Café"\nB P\n```\n\n```roads fonts="none"\nB P P\n```\n'
    html = markdown.markdown(body, extensions=["roads.lesson.markdown_ext"])
    first, second = html.split("</figure>")[:2]
    assert first.count("@font-face") == 1 and "@font-face" not in second and "<svg" in second
