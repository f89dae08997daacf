"""The SVG back-end, the one SVG writer: translates a Scene into svgwrite elements, byte-for-byte deterministic.

Every ``<svg>`` roads writes comes from here as written, never edited as text
afterwards: a file (:func:`scene_svg`), a figure in a page, a page's small
hidden decorations and its sprite of symbols (:func:`inline_svg`), the
step-through's markup (:func:`items_svg`), a report's plot (:func:`page_svg`).
Numbers are rounded to two decimals, attributes come out sorted (svgwrite
sorts them), one element a line, symbols sorted by id and every id comes from
the model, never from svgwrite's global counter. Validation is off (the scene
is already valid and svgwrite's checks would cost more than the drawing), and
a shape svgwrite has written is reused wherever it is drawn again: a lesson
holds hundreds of small proof pictures placing the same marks at the same points.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from copy import copy
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Unpack

if TYPE_CHECKING:
    from xml.etree import ElementTree

    import svgwrite
    from svgwrite.base import BaseElement, Desc, Title
    from svgwrite.container import SVG as SvgRoot
    from svgwrite.container import Group as SvgGroup
    from svgwrite.container import Style
    from svgwrite.container import Use as SvgUse
    from svgwrite.etree import CDATA_TAG
    from svgwrite.path import Path
    from svgwrite.shapes import Circle as SvgCircle
    from svgwrite.shapes import Line as SvgLine
    from svgwrite.shapes import Polygon as SvgPolygon
    from svgwrite.shapes import Polyline as SvgPolyline
    from svgwrite.shapes import Rect as SvgRect
    from svgwrite.text import Text as SvgText

    _FACTORY: svgwrite.Drawing

from ..board import Board
from ..scene import RenderOptions, Scene, lay_out, render_options
from ..scene.ids import figure_prefix
from ..scene.options import OptionChanges, lists_options
from ..scene.primitives import Circle, Data, Grid, Group, Item, Line, Polygon, Polyline, Rect, Symbol, Text, Use


def num(value: float) -> str:
    """Return ``value`` rounded to two decimals without trailing zeros (``12``, ``12.5``, ``-0.25``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@lists_options
def svg(
    board: Board, options: RenderOptions | None = None, *, fonts: bool = True, **changes: Unpack[OptionChanges]
) -> str:
    """Return ``board`` drawn as an SVG document; keyword options as :class:`~roads.scene.RenderOptions`.

    ``fonts=False`` leaves out the embedded font subsets (see :func:`scene_svg`).
    """
    opts = render_options(options, **changes)
    return scene_svg(lay_out(board, opts), cell=opts.cell, width=opts.width, fonts=fonts)


def pixel_size(
    scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0
) -> tuple[float, int, int]:
    """Return (pixels per model unit, width, height) for ``cell`` px per Big Road cell or an overall ``width``."""
    if width is not None:
        unit = width / scene.width
    else:
        unit = (cell if cell is not None else scene.base_cell) / scene.base_cell
    unit *= scale
    return unit, max(1, round(scene.width * unit)), max(1, round(scene.height * unit))


GRAMMAR = "svgwrite.data.svgparser"
"""svgwrite's module of SVG-grammar checks, read only by its validator."""


def _defer_svg_grammar() -> None:
    """Let svgwrite import without building its SVG grammar: about half of its import, and roads never validates.

    svgwrite's type checker takes three functions from :data:`GRAMMAR` when it
    is imported, and that module compiles its regular expressions as it loads;
    they are called only when a Drawing validates (``debug=True``), which roads
    never asks for. A stand-in module of that name gives the three names as
    functions that load the real module on their first call and hand over to
    it, so a validating Drawing made by anyone in the same process still checks
    every value, exactly as before. The stand-in is put in place only when
    svgwrite is not yet imported (nothing to defer otherwise).
    """
    top = importlib.util.find_spec("svgwrite")  # finds the package without running it
    if GRAMMAR in sys.modules or "svgwrite" in sys.modules or top is None or not top.submodule_search_locations:
        return
    path = f"{top.submodule_search_locations[0]}/data/svgparser.py"
    spec = importlib.util.spec_from_file_location(GRAMMAR, path)
    if spec is None or spec.loader is None:
        return
    loader = spec.loader
    stand_in = types.ModuleType(GRAMMAR, "Stand-in for svgwrite's SVG grammar: loads it on first use.")
    real: list[types.ModuleType] = []

    def load() -> types.ModuleType:
        if not real:
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            real.append(module)
            sys.modules[GRAMMAR] = module
        return real[0]

    def hand_over(name: str) -> Any:
        def check(term: str) -> bool:
            return bool(getattr(load(), name)(term))

        check.__name__ = name
        return check

    for name in ("is_valid_transferlist", "is_valid_pathdata", "is_valid_animation_timing"):
        setattr(stand_in, name, hand_over(name))
    sys.modules[GRAMMAR] = stand_in


FETCHER = "urllib.request"
"""The module svgwrite's containers take ``urlopen`` from, to embed a web font by URL: roads never asks for one."""


@contextmanager
def _deferred_fetcher() -> Iterator[None]:
    """Let svgwrite import without ``urllib.request``: a third of its import (``http.client``, ``email``, ``ssl``).

    ``svgwrite.container`` imports ``urlopen`` from :data:`FETCHER` when it is
    imported, and calls it only in ``embed_google_web_font``, which roads
    never calls. While svgwrite imports, a stand-in module of that name gives
    it an ``urlopen`` that loads the real module on its first call and hands
    over to it, so anyone embedding a web font in the same process fetches it
    exactly as before. The stand-in leaves ``sys.modules`` as svgwrite's import
    ends: any later ``import urllib.request`` gets the real module. Should
    anything else look the stand-in up in that window, every other name it is
    asked for loads the real module too. Nothing is done when the module is
    already imported (nothing to save then).
    """
    if FETCHER in sys.modules:
        yield
        return
    stand_in = types.ModuleType(FETCHER, "Stand-in for urllib.request while svgwrite imports: loads it on first use.")

    def load() -> types.ModuleType:
        if sys.modules.get(FETCHER) is stand_in:
            del sys.modules[FETCHER]
        return importlib.import_module(FETCHER)

    def urlopen(*args: Any, **kwargs: Any) -> Any:
        return load().urlopen(*args, **kwargs)

    def __getattr__(name: str) -> Any:  # PEP 562: only names the stand-in lacks come here
        if name.startswith("__"):  # the import system's own look-ups (__path__, ...) must not load it
            raise AttributeError(name)
        return getattr(load(), name)

    stand_in.urlopen = urlopen  # type: ignore[attr-defined]
    stand_in.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[FETCHER] = stand_in
    try:
        yield
    finally:
        if sys.modules.get(FETCHER) is stand_in:
            del sys.modules[FETCHER]


def _import_svgwrite() -> None:
    """Bind svgwrite's classes on first use: a PNG, or a command drawing nothing, never pays its 0.1 s import."""
    global svgwrite, BaseElement, Desc, Title, SvgGroup, SvgRoot, Style, SvgUse, Path  # noqa: PLW0603
    global SvgCircle, SvgLine, SvgPolygon, SvgPolyline, SvgRect, SvgText, CDATA_TAG, ElementTree  # noqa: PLW0603
    global _FACTORY  # noqa: PLW0603
    from xml.etree import ElementTree

    _defer_svg_grammar()
    with _deferred_fetcher():
        import svgwrite
    from svgwrite.base import BaseElement, Desc, Title
    from svgwrite.container import SVG as SvgRoot
    from svgwrite.container import Group as SvgGroup
    from svgwrite.container import Style
    from svgwrite.container import Use as SvgUse
    from svgwrite.etree import CDATA_TAG
    from svgwrite.path import Path
    from svgwrite.shapes import Circle as SvgCircle
    from svgwrite.shapes import Line as SvgLine
    from svgwrite.shapes import Polygon as SvgPolygon
    from svgwrite.shapes import Polyline as SvgPolyline
    from svgwrite.shapes import Rect as SvgRect
    from svgwrite.text import Text as SvgText

    # Every element takes its (validation-off) parameters from a factory: one for all, never written itself.
    _FACTORY = svgwrite.Drawing(profile="full", debug=False)


def scene_svg(
    scene: Scene,
    *,
    cell: float | None = None,
    width: int | None = None,
    ids: str | None = None,
    fonts: bool = True,
    style: bool = True,
) -> str:
    """Return the SVG document of ``scene``: sized in pixels, drawn in model units through the viewBox.

    Every id starts with ``ids``, by default a digest of the figure's content, so
    any number of figures can share one HTML page; ``ids=""`` keeps the model's names.
    With ``fonts`` (the default) the bundled faces its text uses are embedded,
    subset to its characters (:mod:`roads.render.svgfonts`); ``fonts=False``
    leaves them out for a page that brings its own or holds many figures. ``style=False`` leaves
    out the root's ``style`` attribute, for a page under a strict policy whose style sheet sizes it.
    """
    _, w, h = pixel_size(scene, cell=cell, width=width)
    prefix = figure_prefix(scene, w, h) if ids is None else ids
    return _document(scene, prefix, w, h, fonts=fonts, style=style, min_width=0) + "\n"


def inline_svg(
    scene: Scene,
    prefix: str,
    *,
    cell: float | None = None,
    width: int | None = None,
    fonts: bool = True,
    style: bool = True,
    min_width: int = 0,
    decoration: str | None = None,
) -> str:
    """Return ``scene`` as an ``<svg>`` element inside an HTML page, every id and reference starting with ``prefix``.

    As :func:`scene_svg`'s document (``cell``, ``width``, ``fonts``, ``style``
    the same); ``min_width`` (CSS px) is the narrowest its ``style`` lets a page
    shrink it. ``decoration`` (its classes) makes it a small picture that only
    illustrates the text beside it, as many pages hold hundreds of: drawn in
    model units, hidden from readers (``aria-hidden``, not focusable), and
    nothing but the scene's items and symbols: no title, description,
    background, fonts or namespaces (HTML needs none). Its items may place
    symbols that a shared sprite on the page holds (the scene then has none of
    its own); a sprite is a decoration with symbols and no items.
    """
    if decoration is not None:
        return _decoration(scene, prefix, decoration)
    _, w, h = pixel_size(scene, cell=cell, width=width)
    return _document(scene, prefix, w, h, fonts=fonts, style=style, min_width=min_width)


def items_svg(items: Iterable[Item], prefix: str) -> str:
    """Return the elements of ``items``, one a line, ids and references prefixed: markup a page's script inserts."""
    if "SvgText" not in globals():
        _import_svgwrite()
    translator = _Translator(_FACTORY, prefix)
    return "\n".join(_serialise(translator.item(item)) for item in items)


def _document(scene: Scene, prefix: str, w: int, h: int, *, fonts: bool, style: bool, min_width: int) -> str:
    """Return the ``<svg>`` document element of ``scene`` at ``w`` x ``h`` pixels, ids prefixed."""
    if "SvgText" not in globals():
        _import_svgwrite()
    rules, families = ("", "")
    if fonts:
        from .svgfonts import font_faces

        rules, families = font_faces(scene, prefix)
    dwg = svgwrite.Drawing(size=(w, h), profile="full", debug=False)
    a = dwg.attribs
    a["viewBox"] = f"0 0 {num(scene.width)} {num(scene.height)}"
    # width/height give a file its exact pixels; inline in a page it shrinks to fit, keeping its shape.
    if style:
        a["style"] = (
            f"max-width:100%;height:auto;min-width:{min_width}px" if min_width else "max-width:100%;height:auto"
        )
    # The embedded subsets first, in the PNG's order, so a browser draws each character from the face the
    # PNG drew it with; the names after them serve a page that strips the <style>.
    a["font-family"] = f"{families}, {scene.font_family}" if families else scene.font_family
    a["class"] = "roads"
    a["xml:lang"] = scene.lang
    # svgwrite starts the document with its own <defs>; title and desc go before it.
    dwg.elements[:0] = [Title(scene.title), Desc(scene.desc)]
    if rules:
        dwg.defs.elements.append(Style(rules, factory=_FACTORY))
    translator = _Translator(_FACTORY, prefix)
    dwg.defs.elements.extend(translator.symbol(symbol) for symbol in scene.symbols)
    background = SvgRect(factory=_FACTORY)
    background.attribs.update(width="100%", height="100%", fill=scene.background)
    background.attribs["class"] = "background"
    dwg.elements.append(background)
    dwg.elements.extend(translator.item(item) for item in scene.items)
    return _serialise(dwg)


def _decoration(scene: Scene, prefix: str, classes: str) -> str:
    """Return :func:`inline_svg`'s small hidden picture (``decoration=classes``)."""
    if "SvgText" not in globals():
        _import_svgwrite()
    root = SvgRoot(factory=_FACTORY)
    a = root.attribs
    a["class"] = classes
    a["viewBox"] = f"0 0 {num(scene.width)} {num(scene.height)}"
    a["width"] = num(scene.width)
    a["height"] = num(scene.height)
    a["aria-hidden"] = "true"
    a["focusable"] = "false"
    translator = _Translator(_FACTORY, prefix)
    if scene.symbols:
        root.defs.elements.extend(translator.symbol(symbol) for symbol in scene.symbols)
    else:
        root.elements.clear()  # svgwrite's empty <defs>
    root.elements.extend(translator.item(item) for item in scene.items)
    return _serialise(root)


def _serialise(element: BaseElement | _Reused) -> str:
    """Return ``element`` as svgwrite gives it to ElementTree, one element a line (a changed picture, a small diff)."""
    xml = element.get_xml()
    if xml.tail:  # a shared element (see _written) placed elsewhere too: written here alone, without its break
        xml = copy(xml)
        xml.tail = None
    _one_a_line(xml)
    return ElementTree.tostring(xml, encoding="unicode")


def _one_a_line(xml: ElementTree.Element) -> None:
    """Put a line break before every child element of ``xml`` and after its last one, at any depth.

    Only between tags: an element with text of its own (a label) keeps it as it is.
    """
    if not len(xml):
        return
    if not xml.text:
        xml.text = "\n"
    for i, child in enumerate(xml):
        if child.tag == CDATA_TAG:
            # svgwrite writes a CDATA section (a <style>'s rules) without its tail: hold it in a tagless element,
            # which ElementTree writes as its content and tail alone.
            holder: Any = ElementTree.Element(None)
            holder.append(child)
            holder.tail = "\n"
            xml[i] = holder
        else:
            if len(child):
                _one_a_line(child)
            child.tail = "\n"


def page_svg(scene: Scene, *, classes: str = "chart", data: Data = ()) -> str:
    """Return ``scene`` as an ``<svg>`` inside an HTML page whose style sheet paints it.

    Only geometry, classes and ``data-*`` attributes: no fill, stroke, size,
    background or style attribute (a page's Content-Security-Policy allows its
    one style sheet and nothing else), and no ids, so any number of plots can
    share a page. Its title is the picture's accessible name.
    """
    if "SvgText" not in globals():
        _import_svgwrite()
    root = SvgRoot(factory=_FACTORY)
    root.elements.clear()  # svgwrite's empty <defs>
    a = root.attribs
    label(a, classes, ())
    a["viewBox"] = f"0 0 {num(scene.width)} {num(scene.height)}"
    a["role"] = "img"
    a["aria-label"] = scene.title
    for key, value in data:
        a[f"data-{key}"] = value
    a["xmlns"] = "http://www.w3.org/2000/svg"
    translator = _Translator(_FACTORY, painted=False)
    root.elements.extend(translator.item(item) for item in scene.items)
    return _serialise(root)


class _Translator:
    """Makes svgwrite elements from primitives, every id and reference prefixed, validation off."""

    __slots__ = ("factory", "painted", "prefix")

    def __init__(self, factory: svgwrite.Drawing, prefix: str = "", *, painted: bool = True) -> None:
        self.factory = factory
        self.prefix = prefix
        self.painted = painted
        """False for a page's plot: shapes keep their classes and leave fill, stroke and size to its style sheet."""

    def symbol(self, symbol: Symbol) -> BaseElement:
        """Return a symbol's ``<g>`` (the ``<defs>`` a placement points at)."""
        el = SvgGroup(factory=self.factory)
        el.attribs["id"] = self.prefix + symbol.id
        el.elements.extend(self.item(shape) for shape in symbol.shapes)
        return el

    def item(self, item: Item) -> BaseElement | _Reused:
        """Return the element of one scene item (groups recursively; every other item as svgwrite wrote it once)."""
        if isinstance(item, Group):
            el = SvgGroup(factory=self.factory)
            a = el.attribs
            if item.id:
                a["id"] = self.prefix + item.id
            label(a, item.classes, item.data)
            el.elements.extend(self.item(child) for child in item.items)
            return el
        try:
            return _Reused(_written(item, self.prefix, self.painted))
        except TypeError:  # unhashable (a caller's scene with lists for tuples): written afresh; other errors again
            return self.element(item)

    def element(self, item: Item) -> BaseElement:
        """Return the svgwrite element of one item that is not a group."""
        if isinstance(item, Use):
            el: BaseElement = SvgUse(f"#{self.prefix}{item.symbol}", factory=self.factory)
            a = el.attribs
            a["x"] = num(item.x)
            a["y"] = num(item.y)
            label(a, item.classes, item.data)
            return el
        return self.shape(item)

    def shape(self, shape: Any) -> BaseElement:
        """Return the element of one primitive shape."""
        dwg = self.factory
        if isinstance(shape, Circle):
            el: BaseElement = SvgCircle(factory=dwg)
            el.attribs.update(cx=num(shape.cx), cy=num(shape.cy), r=num(shape.r))
            self.paint(el.attribs, shape.classes, shape.fill, shape.stroke, shape.width)
            return el
        if isinstance(shape, Rect):
            el = SvgRect(factory=dwg)
            a = el.attribs
            a.update(x=num(shape.x), y=num(shape.y), width=num(shape.w), height=num(shape.h))
            if shape.rx:
                a["rx"] = num(shape.rx)
            self.paint(a, shape.classes, shape.fill, shape.stroke, shape.width)
            return el
        if isinstance(shape, Line):
            el = SvgLine(factory=dwg)
            a = el.attribs
            a.update(x1=num(shape.x1), y1=num(shape.y1), x2=num(shape.x2), y2=num(shape.y2))
            label(a, shape.classes, ())
            if self.painted:
                a["stroke"] = shape.stroke
                a["stroke-width"] = num(shape.width)
                a["stroke-linecap"] = "round"
            return el
        if isinstance(shape, Polyline):
            return self.polyline(shape)
        if isinstance(shape, Polygon):
            el = SvgPolygon([(num(x), num(y)) for x, y in shape.points], factory=dwg)
            self.paint(el.attribs, shape.classes, shape.fill, shape.stroke, shape.width)
            if shape.stroke and self.painted:
                el.attribs["stroke-linejoin"] = "round"
            return el
        if isinstance(shape, Text):
            return self.text(shape)
        if isinstance(shape, Grid):
            return self.grid(shape)
        raise TypeError(f"not a scene shape: {shape!r}")

    def paint(self, a: dict[str, str], classes: str, fill: str | None, stroke: str | None, width: float) -> None:
        """Add a shape's classes, and its paint unless a page's style sheet paints it."""
        label(a, classes, ())
        if self.painted:
            paint(a, fill, stroke, width)

    def polyline(self, shape: Polyline) -> BaseElement:
        """Return a <polyline>: an open stroke with round joins and caps, as the PNG back-end paints it."""
        el = SvgPolyline([(num(x), num(y)) for x, y in shape.points], factory=self.factory)
        a = el.attribs
        label(a, shape.classes, ())
        if not self.painted:
            return el  # a page's style sheet paints it (and sets its fill to none)
        a.update(fill="none", stroke=shape.stroke)
        a["stroke-width"] = num(shape.width)
        a["stroke-linecap"] = "round"
        a["stroke-linejoin"] = "round"
        return el

    def text(self, shape: Text) -> BaseElement:
        """Return a <text>; bold is a thin outline in the text's own colour, as the PNG back-end draws it."""
        el = SvgText(shape.text, factory=self.factory)
        a = el.attribs
        a.update(x=num(shape.x), y=num(shape.y))
        label(a, shape.classes, ())
        if shape.anchor != "start":
            a["text-anchor"] = shape.anchor
        if not self.painted:
            return el
        a["fill"] = shape.fill
        a["font-size"] = num(shape.size)
        if shape.halo:
            a["stroke"] = shape.halo
            a["stroke-width"] = num(shape.halo_width * 2)
            a["stroke-linejoin"] = "round"
            a["paint-order"] = "stroke"
        elif shape.bold:
            a["stroke"] = shape.fill
            a["stroke-width"] = num(shape.size * BOLD)
        return el

    def grid(self, shape: Grid) -> BaseElement:
        """Return the inner ruling of a grid as one path (the border is a separate rect)."""
        x0, y0, c = shape.x, shape.y, shape.cell
        x1, y1 = x0 + shape.columns * c, y0 + shape.rows * c
        parts = [f"M{num(x0 + i * c)} {num(y0)}V{num(y1)}" for i in range(1, shape.columns)]
        parts += [f"M{num(x0)} {num(y0 + j * c)}H{num(x1)}" for j in range(1, shape.rows)]
        el = Path(factory=self.factory)
        # svgwrite writes "d" from its command list when serialising, not from attribs.
        el.commands.append("".join(parts) or f"M{num(x0)} {num(y0)}")
        a = el.attribs
        a["fill"] = "none"
        a["stroke"] = shape.stroke
        a["stroke-width"] = num(shape.width)
        a["class"] = f"grid {shape.classes}" if shape.classes else "grid"
        return el


@lru_cache(maxsize=4096)
def _written(item: Item, prefix: str, painted: bool) -> ElementTree.Element:
    """Return the XML svgwrite makes of one item that is not a group, made once however often it is drawn.

    A page of hundreds of small pictures places the same marks at the same
    points again and again: each is translated and given to svgwrite once.
    The element is shared, so nothing may change it but :func:`_one_a_line`,
    which always gives a placed element the same line break.
    """
    return _Translator(_FACTORY, prefix, painted=painted).element(item).get_xml()


class _Reused:
    """An element svgwrite has written already, placed again: its group takes :meth:`get_xml` as from any element."""

    __slots__ = ("xml",)

    def __init__(self, xml: ElementTree.Element) -> None:
        self.xml = xml

    def get_xml(self) -> ElementTree.Element:
        """Return the element's XML, as svgwrite wrote it."""
        return self.xml


BOLD = 0.06
"""Outline width per unit of font size that every back-end (SVG, PNG, PDF) gives bold text (the font has no bold)."""


def label(a: dict[str, str], classes: str, data: Data) -> None:
    """Add the classes and ``data-*`` attributes a stylesheet or a test finds an element by."""
    if classes:
        a["class"] = classes
    for key, value in data:
        a[f"data-{key}"] = value


def paint(a: dict[str, str], fill: str | None, stroke: str | None, width: float) -> None:
    """Add the fill, and the stroke with its width when there is one."""
    a["fill"] = fill or "none"
    if stroke:
        a["stroke"] = stroke
        a["stroke-width"] = num(width)
