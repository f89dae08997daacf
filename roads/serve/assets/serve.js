// roads serve: the lobby and the table page. Keys B P T (Dragon Tiger: D T E) enter a result, Backspace undoes. Each page opens
// ONE event stream (/api/events), whatever the number of tables it shows: a browser keeps at most six
// connections to a server over HTTP/1.1, so a stream a table would stall a lobby past six tables. Each
// event says which table changed and how (its shoe, coups, counts, the marks a coup added); its id lets
// the browser resume exactly where it was when it reconnects.
(function () {
  "use strict";
  var body = document.body;
  var message = document.getElementById("message");

  function say(text) { if (message) { message.textContent = text || ""; } }

  function token() {
    var field = document.getElementById("token");
    return field && field.value ? { Authorization: "Bearer " + field.value } : {};
  }

  function send(method, url, data) {
    // Every write is JSON, even one with nothing to say: the server refuses any other (no form can send it).
    var headers = token();
    headers["Content-Type"] = "application/json";
    return fetch(url, { method: method, headers: headers, body: JSON.stringify(data === undefined ? {} : data) })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  function listOf(dl, pairs) {
    dl.textContent = "";
    pairs.forEach(function (pair) {
      var dt = document.createElement("dt"); dt.textContent = pair[0];
      var dd = document.createElement("dd"); dd.textContent = pair[1];
      dl.appendChild(dt); dl.appendChild(dd);
    });
  }

  function percent(x) { return (100 * Number(x)).toFixed(2) + "%"; }

  // The sides' names of a table (an element's data-banker and data-player): Banker and Player, or at a Dragon
  // Tiger table Dragon and Tiger, which take their places on the roads.
  function sides(el) {
    return { banker: el.getAttribute("data-banker") || "Banker", player: el.getAttribute("data-player") || "Player" };
  }

  function where(ev, el) {
    var c = ev.counts || {}, named = sides(el);
    return "shoe " + ev.shoe + ", coup " + ev.coups + ": " + named.banker + " " + (c.banker || 0) + ", " +
      named.player + " " + (c.player || 0) + ", Tie " + (c.tie || 0);
  }

  if (body.classList.contains("lobby")) {
    var entries = {};
    Array.prototype.forEach.call(document.querySelectorAll("[data-table]"), function (li) {
      entries[li.getAttribute("data-table")] = li;
    });
    // One stream for every table of the lobby: the counts come in the event. A small board (the last 12
    // columns, drawn by the server) is fetched again only once the table's log has moved past what it shows,
    // and only while it is on screen: a board scrolled out of view is fetched when it comes back, so a lobby
    // of 100 tables asks for the few boards it shows, not 20 a second.
    var stale = {};
    function reload(li) {
      var name = li.getAttribute("data-table");
      delete stale[name];
      li.querySelector("img").src = "/api/tables/" + encodeURIComponent(name) + "/board.svg?road=big-road&last=12&cell=20&v=" +
        li.getAttribute("data-shoe") + "-" + li.getAttribute("data-changes");
    }
    var shown = {};
    var watcher = "IntersectionObserver" in window ? new IntersectionObserver(function (seen) {
      seen.forEach(function (one) {
        var name = one.target.getAttribute("data-table");
        shown[name] = one.isIntersecting;
        if (one.isIntersecting && stale[name]) { reload(one.target); }
        if (one.isIntersecting && tagsStale[name]) { retag(one.target); }
      });
    }) : null;
    Object.keys(entries).forEach(function (name) {
      if (watcher) { watcher.observe(entries[name]); } else { shown[name] = true; }
    });
    // Each table tagged with its active good roads: a state event carries them; after a coup they are asked
    // for while the table is on screen or a filter is chosen, else once it comes into view.
    var filter = document.getElementById("pattern");
    var tagsStale = {};
    function tag(li, found) {
      var box = li.querySelector("[data-tags]");
      box.textContent = "";
      found.forEach(function (g) {
        var one = document.createElement("span");
        one.className = "lobby-tag";
        one.textContent = g.title;
        box.appendChild(one);
      });
      li.setAttribute("data-good-roads", found.map(function (g) { return g.id; }).join(" "));
      delete tagsStale[li.getAttribute("data-table")];
      choose();
    }
    function retag(li) {
      fetch("/api/tables/" + encodeURIComponent(li.getAttribute("data-table"))).then(function (r) { return r.json(); })
        .then(function (s) { if (s.good_roads) { tag(li, s.good_roads); } });
    }
    function choose() {
      var wanted = filter ? filter.value : "";
      var count = 0;
      Object.keys(entries).forEach(function (name) {
        var li = entries[name];
        var ids = (li.getAttribute("data-good-roads") || "").split(" ");
        li.hidden = wanted !== "" && ids.indexOf(wanted) < 0;
        if (!li.hidden) { count += 1; }
      });
      var said = document.getElementById("shown-count");
      if (said) { said.textContent = wanted ? count + " of " + Object.keys(entries).length + " tables" : ""; }
    }
    if (filter) {
      filter.addEventListener("change", function () {
        Object.keys(tagsStale).forEach(function (name) { retag(entries[name]); });
        choose();
      });
    }
    new EventSource("/api/events").onmessage = function (e) {
      var ev = JSON.parse(e.data);
      var li = entries[ev.table];
      if (!li) { return; }
      if (ev.good_roads) { tag(li, ev.good_roads); }
      else if (ev.change !== "state") {
        tagsStale[ev.table] = true;
        if (shown[ev.table] || (filter && filter.value)) { retag(li); }
      }
      li.querySelector("[data-counts]").textContent = where(ev, li);
      var moved = li.getAttribute("data-changes") !== String(ev.changes);
      li.setAttribute("data-changes", String(ev.changes));
      li.setAttribute("data-shoe", String(ev.shoe));
      li.setAttribute("data-coups", String(ev.coups));
      if (moved) {
        stale[ev.table] = true;
        if (shown[ev.table]) { reload(li); }
      }
    };
    document.getElementById("new-table").addEventListener("submit", function (e) {
      e.preventDefault();
      var name = document.getElementById("new-name").value;
      send("PUT", "/api/tables/" + encodeURIComponent(name)).then(function (r) {
        if (r.status < 300) { window.location.href = "/tables/" + encodeURIComponent(name); } else { say(r.body.error); }
      });
    });
    return;
  }

  var table = body.getAttribute("data-table");
  var api = "/api/tables/" + table;
  var overlay = body.classList.contains("overlay");
  var img = document.getElementById("board-img");
  var coups = 0;
  var shoe = 1;
  var marks = [];
  var box = null;
  var shownUrl = null;
  var busy = Promise.resolve();

  function attr(tag, name) {
    var m = new RegExp("\\s" + name + '="([^"]*)"').exec(tag);
    return m ? m[1] : null;
  }

  var DERIVED = ["big-eye-boy", "small-road", "cockroach-pig"];
  var roads = {};      // each road's grid on the board: x, y, w, h, cell (model units)
  var beads = {};      // Big Road coup -> its bead's centre (model units), for lighting compared beads
  var lit = null;      // the mark whose proof is shown: {road, mark, compared: [coups], source}

  // The marks' places are read from the SVG's text, never written back (a parsed document would count as
  // inline style under the page's policy): each mark is a <use data-road data-mark x y> whose x, y is the
  // CENTRE of its cell, and its road's grid (the <g class="road R">'s first <rect>) is six cells high.
  function readMarks(text) {
    var head = /<svg[^>]*>/.exec(text)[0];
    var view = (attr(head, "viewBox") || "0 0 0 0").split(/[ ,]+/).map(Number);
    box = { w: view[2], h: view[3] };
    var cells = {};
    roads = {};
    (text.match(/<g class="road [a-z-]+"[^>]*>\s*<rect [^>]*>/g) || []).forEach(function (tag) {
      var road = /class="road ([a-z-]+)"/.exec(tag)[1];
      var rect = /<rect [^>]*>/.exec(tag)[0];
      var r = { x: Number(attr(rect, "x")), y: Number(attr(rect, "y")), w: Number(attr(rect, "width")),
        h: Number(attr(rect, "height")) };
      r.cell = r.h / 6;
      r.first = 1;
      roads[road] = r;
      cells[road] = r.cell;
    });
    // A board drawn with its newest columns (?fit, ?last) says where its Big Road's window starts in its text copy.
    var from = /Big Road \(from drawn column ([0-9]+)\)/.exec(text);
    if (from && roads["big-road"]) { roads["big-road"].first = Number(from[1]); }
    marks = (text.match(/<use [^>]*data-mark="[^>]*>/g) || []).map(function (tag) {
      var road = attr(tag, "data-road");
      return { road: road, mark: Number(attr(tag, "data-mark")), x: Number(attr(tag, "x")),
        y: Number(attr(tag, "y")), size: cells[road] || 12 };
    });
    beads = {};
    (text.match(/<use [^>]*data-road="big-road"[^>]*>/g) || []).forEach(function (tag) {
      beads[attr(tag, "data-coup")] = { x: Number(attr(tag, "x")), y: Number(attr(tag, "y")),
        size: cells["big-road"] || 24 };
    });
  }

  // A board that stays legible: drawn at the size that makes its smallest cell (a derived road's) at least
  // 16 CSS px on a phone, 24 on a desktop (40 on a floor display), filling the width when it is small. A board
  // wider than the view is asked for with the view's width (?fit=W, in model units): the server draws the newest
  // columns that put every road's newest mark in the view scrolled to the right end (the derived roads, laid
  // out from the left under the Big Road, would otherwise lag columns behind it, and the Bead Plate sits on the
  // far left); the Bead Plate's older columns scroll. It stays on its newest columns unless the reader scrolled
  // back.
  var scroller = document.getElementById("board-scroll");
  var canvas = document.getElementById("board-canvas");
  var ruler = document.getElementById("board-ruler");
  var names = document.getElementById("board-names");
  var NAMES = { "bead-plate": "Bead Plate", "big-road": "Big Road", "big-eye-boy": "Big Eye Boy",
    "small-road": "Small Road", "cockroach-pig": "Cockroach Pig" };

  function readable() {
    if (body.classList.contains("display")) { return 40; }
    return window.innerWidth >= 1200 ? 24 : 16;
  }

  function place(el, x, y, w, h) {
    el.style.left = (100 * x / box.w) + "%";
    el.style.top = (100 * y / box.h) + "%";
    if (w !== null) { el.style.width = (100 * w / box.w) + "%"; }
    if (h !== null) { el.style.height = (100 * h / box.h) + "%"; }
  }

  function smallestCell() {
    var smallest = Infinity;
    Object.keys(roads).forEach(function (r) { smallest = Math.min(smallest, roads[r].cell); });
    return smallest === Infinity ? 12 : smallest;
  }

  // The view's width in model units at the readable scale: what ?fit= says.
  function viewUnits() {
    return scroller ? Math.max(1, Math.floor(scroller.clientWidth * smallestCell() / readable())) : 0;
  }

  function fit() {
    if (!box || !scroller || !canvas) { return; }
    var scale = Math.max(readable() / smallestCell(), scroller.clientWidth / box.w);
    canvas.style.width = Math.ceil(box.w * scale) + "px";
    var big = roads["big-road"];
    if (ruler && big) {
      var n = Math.round(big.w / big.cell);
      var at = big.x + ":" + big.first;
      if (ruler.childElementCount !== n || ruler.getAttribute("data-at") !== at) {
        ruler.textContent = "";
        ruler.setAttribute("data-at", at);
        for (var i = 0; i < n; i++) {
          var tick = document.createElement("span");
          tick.textContent = String(big.first + i);
          tick.style.left = (100 * (big.x + i * big.cell) / box.w) + "%";
          tick.style.width = (100 * big.cell / box.w) + "%";
          ruler.appendChild(tick);
        }
      }
    }
    if (names) {
      names.textContent = "";
      Object.keys(roads).forEach(function (r) {
        var tag = document.createElement("span");
        tag.className = "road-name";
        tag.setAttribute("data-road", r);
        tag.textContent = NAMES[r] || r;
        names.appendChild(tag);
      });
      nameRoads();
    }
    if (following) { scroller.scrollLeft = newest(); }
  }

  // Where the board is scrolled to show its newest columns: a window as wide as the view that holds the Big
  // Road's newest bead (and a free cell after it) and as many of the derived roads' newest marks as it can
  // (they are half-cells laid out from the left, so on a phone they may not all fit); it stays there until the
  // reader scrolls.
  var following = true;
  function newest() {
    if (!overlay && drawnFit !== null) { return Math.max(0, scroller.scrollWidth - scroller.clientWidth); }  // the right end
    var scale = canvas.clientWidth / box.w;
    var width = scroller.clientWidth / scale;
    var last = {};
    var lead = 0;
    Object.keys(beads).forEach(function (c) { lead = Math.max(lead, beads[c].x + beads[c].size * 1.5); });
    marks.forEach(function (m) { last[m.road] = Math.max(last[m.road] || 0, m.x); });
    var points = Object.keys(last).map(function (r) { return last[r]; });
    var best = lead - width, most = -1;
    [lead - width].concat(points.map(function (x) { return x - 20; })).forEach(function (left) {
      if (left > lead - 24 || left + width < lead) { return; }
      var held = points.filter(function (x) { return x >= left && x + 6 <= left + width; }).length;
      if (held > most || (held === most && left < best)) { most = held; best = left; }  // more of the past
    });
    return Math.max(0, Math.min(scroller.scrollWidth - scroller.clientWidth, best * scale));
  }

  // Each road's name sits in the bottom-right corner of the part of it in view (where a road is emptiest: its
  // newest columns are short and its last rows rarely reached), so it is read however far the board scrolled.
  function nameRoads() {
    if (!names || !box) { return; }
    var scale = canvas.clientWidth / box.w;
    var left = scroller.scrollLeft / scale, right = (scroller.scrollLeft + scroller.clientWidth) / scale;
    Array.prototype.forEach.call(names.children, function (tag) {
      var r = roads[tag.getAttribute("data-road")];
      var x = Math.min(right, r.x + r.w);
      tag.hidden = x < r.x + 4 * r.cell || x - 4 * r.cell < left;
      place(tag, x, r.y + r.h, null, null);
    });
  }

  if (scroller) {
    scroller.addEventListener("scroll", function () {
      following = Math.abs(scroller.scrollLeft - newest()) < 8;
      nameRoads();
    });
    window.addEventListener("resize", function () {
      fit();
      // A view that changed width needs the newest columns that fit it: the board is drawn again.
      if (!overlay && !scratch && drawnFit !== null && drawnFit !== viewUnits()) { busy = busy.then(drawBoard); }
      if (scratch && drawnFit !== null && drawnFit !== viewUnits()) { scratchDraw(list); }
    });
  }

  // The mark under a point of the board (model units): the one whose whole cell holds it.
  function markAt(x, y) {
    return marks.filter(function (m) {
      return Math.abs(x - m.x) <= m.size / 2 && Math.abs(y - m.y) <= m.size / 2;
    })[0] || null;
  }

  // Lights over the board: boxes placed in percent of the picture (set through the style object, which the
  // page's policy allows), so they follow the board at any width without touching its SVG.
  var lights = document.getElementById("board-lights");
  function light(cls, x, y, size) {
    var span = document.createElement("span");
    span.className = cls;
    span.style.left = (100 * (x - size / 2) / box.w) + "%";
    span.style.top = (100 * (y - size / 2) / box.h) + "%";
    span.style.width = (100 * size / box.w) + "%";
    span.style.height = (100 * size / box.h) + "%";
    lights.appendChild(span);
  }
  function showLights() {
    if (!lights) { return; }
    lights.textContent = "";
    if (!lit || !box) { return; }
    lit.compared.forEach(function (coup) {
      var b = beads[coup];
      if (b) { light("lit-compared", b.x, b.y, b.size); }
    });
    var b = beads[lit.source];
    if (b) { light("lit-source", b.x, b.y, b.size); }
    marks.forEach(function (m) {
      if (m.road === lit.road && m.mark === lit.mark) { light("lit-mark", m.x, m.y, m.size); }
    });
  }

  // The board as roads render draws it, kept as text: a change's event carries the patch of it (its lines
  // that changed, drawn by the server's one render path), so a coup redraws the board without fetching it.
  var boardText = null;
  var asking = null;  // the ask (banker, player) whose board is shown while its button is held
  var boardPrefix = null;

  function setBoard(text) {
    boardText = text;
    var m = /id="(r[0-9a-f]{10}-)/.exec(text);
    boardPrefix = m ? m[1] : null;
    img.setAttribute("data-board", boardPrefix || "");  // the board's id prefix: a digest of what it shows
    if (asking === null) { show(text); }
  }

  // Show a drawn board (the table's, or an ask's while its button is held) and place what goes over it.
  function show(text) {
    readMarks(text);
    fit();
    showLights();
    var url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    img.src = url;
    if (shownUrl) { URL.revokeObjectURL(shownUrl); }
    shownUrl = url;
  }

  var drawnFit = null;  // the view width (model units) the board shown was asked to fit; null: the whole shoe
  var whole = false;    // "Whole shoe" pressed: every column drawn, the older ones scroll
  function fitting() {
    drawnFit = whole ? null : viewUnits();
    if (drawnFit === null) { img.removeAttribute("data-fit"); } else { img.setAttribute("data-fit", String(drawnFit)); }
    return drawnFit === null ? "" : "fit=" + drawnFit;
  }
  function drawBoard() {
    // An overlay draws its board with its own options (theme, last, road; transparent): the server's query.
    // The table page asks for the newest columns that fit its view (or, "Whole shoe" pressed, every column).
    var query = overlay ? body.getAttribute("data-query") : fitting();
    return fetch(api + "/board.svg" + (query ? "?" + query : "")).then(function (r) { return r.text(); })
      .then(setBoard);
  }

  // The ``last`` the board shown was drawn with, for an ask's board to keep its geometry: a board wider than
  // the view it was asked to fit was drawn with its newest columns, as many as its Big Road's grid has.
  function shownLast() {
    var big = roads["big-road"];
    return !overlay && box && big && drawnFit !== null && box.w > drawnFit ? Math.round(big.w / big.cell) : null;
  }

  // Apply a board patch: {from, to, length, hunks: [[start, end, lines], ...]} over the board's lines with its
  // id prefix written "\u0000". False when it is not of the board shown (a gap): the board is fetched then.
  function patchBoard(patch) {
    if (!patch || boardText === null || patch.from !== boardPrefix) { return false; }
    var lines = boardText.split(boardPrefix).join("\u0000").split("\n");
    for (var i = patch.hunks.length - 1; i >= 0; i--) {
      var h = patch.hunks[i];
      Array.prototype.splice.apply(lines, [h[0], h[1] - h[0]].concat(h[2]));
    }
    var text = lines.join("\n").split("\u0000").join(patch.to);
    if (text.length !== patch.length) { return false; }
    setBoard(text);
    return true;
  }

  var lastCoup = null;   // the last coup of the state shown (what an undo takes back)

  function showWhere(s) {
    coups = s.coups;
    shoe = s.shoe;
    var head = document.getElementById("coups");
    if (head) { head.textContent = "shoe " + s.shoe + ", coup " + s.coups; }
    var counts = document.getElementById("counts");
    var c = s.counts || (s.stats ? { banker: s.stats.banker, player: s.stats.player, tie: s.stats.tie } : null);
    if (counts && c) {
      var named = sides(body);
      counts.textContent = named.banker + " " + (c.banker || 0) + " · " + named.player + " " + (c.player || 0) +
        " · Tie " + (c.tie || 0);
    }
  }

  function showState(s) {
    showWhere(s);
    lastCoup = s.last;
  }

  // The odds panel says what its figures are, from the answer it was given and never from an older one:
  // with the cards of every coup, the next coup's exact odds and the cards left; for a table of results, that
  // the next coup's odds need the cards, and the first coup of a full shoe, labelled as such (no cards left
  // is counted: none were).
  function showOdds(priced, full) {
    var dl = document.getElementById("odds");
    var note = document.getElementById("odds-note");
    var panel = document.getElementById("odds-panel");
    if (!dl) { return; }
    if (priced.game === "dragon-tiger") { showDragonTigerOdds(priced, full, dl, note, panel); return; }
    var o = priced.odds, edges = {};
    priced.bets.forEach(function (b) { edges[b.bet] = b.edge; });
    var pairs = [["Banker", percent(o.banker)], ["Player", percent(o.player)], ["Tie", percent(o.tie)],
      ["Banker edge", percent(edges.banker)], ["Player edge", percent(edges.player)],
      ["Tie edge", percent(edges.tie)]];
    // The edges are of the table's rules (an EZ Banker pushes on a three-card 7), not the standard table's.
    if (full) {
      panel.setAttribute("data-odds", "full-shoe");
      document.getElementById("odds-heading").textContent = "Odds: full shoe";
      note.textContent = "The next coup's odds need the cards: this table's coups were entered as results, " +
        "so no card is counted out. Below, the first coup of a full shoe (" + priced.cards_left + " cards) " +
        "under " + priced.title + " rules, not the next coup's.";
    } else {
      panel.setAttribute("data-odds", "next-coup");
      document.getElementById("odds-heading").textContent = "Odds: next coup";
      note.textContent = "Exact, from the cards of every coup dealt: " + o.cards_left + " cards left.";
    }
    listOf(dl, pairs);
  }

  // A Dragon Tiger table's odds (roads odds --game dragon-tiger --json): Dragon, Tiger, Tie and Suited tie, and
  // the edges under the common pays. The suited tie needs every card's suit ("-" when a card had none).
  function showDragonTigerOdds(priced, full, dl, note, panel) {
    function shown(x) { return x === null || x === undefined ? "-" : percent(x); }
    var pairs = [["Dragon", shown(priced.dragon)], ["Tiger", shown(priced.tiger)], ["Tie", shown(priced.tie)],
      ["Suited tie", shown(priced.suited_tie)], ["Dragon edge", shown(priced.edge_dragon)],
      ["Tiger edge", shown(priced.edge_tiger)], ["Tie edge (8 to 1)", shown(priced.edge_tie_8)],
      ["Tie edge (11 to 1)", shown(priced.edge_tie_11)], ["Suited tie edge (50 to 1)", shown(priced.edge_suited_tie)]];
    if (full) {
      panel.setAttribute("data-odds", "full-shoe");
      document.getElementById("odds-heading").textContent = "Odds: full shoe";
      note.textContent = "The next coup's odds need the cards: this table's coups were entered as results, " +
        "so no card is counted out. Below, the first coup of a full shoe (" + priced.cards_left + " cards), " +
        "not the next coup's.";
    } else {
      panel.setAttribute("data-odds", "next-coup");
      document.getElementById("odds-heading").textContent = "Odds: next coup";
      note.textContent = "Exact, from the cards of every coup dealt: " + priced.cards_left + " cards left.";
    }
    listOf(dl, pairs);
  }

  // What the board does not show (statistics, asks, odds) is fetched after each change; the board is drawn
  // from the event's patch when it has one for the board shown, and fetched whole only otherwise (the first
  // state, a gap after a reconnect, a patch of another board).
  function refresh(patch) {
    busy = busy.then(function () {
      var jobs = [patchBoard(patch) ? null : drawBoard(), fetch(api).then(function (r) { return r.json(); }).then(function (s) {
        showState(s);
        // Odds of the next coup need the cards of every coup: a table of results alone has none to count.
        if (overlay) { return null; }
        return fetch(api + (s.cards ? "/odds" : "/odds/full-shoe")).then(function (r) { return r.json(); })
          .then(function (priced) { showOdds(priced, !s.cards); });
      })];
      return Promise.all(jobs).then(function () {
        // Everything shown is of this many coups: what a test (or a screen reader's refresh) waits for.
        img.setAttribute("data-coups", String(coups));
      });
    }).catch(function () { say("could not reach the server: it reconnects by itself"); });
    return busy;
  }

  // The calculator's scratch table lives in the page alone: its coups go with each request and nothing is
  // stored; an answer that refuses them (a bad card) leaves the table as it was.
  var scratch = body.classList.contains("calculator");
  var list = [];
  function scratchQuery(items) { return "coups=" + encodeURIComponent(items.join("|")); }
  function scratchDraw(next) {
    var fit = fitting();
    return fetch("/api/scratch/board.svg?" + scratchQuery(next) + (fit ? "&" + fit : "")).then(function (r) {
      return r.text().then(function (t) {
        if (!r.ok) { say(JSON.parse(t).error); return false; }
        list = next;
        say("");
        setBoard(t);
        showWhere({ coups: list.length, shoe: 1 });
        img.setAttribute("data-coups", String(list.length));
        return true;
      });
    });
  }
  if (scratch) { scratchDraw([]); }

  // The same one stream as the lobby's, for this table alone (board=1: each change's event carries the patch
  // of the drawn board); the event says the shoe and coup at once.
  if (!scratch) {
    // Its patches are of the board drawn to fit this view (&fit=W), the one the page asks for.
    var stream = "/api/events?board=1&table=" + encodeURIComponent(table) + (overlay ? "" : "&fit=" + viewUnits());
    new EventSource(stream).onmessage = function (e) {
      var ev = JSON.parse(e.data);
      showWhere(ev);
      refresh(ev.board);
    };
  }

  if (overlay) { return; }

  function answer(r) {
    if (r.status >= 300) { say(r.body.error); } else { say(""); showState(r.body); }
    if (r.status === 409) { refresh(null); }
    return r;
  }

  var redoButton = document.getElementById("redo");
  var undone = null;  // the coup the last undo took back, which Redo enters again

  function forget() { undone = null; if (redoButton) { redoButton.hidden = true; } }

  function result(letter) {
    forget();
    if (scratch) { scratchDraw(list.concat([letter])); return; }
    send("POST", api + "/coups", { result: letter, expect: coups + 1 }).then(answer);
  }

  // A coup as the log keeps it, said in words ("coup 12, Banker 7 over 5") and as it is entered again.
  function words(c, number) {
    var side = c.winner.charAt(0).toUpperCase() + c.winner.slice(1);
    var totals = c.banker_total !== undefined && c.player_total !== undefined ?
      " (Banker " + c.banker_total + ", Player " + c.player_total + ")" : "";
    return "coup " + number + ", " + side + totals;
  }
  function again(c) {
    if (c.dragon_card) { return { cards: c.dragon_card + " " + c.tiger_card }; }
    if (body.getAttribute("data-game") === "dragon-tiger") { return { result: c.winner === "tie" ? "Tie" : c.winner }; }
    if (c.player_cards) {
      var p = c.player_cards, b = c.banker_cards, dealt = [p[0], b[0], p[1], b[1]];
      if (p.length > 2) { dealt.push(p[2]); }
      if (b.length > 2) { dealt.push(b[2]); }
      return { cards: dealt.join(" ") };
    }
    var marks = (c.banker_pair ? "b" : "") + (c.player_pair ? "p" : "") + (c.natural ? "n" : "");
    return { result: c.winner.charAt(0).toUpperCase() + (marks ? "[" + marks + "]" : "") };
  }

  function undo() {
    if (scratch) {
      if (!list.length) { return; }
      var taken = list[list.length - 1], at = list.length;
      scratchDraw(list.slice(0, -1)).then(function (ok) {
        if (!ok) { return; }
        undone = taken;
        say("Undid coup " + at + ", " + taken + ".");
        if (redoButton) { redoButton.hidden = false; }
      });
      return;
    }
    var coup = lastCoup, number = coups;
    send("DELETE", api + "/coups/last?expect=" + coups).then(answer).then(function (r) {
      if (r.status >= 300 || !coup) { return; }
      undone = coup;
      say("Undid " + words(coup, number) + ".");
      if (redoButton) { redoButton.hidden = false; }
    });
  }

  function redo() {
    if (!undone) { return; }
    var coup = undone;
    forget();
    if (scratch) {
      scratchDraw(list.concat([coup])).then(function (ok) { if (ok) { say("Redid coup " + list.length + ", " + coup + "."); } });
      return;
    }
    send("POST", api + "/coups", Object.assign(again(coup), { expect: coups + 1 })).then(answer).then(function (r) {
      if (r.status < 300) { say("Redid " + words(coup, coups) + "."); }
    });
  }

  // A new shoe closes the one being dealt: asked once more, in the page, before it is sent.
  var confirmShoe = document.getElementById("shoe-confirm");
  function askShoe() {
    if (!confirmShoe) { return; }
    document.getElementById("shoe-question").textContent = "Close shoe " + shoe + " after " + coups +
      " coups and start shoe " + (shoe + 1) + "?";
    confirmShoe.hidden = false;
    document.getElementById("shoe-yes").focus();
  }
  function newShoe() {
    confirmShoe.hidden = true;
    forget();
    send("POST", api + "/shoes", { expect_shoe: shoe + 1 }).then(answer).then(function (r) {
      if (r.status < 300) { say("Shoe " + r.body.shoe + " started."); }
    });
  }

  // The casino's ask buttons: while one is held, the board is the one the next coup would make if that side
  // won (drawn by the server's one render path), with the marks each derived road would add lit; let go, and
  // the board is the table's again.
  function ask(side) {
    // Only a page with the ask buttons asks (not the calculator's scratch table, nor a floor display).
    if (asking === side || !boardText || !document.querySelector("[data-ask]")) { return; }
    asking = side;
    var before = {};
    marks.forEach(function (m) { before[m.road] = Math.max(before[m.road] || 0, m.mark); });
    Array.prototype.forEach.call(document.querySelectorAll("[data-ask]"), function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-ask") === side));
    });
    var last = shownLast();
    fetch(api + "/ask/" + side + ".svg" + (last ? "?last=" + last : "")).then(function (r) { return r.text(); }).then(function (text) {
      if (asking !== side) { return; }
      show(text);
      img.setAttribute("data-asking", side);
      lights.textContent = "";
      marks.forEach(function (m) {
        if (m.mark > (before[m.road] || 0)) { light("lit-ask", m.x, m.y, m.size); }
      });
      var named = sides(body)[side];
      say(named + " ask: the marks a " + named + " win would add.");
    });
  }
  function release() {
    if (asking === null) { return; }
    asking = null;
    Array.prototype.forEach.call(document.querySelectorAll("[data-ask]"), function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    img.removeAttribute("data-asking");
    say("");
    if (boardText !== null) { setBoard(boardText); }
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-ask]"), function (b) {
    var side = b.getAttribute("data-ask");
    b.addEventListener("pointerdown", function (e) { e.preventDefault(); ask(side); });
    ["pointerup", "pointerleave", "pointercancel", "blur"].forEach(function (kind) { b.addEventListener(kind, release); });
    b.addEventListener("keydown", function (e) {
      if (e.key === " " || e.key === "Enter") { e.preventDefault(); if (!e.repeat) { ask(side); } }
    });
    b.addEventListener("keyup", function (e) { if (e.key === " " || e.key === "Enter") { release(); } });
  });

  // The lesson's proof of a mark, as the server words it (an HTML fragment: picture, steps, watchout); its
  // data- attributes say what to light on the board. A later tap wins over an answer still on its way.
  var asked = 0;
  var chosen = null;  // the mark asked for last (its proof may be on its way)
  function proof(road, mark) {
    var mine = ++asked;
    chosen = { road: road, mark: mark };
    var url = scratch ? "/scratch/proof/" + road + "/" + mark + "?" + scratchQuery(list) :
      "/tables/" + encodeURIComponent(table) + "/proof/" + road + "/" + mark;
    fetch(url).then(function (r) {
      return r.text().then(function (t) { return { ok: r.ok, text: t }; });
    }).then(function (a) {
      if (mine !== asked) { return; }
      var body = document.getElementById("proof-body");
      if (!a.ok) { say(JSON.parse(a.text).error); return; }
      body.innerHTML = a.text;
      var art = body.querySelector("article");
      lit = { road: road, mark: mark, source: art.getAttribute("data-source"),
        compared: (art.getAttribute("data-compared") || "").split(" ").filter(Boolean) };
      showLights();
    });
  }

  // Arrow keys on the board: left and right walk a road's marks, up and down go to the road above or below.
  function step(key) {
    var road = chosen ? chosen.road : DERIVED[0];
    var mark = chosen ? chosen.mark : 0;
    var count = function (r) { return marks.filter(function (m) { return m.road === r; }).length; };
    if (key === "ArrowRight") { mark += 1; }
    else if (key === "ArrowLeft") { mark -= 1; }
    else {
      var i = DERIVED.indexOf(road) + (key === "ArrowDown" ? 1 : -1);
      if (i < 0 || i >= DERIVED.length || !count(DERIVED[i])) { return; }
      road = DERIVED[i];
      mark = Math.max(1, mark);
    }
    mark = Math.min(Math.max(mark, 1), count(road));
    if (mark >= 1 && (!chosen || road !== chosen.road || mark !== chosen.mark)) { proof(road, mark); }
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-result]"), function (b) {
    b.addEventListener("click", function () { result(b.getAttribute("data-result")); });
  });
  // "Whole shoe": every column of every road, the older ones scrolled to; pressed again, the newest that fit.
  var wholeButton = document.getElementById("board-whole");
  function toggleWhole() {
    whole = !whole;
    wholeButton.setAttribute("aria-pressed", String(whole));
    following = true;
    if (scratch) { scratchDraw(list); } else { busy = busy.then(drawBoard); }
  }
  if (wholeButton) { wholeButton.addEventListener("click", toggleWhole); }
  var undoButton = document.getElementById("undo");
  if (undoButton) { undoButton.addEventListener("click", undo); }
  if (redoButton) { redoButton.addEventListener("click", redo); }
  var shoeButton = document.getElementById("new-shoe");
  if (shoeButton) {
    shoeButton.addEventListener("click", askShoe);
    document.getElementById("shoe-yes").addEventListener("click", newShoe);
    document.getElementById("shoe-no").addEventListener("click", function () {
      confirmShoe.hidden = true;
      shoeButton.focus();
    });
  }
  var cardsForm = document.getElementById("cards-form");
  if (cardsForm) {
    cardsForm.addEventListener("submit", function (e) {
      e.preventDefault();
      var field = document.getElementById("cards");
      if (scratch) {
        forget();
        scratchDraw(list.concat([field.value])).then(function (ok) { if (ok) { field.value = ""; } });
        return;
      }
      send("POST", api + "/coups", { cards: field.value, expect: coups + 1 }).then(function (r) {
        if (r.status < 300) { field.value = ""; }
        answer(r);
      });
    });
  }
  document.addEventListener("keydown", function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) { return; }
    if (e.key === "1" || e.key === "2") {
      e.preventDefault();
      if (!e.repeat) { ask(e.key === "1" ? "banker" : "player"); }
      return;
    }
    if (e.target && e.target.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")) { return; }
    if (wholeButton && e.key.toUpperCase() === "W" && (!confirmShoe || confirmShoe.hidden)) {
      e.preventDefault();
      toggleWhole();
      return;
    }
    if (!undoButton) { return; }
    var key = e.key.toUpperCase();
    if (e.key === "Escape" && confirmShoe && !confirmShoe.hidden) { e.preventDefault(); confirmShoe.hidden = true; }
    else if (!confirmShoe || confirmShoe.hidden) {
      var button = /^[A-Z]$/.test(key) ? document.querySelector('[data-result][data-key="' + key + '"]') : null;
      if (button) { e.preventDefault(); result(button.getAttribute("data-result")); }
      else if (e.key === "Backspace") { e.preventDefault(); undo(); }
      else if (key === "R" && undone) { e.preventDefault(); redo(); }
      else if (key === "N") { e.preventDefault(); askShoe(); }
    }
  });
  document.addEventListener("keyup", function (e) { if (e.key === "1" || e.key === "2") { release(); } });
  var figure = document.getElementById("board");
  img.addEventListener("click", function (e) {
    if (!box) { return; }
    var hit = markAt(e.offsetX / img.clientWidth * box.w, e.offsetY / img.clientHeight * box.h);
    if (hit) { proof(hit.road, hit.mark); }
  });
  figure.addEventListener("keydown", function (e) {
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].indexOf(e.key) < 0) { return; }
    e.preventDefault();
    step(e.key);
  });
}());
