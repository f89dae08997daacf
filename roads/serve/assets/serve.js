// roads serve: the lobby and the table page. Keys B P T enter a result, Backspace undoes. Each page opens
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

  function where(ev) {
    var c = ev.counts || {};
    return "shoe " + ev.shoe + ", coup " + ev.coups + ": Banker " + (c.banker || 0) + ", Player " +
      (c.player || 0) + ", Tie " + (c.tie || 0);
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
      li.querySelector("img").src = "/api/tables/" + encodeURIComponent(name) + "/board.svg?last=12&v=" +
        li.getAttribute("data-shoe") + "-" + li.getAttribute("data-changes");
    }
    var shown = {};
    var watcher = "IntersectionObserver" in window ? new IntersectionObserver(function (seen) {
      seen.forEach(function (one) {
        var name = one.target.getAttribute("data-table");
        shown[name] = one.isIntersecting;
        if (one.isIntersecting && stale[name]) { reload(one.target); }
      });
    }) : null;
    Object.keys(entries).forEach(function (name) {
      if (watcher) { watcher.observe(entries[name]); } else { shown[name] = true; }
    });
    new EventSource("/api/events").onmessage = function (e) {
      var ev = JSON.parse(e.data);
      var li = entries[ev.table];
      if (!li) { return; }
      li.querySelector("[data-counts]").textContent = where(ev);
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

  // The marks' places are read from the SVG's text (a parsed document would count as inline style under
  // the page's policy): each derived mark is a <use data-road data-mark x y>, one cell of its road apart.
  function readMarks(text) {
    var head = /<svg[^>]*>/.exec(text)[0];
    var view = (attr(head, "viewBox") || "0 0 0 0").split(/[ ,]+/).map(Number);
    box = { w: view[2], h: view[3] };
    var found = [];
    var cells = {};
    (text.match(/<use [^>]*data-mark="[^>]*>/g) || []).forEach(function (tag) {
      var m = { road: attr(tag, "data-road"), mark: Number(attr(tag, "data-mark")),
        x: Number(attr(tag, "x")), y: Number(attr(tag, "y")) };
      found.push(m);
    });
    found.forEach(function (a, i) {
      var b = found[i + 1];
      if (b && b.road === a.road && b.x === a.x && b.y > a.y) {
        cells[a.road] = Math.min(cells[a.road] || Infinity, b.y - a.y);
      }
    });
    marks = found.map(function (m) { m.size = cells[m.road] || 12; return m; });
  }

  // The board as roads render draws it, kept as text: a change's event carries the patch of it (its lines
  // that changed, drawn by the server's one render path), so a coup redraws the board without fetching it.
  var boardText = null;
  var boardPrefix = null;

  function setBoard(text) {
    boardText = text;
    var m = /id="(r[0-9a-f]{10}-)/.exec(text);
    boardPrefix = m ? m[1] : null;
    img.setAttribute("data-board", boardPrefix || "");  // the board's id prefix: a digest of what it shows
    readMarks(text);
    if (overlay) { text = text.replace(/<rect class="background"[^>]*>/, ""); }
    var url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    img.src = url;
    if (shownUrl) { URL.revokeObjectURL(shownUrl); }
    shownUrl = url;
  }

  function drawBoard() {
    return fetch(api + "/board.svg").then(function (r) { return r.text(); }).then(setBoard);
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

  function showWhere(s) {
    coups = s.coups;
    shoe = s.shoe;
    var head = document.getElementById("coups");
    if (head) { head.textContent = "(shoe " + s.shoe + ", coup " + s.coups + ")"; }
  }

  function showState(s) {
    showWhere(s);
    var stats = document.getElementById("stats");
    if (stats) {
      listOf(stats, [["Coups", s.stats.coups], ["Banker", s.stats.banker], ["Player", s.stats.player],
        ["Tie", s.stats.tie], ["Banker pairs", s.stats.banker_pairs], ["Player pairs", s.stats.player_pairs],
        ["Naturals", s.stats.naturals]]);
    }
    var asks = document.getElementById("asks");
    if (asks) {
      var pairs = [];
      ["banker", "player"].forEach(function (side) {
        var ask = s.asks[side] || {};
        Object.keys(ask).forEach(function (road) {
          pairs.push([side.charAt(0).toUpperCase() + side.slice(1) + " next, " + road.replace(/_/g, " "),
            ask[road] || "nothing yet"]);
        });
      });
      listOf(asks, pairs);
    }
  }

  function showOdds(priced) {
    var dl = document.getElementById("odds");
    if (!dl) { return; }
    // The answer of roads odds --after LOG --rules R --json: the next coup's odds, then the bets' prices.
    var o = priced.odds, edges = {};
    priced.bets.forEach(function (b) { edges[b.bet] = b.edge; });
    // The edges are of the table's rules (an EZ Banker pushes on a three-card 7), not the standard table's.
    listOf(dl, [["Banker", percent(o.banker)], ["Player", percent(o.player)], ["Tie", percent(o.tie)],
      ["Banker edge", percent(edges.banker)], ["Player edge", percent(edges.player)],
      ["Tie edge", percent(edges.tie)], ["Cards left", o.cards_left]]);
  }

  // What the board does not show (statistics, asks, odds) is fetched after each change; the board is drawn
  // from the event's patch when it has one for the board shown, and fetched whole only otherwise (the first
  // state, a gap after a reconnect, a patch of another board).
  function refresh(patch) {
    busy = busy.then(function () {
      var jobs = [patchBoard(patch) ? null : drawBoard(), fetch(api).then(function (r) { return r.json(); }).then(function (s) {
        showState(s);
        // Odds need the cards of every coup: a table of results alone has none to count.
        if (overlay || !s.cards) { return null; }
        return fetch(api + "/odds").then(function (r) { return r.json(); }).then(showOdds);
      })];
      return Promise.all(jobs).then(function () {
        // Everything shown is of this many coups: what a test (or a screen reader's refresh) waits for.
        img.setAttribute("data-coups", String(coups));
      });
    }).catch(function () { say("could not reach the server: it reconnects by itself"); });
    return busy;
  }

  // The same one stream as the lobby's, for this table alone (board=1: each change's event carries the patch
  // of the drawn board); the event says the shoe and coup at once.
  new EventSource("/api/events?board=1&table=" + encodeURIComponent(table)).onmessage = function (e) {
    var ev = JSON.parse(e.data);
    showWhere(ev);
    refresh(ev.board);
  };

  if (overlay) { return; }

  function answer(r) {
    if (r.status >= 300) { say(r.body.error); } else { say(""); showState(r.body); }
    if (r.status === 409) { refresh(null); }
  }

  function result(letter) { send("POST", api + "/coups", { result: letter, expect: coups + 1 }).then(answer); }
  function undo() { send("DELETE", api + "/coups/last?expect=" + coups).then(answer); }

  function proof(road, mark) {
    fetch(api + "/proof/" + road + "/" + mark).then(function (r) { return r.json(); }).then(function (p) {
      var text = document.getElementById("proof-text");
      text.textContent = p.error ? p.error : p.text + " " + p.mistake;
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-result]"), function (b) {
    b.addEventListener("click", function () { result(b.getAttribute("data-result")); });
  });
  var undoButton = document.getElementById("undo");
  if (undoButton) { undoButton.addEventListener("click", undo); }
  var shoeButton = document.getElementById("new-shoe");
  if (shoeButton) {
    shoeButton.addEventListener("click", function () {
      send("POST", api + "/shoes", { expect_shoe: shoe + 1 }).then(answer);
    });
  }
  var cardsForm = document.getElementById("cards-form");
  if (cardsForm) {
    cardsForm.addEventListener("submit", function (e) {
      e.preventDefault();
      var field = document.getElementById("cards");
      send("POST", api + "/coups", { cards: field.value, expect: coups + 1 }).then(function (r) {
        if (r.status < 300) { field.value = ""; }
        answer(r);
      });
    });
  }
  document.getElementById("proof-form").addEventListener("submit", function (e) {
    e.preventDefault();
    proof(document.getElementById("proof-road").value, document.getElementById("proof-mark").value);
  });
  document.addEventListener("keydown", function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) { return; }
    if (!undoButton) { return; }
    var key = e.key.toUpperCase();
    if (key === "B" || key === "P" || key === "T") { e.preventDefault(); result(key); }
    else if (e.key === "Backspace") { e.preventDefault(); undo(); }
  });
  img.addEventListener("click", function (e) {
    if (!box) { return; }
    var x = e.offsetX / img.clientWidth * box.w;
    var y = e.offsetY / img.clientHeight * box.h;
    var hit = marks.filter(function (m) {
      return x >= m.x && x < m.x + m.size && y >= m.y && y < m.y + m.size;
    })[0];
    if (hit) {
      document.getElementById("proof-road").value = hit.road;
      document.getElementById("proof-mark").value = hit.mark;
      proof(hit.road, hit.mark);
    }
  });
}());
