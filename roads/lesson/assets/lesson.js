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
      said.textContent = "Coup " + k + " of " + total;
      // The marks this coup made, with the proof of the last of them.
      var newest = null;
      Object.keys(made).forEach(function (key) { if (made[key] === k && proofs[key]) { newest = key; } });
      if (newest && marks.length) { show(newest); }
      if (newest && marks.length) { keepInView(); }
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
  // The board's frame: where each road's newest column is and where its texts are, in CSS px from the
  // picture's left edge, so the frame can open on the newest columns with no text cut by its edges.
  var scale = 1;
  function boxOf(el) {
    var o = svg.getBoundingClientRect(), r = el.getBoundingClientRect();
    return [r.left - o.left, r.right - o.left];
  }
  function newestColumns() {
    var out = {};
    Array.prototype.forEach.call(svg.querySelectorAll("use[data-road]:not(.later)"), function (u) {
      var road = u.getAttribute("data-road");
      if (road === "bead-plate") { return; }
      var b = boxOf(u);
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
  function scrollRightEdgeTo(edge) {
    var frame = board.getBoundingClientRect(), o = svg.getBoundingClientRect();
    var right = frame.left + board.clientLeft + board.clientWidth - o.left;
    board.scrollLeft += edge - right;
  }
  // Opening place: the frame's right edge on a Big Road column's edge (or the picture's end), chosen so the
  // newest Big Road column shows, then no text is cut, then as many derived roads' newest columns as fit.
  function openFrame() {
    if (board.scrollWidth <= board.clientWidth + 1) { return; }
    scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    var width = board.clientWidth, end = svg.getBoundingClientRect().width;
    var newest = newestColumns();
    // The road names move with the frame (below), so only the other texts can be cut by its edges.
    var texts = Array.prototype.map.call(svg.querySelectorAll("text:not(.road-label)"), boxOf).filter(function (b) { return b[1] > b[0]; });
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
    if (best !== null) { scrollRightEdgeTo(best); }
    board.classList.add("scrolls");
  }
  // Bring [left, right] (CSS px from the picture's left) into the frame, moving it as little as it can.
  function reveal(left, right) {
    if (board.scrollWidth <= board.clientWidth + 1) { return; }
    var frame = board.getBoundingClientRect(), o = svg.getBoundingClientRect();
    var s = frame.left + board.clientLeft - o.left, e = s + board.clientWidth;
    if (left >= s && right <= e) { return; }
    board.scrollLeft += right - left > e - s || left < s ? left - s - cell * scale / 2 : right - e + cell * scale / 2;
  }
  // Scroll snapping: one anchor per Big Road column, so a swipe stops on whole columns, never in the padding.
  function snapAnchors() {
    if (board.scrollWidth <= board.clientWidth + 1) { return; }
    var layer = document.createElement("div"), found = bigRoadEdges();
    layer.className = "snaps";
    layer.setAttribute("aria-hidden", "true");
    found.edges.forEach(function (e) {
      var a = document.createElement("span");
      a.style.left = (e - found.size) + "px";
      a.style.width = found.size + "px";
      layer.appendChild(a);
    });
    layer.style.width = svg.getBoundingClientRect().width + "px";
    board.appendChild(layer);
    // An absolute box in a right-to-left frame starts where the frame's scroll starts: line it up with the picture.
    layer.style.left = (svg.getBoundingClientRect().left - layer.getBoundingClientRect().left) + "px";
  }
  function edges() {
    board.classList.toggle("more-left", board.scrollWidth > board.clientWidth + 1 &&
      board.getBoundingClientRect().left - svg.getBoundingClientRect().left > 1);
    // The picture's own padding past the last column is not more board.
    board.classList.toggle("more-right", board.scrollWidth > board.clientWidth + 1 &&
      svg.getBoundingClientRect().right - board.getBoundingClientRect().right > cell * scale / 2);
  }
  // Each road's name keeps to the frame's left edge while its strip is in the frame, so a scrolled board
  // still says which strip is which.
  var names = Array.prototype.map.call(svg.querySelectorAll("text.road-label"), function (t) {
    var road = Array.prototype.filter.call(t.classList, function (c) { return c !== "road-label"; })[0];
    var strip = road && svg.querySelector("g.road." + road);
    if (!strip) { return null; }
    var b = strip.getBBox();
    return { text: t, x: parseFloat(t.getAttribute("x")), right: b.x + b.width, width: t.getComputedTextLength() };
  }).filter(function (n) { return n; });
  function keepNames() {
    if (!names.length) { return; }
    var left = (board.getBoundingClientRect().left + board.clientLeft - svg.getBoundingClientRect().left) / scale;
    var right = left + board.clientWidth / scale;
    names.forEach(function (n) {
      var x = Math.round(Math.max(n.x, Math.min(left + cell / 4, n.right - n.width - cell / 4)) * 2) / 2;
      n.text.setAttribute("x", String(x));
      // A sliver of a strip too narrow for its name: no half name at the frame's edge.
      var cut = (x < left && x + n.width > left) || (x < right && x + n.width > right);
      n.text.style.visibility = cut ? "hidden" : "";
    });
  }
  function scrolled() { edges(); keepNames(); }
  scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  snapAnchors();
  openFrame();
  scrolled();
  board.addEventListener("scroll", scrolled, { passive: true });
  if (board.scrollWidth > board.clientWidth + 1) {
    var swipe = document.createElement("p");
    swipe.className = "scroll-hint";
    swipe.textContent = "\u25c0 The board scrolls sideways: older columns are to the left.";
    board.parentNode.parentNode.insertBefore(swipe, board.parentNode);
  }
  var hint = viewer.querySelector(".hint");
  if (hint) { hint.hidden = false; }
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
  var under = document.createElementNS(NS, "g");
  var over = document.createElementNS(NS, "g");
  under.setAttribute("class", "roads-overlay under");
  over.setAttribute("class", "roads-overlay over");
  var bigRoad = svg.querySelector("g.big-road");
  if (bigRoad && bigRoad.firstElementChild) {
    bigRoad.insertBefore(under, bigRoad.firstElementChild.nextSibling);
  }
  svg.appendChild(over);
  var current = null;

  function bead(coup) {
    return svg.querySelector('use[data-road="big-road"][data-coup="' + coup + '"]');
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
    }
    layer.appendChild(r);
  }
  function clear() {
    while (under.firstChild) { under.removeChild(under.firstChild); }
    while (over.firstChild) { over.removeChild(over.firstChild); }
    if (current) { current.classList.remove("current"); }
  }
  function show(key) {
    var li = proofs[key];
    if (!li || li === current) { return; }
    clear();
    current = li;
    li.classList.add("current");
    (li.getAttribute("data-compared") || "").split(" ").forEach(function (coup) {
      if (coup) { box(under, bead(coup), cell, "roads-tint"); }
    });
    var looked = (li.getAttribute("data-looked") || "").split(" ");
    if (looked.length === 2) { box(over, bead(looked[0]), cell, "roads-ring", parseInt(looked[1], 10)); }
    box(over, bead(li.getAttribute("data-source")), cell, "roads-ring strong");
    var mark = svg.querySelector('use[data-road="' + li.getAttribute("data-road") + '"][data-mark="' +
      li.getAttribute("data-mark") + '"]');
    box(over, mark, cell / 2, "roads-ring strong");
    while (viewer.firstChild) { viewer.removeChild(viewer.firstChild); }
    Array.prototype.forEach.call(li.children, function (child) { viewer.appendChild(child.cloneNode(true)); });
    viewer.setAttribute("data-showing", key);
  }
  // The step-through keeps what the current proof compares (tinted columns, the new bead) in the frame.
  function keepInView() {
    // The tints and the rings on the Big Road; the last ring is the derived mark's own, elsewhere on the board.
    var rings = Array.prototype.slice.call(over.childNodes, 0, -1);
    var bigOnly = Array.prototype.map.call(under.childNodes, boxOf).concat(rings.map(boxOf))
      .filter(function (b) { return b[1] > b[0]; });
    if (!bigOnly.length) { return; }
    reveal(Math.min.apply(null, bigOnly.map(function (b) { return b[0]; })),
      Math.max.apply(null, bigOnly.map(function (b) { return b[1]; })));
  }
  function markTarget(event) {
    var t = event.target;
    if (t && t.classList && t.classList.contains("roads-hit")) { return marks[parseInt(t.getAttribute("data-i"), 10)]; }
    return t && t.classList && t.classList.contains("has-proof") ? t : null;
  }
  svg.addEventListener("mouseover", function (event) {
    var u = markTarget(event);
    if (u) { show(keyOf(u)); }
  });
  svg.addEventListener("focusin", function (event) {
    var u = markTarget(event);
    if (u) { show(keyOf(u)); }
  });
  svg.addEventListener("click", function (event) {
    var u = markTarget(event);
    if (u) { u.focus(); }
  });
  svg.addEventListener("keydown", function (event) {
    var u = markTarget(event);
    if (!u) { return; }
    var i = marks.indexOf(u), next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") { next = Math.min(marks.length - 1, i + 1); }
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { next = Math.max(0, i - 1); }
    else if (event.key === "Home") { next = 0; }
    else if (event.key === "End") { next = marks.length - 1; }
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      proofs[keyOf(u)].scrollIntoView({ block: "nearest" });
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
