// roads lesson page: pointing at a derived mark, or focusing it, shows its proof and lights up
// what it compared. Without this script every proof is still on the page as plain HTML.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var viewer = document.getElementById("viewer");
  // Paper shows every "why" of the coup table and the shoe's details.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
  });
  // The proof list's filter: by road, rule and mistake (each proof says its own in data-road, data-rule and
  // data-mistake). A link to a proof the filter hides clears the filter first.
  var filter = document.getElementById("proof-filter");
  if (filter) {
    var listed = Array.prototype.slice.call(document.querySelectorAll("li.proof[data-road]"));
    var sections = Array.prototype.slice.call(document.querySelectorAll("section.road-proofs"));
    var filterSaid = filter.querySelector("output");
    var sieve = function () {
      var want = {};
      ["road", "rule", "mistake"].forEach(function (name) { want[name] = filter.elements[name].value; });
      var shown = 0;
      listed.forEach(function (li) {
        var keep = ["road", "rule", "mistake"].every(function (name) {
          return !want[name] || li.getAttribute("data-" + name) === want[name];
        });
        li.hidden = !keep;
        if (keep) { shown += 1; }
      });
      var on = want.road || want.rule || want.mistake;
      sections.forEach(function (section) {
        section.hidden = Boolean(on) && !section.querySelector("li.proof:not([hidden])");
      });
      filterSaid.textContent = on ? "Showing " + shown + " of " + listed.length + " proofs." : "All " + listed.length + " proofs.";
    };
    filter.addEventListener("change", sieve);
    filter.addEventListener("submit", function (event) { event.preventDefault(); });
    var unhide = function () {
      var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && target.closest && target.closest("[hidden]") && target.closest("#proofs")) {
        filter.reset();
        sieve();
        target.scrollIntoView();
      }
    };
    window.addEventListener("hashchange", unhide);
    filter.hidden = false;
    sieve();
    unhide();
  }
  if (!board || !viewer) { return; }
  var svg = board.querySelector("svg");
  var NS = "http://www.w3.org/2000/svg";
  var cell = parseFloat(board.getAttribute("data-cell")) || 24;
  var proofs = {};
  Array.prototype.forEach.call(document.querySelectorAll("li.proof[data-road]"), function (li) {
    proofs[li.getAttribute("data-road") + ":" + li.getAttribute("data-mark")] = li;
  });
  function keyOf(el) { return el.getAttribute("data-road") + ":" + el.getAttribute("data-mark"); }
  var marks = Array.prototype.filter.call(svg.querySelectorAll("use[data-road][data-mark]"), function (u) {
    return proofs.hasOwnProperty(keyOf(u));
  });
  // Step-through: previous/next, a slider and its arrow keys reveal the shoe one coup at a time. Built here,
  // so with JavaScript off the page is simply the whole shoe.
  var total = parseInt(board.getAttribute("data-coups"), 10) || 0;
  var made = {};
  (board.getAttribute("data-made") || "").split(" ").forEach(function (t) {
    var p = t.split(":");
    if (p.length === 3) { made[p[0] + ":" + p[1]] = parseInt(p[2], 10); }
  });
  var timed = [];
  Array.prototype.forEach.call(svg.querySelectorAll("use[data-coup]"), function (u) {
    timed.push([u, parseInt(u.getAttribute("data-coup"), 10)]);
  });
  Array.prototype.forEach.call(svg.querySelectorAll("use[data-road][data-mark]"), function (u) {
    if (made.hasOwnProperty(keyOf(u))) { timed.push([u, made[keyOf(u)]]); }
  });
  // Tie counts grow tie by tie; the stats panel and the asks are the first k coups' (computed by roads, in
  // data-steps: this script never counts).
  var tieCounts = Array.prototype.map.call(svg.querySelectorAll("g.tie-count[data-first]"), function (g) {
    return { g: g, first: parseInt(g.getAttribute("data-first"), 10), ties: parseInt(g.getAttribute("data-ties"), 10),
      text: g.querySelector("text"), least: g.classList.contains("leading") ? 1 : 2 };
  });
  var steps = null;
  try { steps = JSON.parse(board.getAttribute("data-steps") || "null"); } catch (e) { steps = null; }
  var statsGroup = svg.querySelector("g.stats"), statTexts = [], asksGroup = null, askShown = -1;
  if (statsGroup) {
    statTexts = Array.prototype.filter.call(statsGroup.children, function (el) { return el.localName === "text"; });
    asksGroup = statsGroup.querySelector("g.asks");
  }
  if (steps && (statTexts.length !== steps.words.length || steps.ask.length !== total + 1)) { steps = null; }
  if (steps) {
    ["words", "x"].forEach(function (key) {
      steps[key] = steps[key].map(function (joined) { return joined === null ? null : joined.split(" "); });
    });
  }
  function panelAt(k) {
    tieCounts.forEach(function (t) {
      var n = Math.min(t.ties, k - t.first + 1);
      t.g.classList.toggle("later", n < t.least);
      if (t.text && n >= t.least) { t.text.textContent = String(n); }
    });
    if (!steps) { return; }
    steps.words.forEach(function (values, i) { if (values) { statTexts[i].textContent = values[k]; } });
    steps.x.forEach(function (values, i) { if (values) { statTexts[i].setAttribute("x", values[k]); } });
    if (asksGroup && steps.ask[k] !== askShown) {
      askShown = steps.ask[k];
      asksGroup.innerHTML = steps.asks[askShown];
    }
  }
  var step = null;
  if (total > 1) {
    var bar = document.createElement("div");
    bar.className = "stepper";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Step through the shoe");
    var prev = document.createElement("button"), next = document.createElement("button");
    var slider = document.createElement("input"), said = document.createElement("output");
    prev.type = next.type = "button";
    prev.textContent = "\u25c0 Previous";
    next.textContent = "Next \u25b6";
    slider.type = "range";
    slider.min = "0";
    slider.max = String(total);
    slider.value = String(total);
    slider.setAttribute("aria-label", "Coups shown");
    said.setAttribute("aria-live", "polite");
    [prev, slider, next, said].forEach(function (el) { bar.appendChild(el); });
    board.parentNode.parentNode.insertBefore(bar, board.parentNode);
    step = function (k) {
      k = Math.max(0, Math.min(total, k));
      slider.value = String(k);
      timed.forEach(function (pair) {
        pair[0].classList.toggle("later", pair[1] > k);
        var hit = pair[0].previousSibling;
        if (hit && hit.classList && hit.classList.contains("roads-hit")) { hit.classList.toggle("later", pair[1] > k); }
      });
      panelAt(k);
      slideRoads();
      said.textContent = "Coup " + k + " of " + total;
      // The marks this coup made, with the proof of the last of them.
      var newest = null;
      Object.keys(made).forEach(function (key) { if (made[key] === k && proofs[key]) { newest = key; } });
      if (newest && marks.length) { show(newest); }
    };
    prev.addEventListener("click", function () { step(parseInt(slider.value, 10) - 1); });
    next.addEventListener("click", function () { step(parseInt(slider.value, 10) + 1); });
    slider.addEventListener("input", function () { step(parseInt(slider.value, 10)); });
    bar.addEventListener("keydown", function (event) {
      if (event.target === slider) { return; }
      if (event.key === "ArrowLeft") { event.preventDefault(); step(parseInt(slider.value, 10) - 1); }
      if (event.key === "ArrowRight") { event.preventDefault(); step(parseInt(slider.value, 10) + 1); }
    });
    said.textContent = "Coup " + total + " of " + total;
  }
  // The board's frames: the whole board scrolls in #board; stacked, each road scrolls in a frame of its own.
  // Positions are CSS px from the left edge of the picture an element is drawn in.
  var scale = 1;
  var stacked = false;
  var slid = {};  // how far (user units) each derived road's marks are slid right in the whole board (below)
  function picture(el) { return el.ownerSVGElement || svg; }
  function frameOf(el) { return stacked && el.closest(".strip-frame") || board; }
  function boxOf(el, s) {
    var o = (s || picture(el)).getBoundingClientRect(), r = el.getBoundingClientRect();
    return [r.left - o.left, r.right - o.left];
  }
  function scrolls(frame) { return frame.scrollWidth > frame.clientWidth + 1; }
  function frameSpan(frame, s) {
    var f = frame.getBoundingClientRect(), o = s.getBoundingClientRect();
    var left = f.left + frame.clientLeft - o.left;
    return [left, left + frame.clientWidth];
  }
  function newestColumns() {
    var out = {};
    Array.prototype.forEach.call(svg.querySelectorAll("use[data-road]:not(.later)"), function (u) {
      var road = u.getAttribute("data-road");
      if (road === "bead-plate") { return; }
      // Where the mark is drawn unslid: the whole board opens as if each road were still in its own place.
      var by = (slid[road] || 0) * scale, b = boxOf(u, svg);
      b = [b[0] - by, b[1] - by];
      if (!out[road] || b[1] > out[road][1]) { out[road] = b; }
    });
    return out;
  }
  function bigRoadEdges() {
    var size = cell * scale, seen = {}, edges = [];
    Array.prototype.forEach.call(svg.querySelectorAll('use[data-road="big-road"]'), function (u) {
      var x = parseFloat(u.getAttribute("x"));
      if (!seen[x]) { seen[x] = true; edges.push((x + cell / 2) * scale); }
    });
    edges.sort(function (a, b) { return a - b; });
    return { edges: edges, size: size };
  }
  function scrollRightEdgeTo(frame, s, edge) { frame.scrollLeft += edge - frameSpan(frame, s)[1]; }
  // Whether the whole board's frame, where it stands, shows every road's newest column whole.
  function showsEveryNewest() {
    var span = frameSpan(board, svg), newest = newestColumns();
    return Object.keys(newest).every(function (road) {
      return newest[road][0] >= span[0] - 0.5 && newest[road][1] <= span[1] + 0.5;
    });
  }
  // Opening place: the frame's right edge on a Big Road column's edge (or the picture's end), chosen so the
  // newest Big Road column shows, then no text is cut, then as many derived roads' newest columns as fit.
  function openFrame() {
    if (!scrolls(board)) { return; }
    scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    var width = board.clientWidth, end = svg.getBoundingClientRect().width;
    var newest = newestColumns();
    // The road names move with the frame (below), so only the other texts can be cut by its edges.
    var texts = Array.prototype.map.call(svg.querySelectorAll("text:not(.road-label)"), function (t) {
      return boxOf(t, svg);
    }).filter(function (b) { return b[1] > b[0]; });
    // Never past the last column's edge: the picture's padding is no place to open (or to snap to).
    var candidates = bigRoadEdges().edges.filter(function (e) { return e >= width && e <= end; });
    var best = null, bestScore = -1;
    candidates.forEach(function (e) {
      var s = e - width, score = 0;
      Object.keys(newest).forEach(function (road) {
        var b = newest[road];
        if (b[0] >= s - 0.5 && b[1] <= e + 0.5) { score += road === "big-road" ? 1000 : 10; }
      });
      if (!texts.some(function (b) { return (b[0] < s - 0.5 && b[1] > s + 0.5) || (b[0] < e - 0.5 && b[1] > e + 0.5); })) {
        score += 100;
      }
      if (score > bestScore || (score === bestScore && e > best)) { best = e; bestScore = score; }
    });
    if (best !== null) { scrollRightEdgeTo(board, svg, best); }
  }
  // Bring [left, right] of picture s into its frame, moving it as little as it can.
  function reveal(frame, s, left, right) {
    if (!scrolls(frame)) { return; }
    var span = frameSpan(frame, s), a = span[0], e = span[1];
    if (left >= a && right <= e) { return; }
    frame.scrollLeft += right - left > e - a || left < a ? left - a - cell * scale / 2 : right - e + cell * scale / 2;
  }
  // Scroll snapping: one anchor per column (each column's right edge, CSS px from the picture's left), so a
  // swipe stops on whole columns, never in the padding.
  function snapAnchors(frame, s, edges, size) {
    if (!scrolls(frame)) { return; }
    var layer = frame.querySelector(".snaps");
    if (layer) { alignSnaps(layer, s); return; }
    layer = document.createElement("div");
    layer.className = "snaps";
    layer.setAttribute("aria-hidden", "true");
    // And the picture's own start, its left edge on the frame's: a road that fits opens whole from column 1.
    var first = document.createElement("span");
    first.className = "first";
    first.style.left = "0px";
    first.style.width = size + "px";
    layer.appendChild(first);
    edges.forEach(function (e) {
      var a = document.createElement("span");
      a.style.left = (e - size) + "px";
      a.style.width = size + "px";
      layer.appendChild(a);
    });
    layer.style.width = s.getBoundingClientRect().width + "px";
    frame.appendChild(layer);
    alignSnaps(layer, s);
  }
  // An absolute box in a right-to-left frame starts where the frame's scroll starts, which moves when the
  // frame's width does: line the anchors up with the picture again.
  function alignSnaps(layer, s) {
    var by = s.getBoundingClientRect().left - layer.getBoundingClientRect().left;
    layer.style.left = ((parseFloat(layer.style.left) || 0) + by) + "px";
  }
  function edges(frame, s, tail) {
    var f = frame.getBoundingClientRect(), o = s.getBoundingClientRect(), more = scrolls(frame);
    frame.classList.toggle("more-left", more && f.left - o.left > 1);
    // The picture's own padding past the last column is not more board.
    frame.classList.toggle("more-right", more && o.right - f.right > tail);
  }
  // Each road's name keeps to the frame's left edge while its strip is in the frame, so a scrolled board
  // still says which strip is which.
  var names = Array.prototype.map.call(svg.querySelectorAll("text.road-label"), function (t) {
    var road = Array.prototype.filter.call(t.classList, function (c) { return c !== "road-label"; })[0];
    var strip = road && svg.querySelector("g.road." + road);
    if (!strip) { return null; }
    var b = strip.getBBox();
    return { road: road, text: t, x: parseFloat(t.getAttribute("x")), right: b.x + b.width,
      width: t.getComputedTextLength() };
  }).filter(function (n) { return n; });
  function keepNames() {
    if (!names.length) { return; }
    var left = (board.getBoundingClientRect().left + board.clientLeft - svg.getBoundingClientRect().left) / scale;
    var right = left + board.clientWidth / scale;
    names.forEach(function (n) {
      // A derived road's grid may have come along into the frame (slideRoads), and keep only part of it.
      var by = moved && moved[n.road] || 0, from = Math.max(left, kept && kept[n.road] || left);
      var x = Math.round(Math.max(n.x + by, Math.min(from + cell / 4, n.right + by - n.width - cell / 4)) * 2) / 2;
      n.text.setAttribute("x", String(x));
      // A sliver of a strip too narrow for its name: no half name at the frame's edge.
      var cut = (x < left && x + n.width > left) || (x < right && x + n.width > right);
      n.text.style.visibility = cut ? "hidden" : "";
    });
  }
  function scrolled() {
    if (stacked) { return; }
    slideRoads();
    edges(board, svg, cell * scale / 2);
    keepNames();
  }
  scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  var bigEdges = bigRoadEdges();
  snapAnchors(board, svg, bigEdges.edges, bigEdges.size);
  openFrame();
  scrolled();
  board.addEventListener("scroll", scrolled, { passive: true });

  // The stacked view: each road (then the statistics) a labelled strip of its own that scrolls by itself, so
  // every road opens on its own newest column. The road's drawing moves into the strip and back: one copy of
  // every mark, so pointing, focus and the step-through work the same in both views.
  var STRIPS = ["big-road", "big-eye-boy", "small-road", "cockroach-pig", "bead-plate", "stats"];
  var strips = null, stack = null;
  function buildStrips() {
    var units = svg.width.baseVal.value / svg.viewBox.baseVal.width;
    var background = svg.querySelector("rect.background");
    stack = document.createElement("div");
    stack.className = "strips";
    strips = [];
    STRIPS.forEach(function (key) {
      var g = svg.querySelector(key === "stats" ? "g.stats" : "g.road." + key);
      var grid = g && g.querySelector("rect");
      if (!grid) { return; }
      var gx = parseFloat(grid.getAttribute("x")), gy = parseFloat(grid.getAttribute("y"));
      var gw = parseFloat(grid.getAttribute("width")), gh = parseFloat(grid.getAttribute("height"));
      var x = gx - 1, y = gy - 1, w = gw + 2, h = gh + 2;
      var label = svg.querySelector("text.road-label." + key);
      var wrap = document.createElement("div"), name = document.createElement("p");
      var frame = document.createElement("div"), s = document.createElementNS(NS, "svg");
      wrap.className = "strip " + key;
      name.className = "strip-name";
      name.id = "strip-" + key;
      name.textContent = label ? label.textContent : key === "stats" ? "Statistics" : key;
      frame.className = "strip-frame";
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-labelledby", name.id);
      frame.tabIndex = 0;
      s.setAttribute("viewBox", [x, y, w, h].join(" "));
      s.setAttribute("width", String(w * units));
      s.setAttribute("height", String(h * units));
      s.setAttribute("font-family", svg.getAttribute("font-family") || "");
      s.setAttribute("class", "roads strip-picture");
      if (background) {
        var r = background.cloneNode(false);
        ["x", "y", "width", "height"].forEach(function (a, i) { r.setAttribute(a, String([x, y, w, h][i])); });
        s.appendChild(r);
      }
      frame.appendChild(s);
      wrap.appendChild(name);
      wrap.appendChild(frame);
      stack.appendChild(wrap);
      // A column of this road: a Big Road (or Bead Plate) cell, half of one on the derived roads.
      var column = key === "stats" ? 0 : DERIVED.indexOf(key) >= 0 ? cell / 2 : cell;
      strips.push({ key: key, group: g, place: document.createComment(key), frame: frame, svg: s,
        from: gx - x, columns: column ? Math.round(gw / column) : 0, column: column });
    });
    board.appendChild(stack);
  }
  var DERIVED = ["big-eye-boy", "small-road", "cockroach-pig"];
  // The whole board in one frame: a derived road's newest columns lie far left of the Big Road's (its columns
  // are half as wide), so a frame opened on the newest Big Road column showed empty derived grids. Like the
  // road names, each derived road keeps to the frame: while the frame stands right of its newest column, its
  // marks slide right, whole columns at a time, to the frame's right edge (leaving the empty column where the
  // next mark goes). Small Road and Cockroach Pig share a row; when the frame holds only Cockroach Pig's half,
  // they share the frame instead: Small Road's grid comes along into its left half, Cockroach Pig keeps the
  // right. Every road shows its newest marks; stacked, each road scrolls by itself and nothing slides.
  var slides = DERIVED.map(function (key) {
    var g = svg.querySelector("g.road." + key), grid = g && g.querySelector("rect");
    if (!grid) { return null; }
    var left = parseFloat(grid.getAttribute("x"));
    return { key: key, g: g, left: left, right: left + parseFloat(grid.getAttribute("width")),
      grid: Array.prototype.filter.call(g.children, function (c) { return c.localName !== "use"; }),
      marks: Array.prototype.map.call(g.querySelectorAll("use[data-road]"), function (u) {
        return [u, parseFloat(u.getAttribute("x"))];
      }) };
  }).filter(function (r) { return r; });
  var moved = {}, kept = {};  // a grid's own move right, and the left edge of the part of the frame a road keeps
  function clipTo(r, left) {
    var id = "board-keep-" + r.key, clip = svg.querySelector("#" + id);
    if (left === null) { r.g.removeAttribute("clip-path"); return; }
    if (!clip) {
      clip = document.createElementNS(NS, "clipPath");
      clip.id = id;
      clip.setAttribute("clipPathUnits", "userSpaceOnUse");
      clip.appendChild(document.createElementNS(NS, "rect"));
      svg.insertBefore(clip, svg.firstChild);
    }
    var box = clip.firstChild, b = svg.viewBox.baseVal;
    box.setAttribute("x", String(left));
    box.setAttribute("y", String(b.y));
    box.setAttribute("width", String(Math.max(0, b.x + b.width - left)));
    box.setAttribute("height", String(b.height));
    r.g.setAttribute("clip-path", "url(#" + id + ")");
  }
  function slideRoads(off) {
    if (!slides) { return; }
    var column = cell / 2, span = null;
    if (!off && !stacked && !(printed === true || printed === false) && scrolls(board)) {
      span = frameSpan(board, svg).map(function (v) { return v / scale; });
    }
    var byKey = {};
    slides.forEach(function (r) { byKey[r.key] = r; });
    var small = byKey["small-road"], pig = byKey["cockroach-pig"], middle = null, now = false;
    if (span) {
      // Whether the frame shows the Big Road's newest column: the board as it stands now, not its history.
      var big = Array.prototype.reduce.call(svg.querySelectorAll('g.big-road use[data-road="big-road"]:not(.later)'),
        function (most, u) { return Math.max(most, parseFloat(u.getAttribute("x"))); }, -Infinity);
      now = big > span[0] && big < span[1];
    }
    if (span && small && pig && small.right <= span[0] + 2 * column && pig.right > span[0]) {
      middle = pig.left + Math.max(2, Math.round((span[0] + (span[1] - span[0]) / 2 - pig.left) / column)) * column;
    }
    slides.forEach(function (r) {
      var grid = 0, right = null;
      if (span) { right = Math.min(span[1], r.right); }
      if (middle !== null && r === small) {
        grid = middle - r.right;
        right = middle;
      }
      var newest = null;
      r.marks.forEach(function (m) {
        if (!m[0].classList.contains("later") && (newest === null || m[1] > newest)) { newest = m[1]; }
      });
      kept[r.key] = middle === null ? null : r === small ? span[0] : r === pig ? middle : null;
      // The marks move with their grid; a newest column out of the part of the frame the road keeps slides
      // in (whole columns) to one column short of its right edge: from the left while the frame stands right
      // of it, from the right while the frame shows the Big Road's newest column (older marks then go under
      // the left edge of the road's own grid).
      var by = grid;
      if (span && newest !== null) {
        var left = Math.max(span[0], r.left + grid, kept[r.key] === null ? -Infinity : kept[r.key]);
        var nl = newest - column / 2 + grid, nr = newest + column / 2 + grid;
        if (!(nl >= left - 0.5 && nr <= right + 0.5) && (now || nr < left)) {
          by = grid + Math.floor((right - column - nr) / column) * column;
        }
      }
      clipTo(r, by < grid || kept[r.key] !== null ? Math.max(r.left + grid, kept[r.key] === null ? -Infinity : kept[r.key]) : null);
      if (grid !== (moved[r.key] || 0)) {
        moved[r.key] = grid;
        r.grid.forEach(function (el) {
          if (grid) { el.setAttribute("transform", "translate(" + grid + " 0)"); } else { el.removeAttribute("transform"); }
        });
      }
      var was = slid[r.key] || 0;
      if (by === was) { return; }
      slid[r.key] = by;
      r.marks.forEach(function (m) {
        m[0].setAttribute("x", String(m[1] + by));
        var hit = m[0].previousSibling;
        if (hit && hit.classList && hit.classList.contains("roads-hit")) {
          hit.setAttribute("x", String(m[1] + by - cell / 4));
        }
      });
      // A ring already drawn round one of its marks moves with it.
      Array.prototype.forEach.call(svg.querySelectorAll('.roads-overlay rect[data-on="' + r.key + '"]'), function (ring) {
        ring.setAttribute("x", String(parseFloat(ring.getAttribute("x")) + by - was));
      });
    });
  }
  slideRoads();
  keepNames();
  function stripEdges(p) {
    var k = p.svg.getBoundingClientRect().width / p.svg.viewBox.baseVal.width, out = [];
    for (var i = 1; i <= p.columns; i += 1) { out.push((p.from + i * p.column) * k); }
    return { edges: out, size: p.column * k };
  }
  // Open a strip with its newest column (and the empty one after it, where the next mark goes) at its right
  // edge; a road with no marks yet opens on its first columns.
  function openStrip(p, always) {
    if (!p.columns || !scrolls(p.frame)) { return; }
    var newest = null;
    Array.prototype.forEach.call(p.svg.querySelectorAll("use[data-road]:not(.later)"), function (u) {
      var b = boxOf(u, p.svg);
      if (newest === null || b[1] > newest[1]) { newest = b; }
    });
    var span = frameSpan(p.frame, p.svg), found = stripEdges(p), width = p.frame.clientWidth;
    if (!always && newest && newest[0] >= span[0] - 0.5 && newest[1] <= span[1] + 0.5) { return; }
    var fits = found.edges.filter(function (e) { return e >= width - 0.5; });
    if (!fits.length) { return; }
    var target = width;
    if (newest) {
      var after = found.edges.filter(function (e) { return e >= newest[1] + found.size - 0.5; });
      target = after.length ? after[0] : fits[fits.length - 1];
      if (target <= fits[0]) { target = width; }
    }
    scrollRightEdgeTo(p.frame, p.svg, target);
  }
  // The whole board opened afresh, its snap anchors lined up with it at the frame's width of now.
  function openWhole() {
    snapAnchors(board, svg, bigEdges.edges, bigEdges.size);
    openFrame();
    scrolled();
  }
  function stripScrolled(p) {
    // A strip that fits its frame starts at its left, like the page's text.
    p.frame.classList.toggle("fits", !scrolls(p.frame));
    edges(p.frame, p.svg, 1);
  }
  function stack_(on) {
    if (on === stacked) { return; }
    if (on && !strips) {
      buildStrips();
      strips.forEach(function (p) { p.frame.addEventListener("scroll", function () { stripScrolled(p); }, { passive: true }); });
    }
    clearMarks();
    if (on) { slideRoads(true); }
    stacked = on;
    board.classList.toggle("stacked", on);
    board.classList.remove("more-left", "more-right");
    strips.forEach(function (p) {
      if (on) {
        p.group.parentNode.insertBefore(p.place, p.group);
        p.svg.appendChild(p.group);
      } else {
        p.place.parentNode.replaceChild(p.group, p.place);
      }
    });
    if (on) {
      strips.forEach(function (p) {
        var found = stripEdges(p);
        if (p.columns) { snapAnchors(p.frame, p.svg, found.edges, found.size); }
        openStrip(p, true);
        stripScrolled(p);
      });
    } else {
      openWhole();
    }
    if (layout) { layout.setAttribute("aria-pressed", on ? "true" : "false"); }
    swipe.textContent = on ? "\u25c0 Each road scrolls sideways: older columns are to the left." :
      "\u25c0 The board scrolls sideways: older columns are to the left.";
    if (swipe) { swipe.hidden = !(on ? strips.some(function (p) { return scrolls(p.frame); }) : scrolls(board)); }
    if (current) { var key = viewer.getAttribute("data-showing"); current = null; show(key); }
  }
  // The board opens stacked on a narrow screen, or when the whole board, opened, leaves a road's newest column
  // out of its frame; a board that fits opens whole. A learner's own choice (the button) stands until the page
  // is reloaded; until then a change of width decides again.
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 62.4375rem)") : null;
  var chosen = false;
  var tools = document.createElement("div");
  tools.className = "board-tools";
  var layout = document.createElement("button");
  layout.type = "button";
  layout.className = "layout";
  layout.textContent = "Stack the roads";
  layout.setAttribute("aria-pressed", "false");
  layout.addEventListener("click", function () { chosen = true; stack_(!stacked); });
  var swipe = document.createElement("p");
  swipe.className = "scroll-hint";
  swipe.textContent = "\u25c0 The board scrolls sideways: older columns are to the left.";
  tools.appendChild(layout);
  tools.appendChild(swipe);
  board.parentNode.parentNode.insertBefore(tools, board.parentNode);
  swipe.hidden = !scrolls(board);
  // Paper shows the whole board in one piece (told by the print events, or by the print media query).
  var printed = null;  // while printing: whether the board was stacked before
  function toPaper() {
    if (printed !== null) { return; }
    printed = stacked;
    stack_(false);
  }
  function fromPaper() {
    if (printed) { stack_(true); }
    printed = null;
  }
  window.addEventListener("beforeprint", toPaper);
  window.addEventListener("afterprint", fromPaper);
  var paper = window.matchMedia ? window.matchMedia("print") : null;
  if (paper && paper.addEventListener) {
    paper.addEventListener("change", function () { if (paper.matches) { toPaper(); } else { fromPaper(); } });
  }
  var hint = viewer.querySelector(".hint");
  if (hint) { hint.hidden = false; }
  var current = null, under = null, stepping = false;
  // Rings go on top of the picture that holds what they ring: the whole board, or a road's own strip.
  function ringLayer(el) {
    var s = picture(el), layer = null;
    Array.prototype.forEach.call(s.children, function (c) {
      if (c.classList.contains("roads-overlay")) { layer = c; }
    });
    if (!layer) {
      layer = document.createElementNS(NS, "g");
      layer.setAttribute("class", "roads-overlay over");
      s.appendChild(layer);
    }
    return layer;
  }
  function clearMarks() {
    Array.prototype.forEach.call(board.querySelectorAll(".roads-overlay"), function (layer) {
      while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    });
    if (current) { current.classList.remove("current"); }
  }
  // On a narrow screen the viewer waits above the board, a few lines tall; a tap on a mark opens it at the
  // foot of the screen (over the board, until it is closed). On a wide screen it stands beside the board.
  var close = document.createElement("button");
  close.type = "button";
  close.className = "viewer-close";
  close.textContent = "Close";
  close.setAttribute("aria-label", "Close the proof");
  var spacer = document.createElement("div");
  spacer.className = "viewer-spacer";
  spacer.setAttribute("aria-hidden", "true");
  var opener = null;  // the mark whose tap opened the sheet: it has the focus back when the sheet closes
  function openViewer(on, mark) {
    var open = viewer.classList.contains("open");
    if (on === open || (on && !(narrow && narrow.matches))) { return; }
    if (on) {
      spacer.style.height = viewer.getBoundingClientRect().height + "px";
      viewer.parentNode.insertBefore(spacer, viewer);
    } else if (spacer.parentNode) {
      spacer.parentNode.removeChild(spacer);
    }
    viewer.classList.toggle("open", on);
    if (on) {
      opener = mark || null;
      if (opener) { uncover(opener); }
    } else {
      viewer.style.maxHeight = "";
      if (opener && opener.isConnected) { opener.focus({ preventScroll: true }); }
      opener = null;
    }
  }
  // The sheet rises from the foot of the screen: it never covers the strip tapped. It keeps to the room below
  // that strip (and a third of the screen at least), and the page moves up, if it must, to show the strip whole
  // above it.
  function uncover(mark) {
    var strip = (stacked && mark.closest(".strip")) || mark.closest("g.road") || board;
    var s = strip.getBoundingClientRect(), room = window.innerHeight - s.height - 16;
    var v = viewer.getBoundingClientRect();
    if (v.height > room) {
      viewer.style.maxHeight = Math.max(room, window.innerHeight / 3) + "px";
      v = viewer.getBoundingClientRect();
    }
    if (s.bottom > v.top - 8) {
      window.scrollBy(0, s.bottom - v.top + 8);
    } else if (s.top < 0) {
      window.scrollBy(0, s.top - 8);
    }
  }
  close.addEventListener("click", function () { openViewer(false); });
  // Escape closes an open viewer too, from anywhere on the page.
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && viewer.classList.contains("open")) { openViewer(false); }
  });
  function decide() {
    if (chosen || printed !== null) { return; }
    var wide = !(narrow && narrow.matches);
    if (wide && stacked) { stack_(false); } else if (wide) { openWhole(); }
    stack_(!wide || !showsEveryNewest());
  }
  if (narrow && narrow.addEventListener) {
    narrow.addEventListener("change", function () { if (!narrow.matches) { openViewer(false); } });
  }
  var decidedAt = window.innerWidth;
  window.addEventListener("resize", function () {
    if (window.innerWidth !== decidedAt) { decidedAt = window.innerWidth; decide(); }
  });
  decide();
  if (!marks.length) { return; }
  var titles = { "big-eye-boy": "Big Eye Boy", "small-road": "Small Road", "cockroach-pig": "Cockroach Pig" };
  marks.forEach(function (u, i) {
    var li = proofs[keyOf(u)];
    u.setAttribute("tabindex", i === 0 ? "0" : "-1");
    u.setAttribute("role", "button");
    u.setAttribute("aria-label", titles[u.getAttribute("data-road")] + " mark " + u.getAttribute("data-mark") +
      ", " + u.getAttribute("data-color"));
    u.setAttribute("aria-describedby", li.id);
    u.classList.add("has-proof");
  });
  // The marks take the focus: the board frame stops being a tab stop of its own.
  board.setAttribute("tabindex", "-1");
  // Each mark's whole cell answers the pointer: a transparent square just under the mark itself.
  marks.forEach(function (u, i) {
    var half = cell / 4, r = document.createElementNS(NS, "rect");
    r.setAttribute("x", parseFloat(u.getAttribute("x")) - half);
    r.setAttribute("y", parseFloat(u.getAttribute("y")) - half);
    r.setAttribute("width", 2 * half);
    r.setAttribute("height", 2 * half);
    r.setAttribute("class", "roads-hit");
    r.setAttribute("data-i", i);
    u.parentNode.insertBefore(r, u);
  });
  under = document.createElementNS(NS, "g");
  under.setAttribute("class", "roads-overlay under");
  var bigRoad = svg.querySelector("g.big-road") || board.querySelector("g.big-road");
  if (bigRoad && bigRoad.firstElementChild) {
    bigRoad.insertBefore(under, bigRoad.firstElementChild.nextSibling);
  }

  function bead(coup) {
    return board.querySelector('use[data-road="big-road"][data-coup="' + coup + '"]');
  }
  function box(layer, use, size, cls, rows) {
    if (!use) { return; }
    var x = parseFloat(use.getAttribute("x")), y = parseFloat(use.getAttribute("y")) + (rows || 0) * size;
    var r = document.createElementNS(NS, "rect");
    var inset = cls === "roads-tint" ? 0 : 1.5;
    r.setAttribute("x", x - size / 2 + inset);
    r.setAttribute("y", y - size / 2 + inset);
    r.setAttribute("width", size - 2 * inset);
    r.setAttribute("height", size - 2 * inset);
    r.setAttribute("class", cls);
    if (cls !== "roads-tint") {
      r.setAttribute("rx", size * 0.15);
      r.setAttribute("stroke-width", cls === "roads-ring strong" ? Math.max(2, size * 0.1) : Math.max(1.2, size * 0.06));
      r.setAttribute("data-on", use.getAttribute("data-road"));
    }
    (layer || ringLayer(use)).appendChild(r);
  }
  // Showing a proof lights what it compared and brings that into view (keepInView), except in the frame the
  // pointer is over: a board that moved under a pointing hand would show the next mark's proof instead.
  function show(key, still) {
    var li = proofs[key];
    if (!li || li === current) { return; }
    clearMarks();
    current = li;
    li.classList.add("current");
    (li.getAttribute("data-compared") || "").split(" ").forEach(function (coup) {
      if (coup) { box(under, bead(coup), cell, "roads-tint"); }
    });
    var looked = (li.getAttribute("data-looked") || "").split(" ");
    if (looked.length === 2) { box(null, bead(looked[0]), cell, "roads-ring", parseInt(looked[1], 10)); }
    box(null, bead(li.getAttribute("data-source")), cell, "roads-ring strong");
    var mark = board.querySelector('use[data-road="' + li.getAttribute("data-road") + '"][data-mark="' +
      li.getAttribute("data-mark") + '"]');
    box(null, mark, cell / 2, "roads-ring strong");
    while (viewer.firstChild) { viewer.removeChild(viewer.firstChild); }
    Array.prototype.forEach.call(li.children, function (child) { viewer.appendChild(child.cloneNode(true)); });
    // Close stands first: at the top of the sheet, the edge it rises from, seen before the sheet scrolls.
    viewer.insertBefore(close, viewer.firstChild);
    viewer.setAttribute("data-showing", key);
    // A step opens the frames on the coup's newest columns first, then brings the proof's own into view.
    if (!stepping) { keepInView(still); }
  }
  // The step-through keeps what the current proof compares (tinted columns, the new bead) in the frame, and
  // stacked, the mark itself in its own strip.
  function keepInView(still) {
    var bigOnly = Array.prototype.slice.call(under.childNodes).concat(
      Array.prototype.slice.call(board.querySelectorAll('.roads-overlay rect[data-on="big-road"]')));
    var boxes = bigOnly.map(function (r) { return boxOf(r); }).filter(function (b) { return b[1] > b[0]; });
    if (boxes.length && frameOf(bigOnly[0]) !== still) {
      reveal(frameOf(bigOnly[0]), picture(bigOnly[0]), Math.min.apply(null, boxes.map(function (b) { return b[0]; })),
        Math.max.apply(null, boxes.map(function (b) { return b[1]; })));
    }
    if (!stacked) { return; }
    Array.prototype.forEach.call(board.querySelectorAll(".roads-overlay rect[data-on]"), function (r) {
      if (r.getAttribute("data-on") === "big-road" || frameOf(r) === still) { return; }
      var b = boxOf(r);
      reveal(frameOf(r), picture(r), b[0], b[1]);
    });
  }
  if (step) {
    var stepped = step;
    var resting = Array.prototype.map.call(viewer.childNodes, function (c) { return c.cloneNode(true); });
    step = function (k) {
      stepping = true;
      try { stepped(k); } finally { stepping = false; }
      // A proof of a mark this coup has not made yet goes: the viewer says what it said at first.
      if (current && made[keyOf(current)] > k) {
        clearMarks();
        current = null;
        while (viewer.firstChild) { viewer.removeChild(viewer.firstChild); }
        resting.forEach(function (c) { viewer.appendChild(c.cloneNode(true)); });
        viewer.removeAttribute("data-showing");
        openViewer(false);
      }
      // Each step opens the board on the newest columns of now: every strip, or the whole board's one frame.
      if (stacked) { strips.forEach(function (p) { openStrip(p, false); }); } else { openFrame(); scrolled(); }
      if (current) { keepInView(); }
    };
  }
  function markTarget(event) {
    var t = event.target;
    if (t && t.classList && t.classList.contains("roads-hit")) { return marks[parseInt(t.getAttribute("data-i"), 10)]; }
    return t && t.classList && t.classList.contains("has-proof") ? t : null;
  }
  board.addEventListener("mouseover", function (event) {
    var u = markTarget(event);
    if (u) { show(keyOf(u), frameOf(u)); }
  });
  board.addEventListener("focusin", function (event) {
    var u = markTarget(event);
    if (u) { show(keyOf(u)); }
  });
  board.addEventListener("click", function (event) {
    var u = markTarget(event);
    if (u) { u.focus(); show(keyOf(u)); openViewer(true, u); }
  });
  board.addEventListener("keydown", function (event) {
    var u = markTarget(event);
    if (!u) { return; }
    var i = marks.indexOf(u), next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") { next = Math.min(marks.length - 1, i + 1); }
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { next = Math.max(0, i - 1); }
    else if (event.key === "Home") { next = 0; }
    else if (event.key === "End") { next = marks.length - 1; }
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (narrow && narrow.matches) { openViewer(true, u); } else { proofs[keyOf(u)].scrollIntoView({ block: "nearest" }); }
      return;
    }
    if (next < 0) { return; }
    event.preventDefault();
    u.setAttribute("tabindex", "-1");
    marks[next].setAttribute("tabindex", "0");
    marks[next].focus();
  });
  Object.keys(proofs).forEach(function (key) {
    var li = proofs[key];
    li.addEventListener("mouseenter", function () { show(key); });
    li.addEventListener("focusin", function () { show(key); });
  });
}());
