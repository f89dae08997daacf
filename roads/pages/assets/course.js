// roads course: progress kept in localStorage across reloads (per lesson and module), the review of the checks
// missed at the first try, practice of the kinds missed before (the quiz's own record), the timed round, and
// the index's progress. quiz.js answers the checks; this script listens to its "roads:answered" events and
// re-enacts the stored choices with "roads:replay" after a reload. What is kept goes through storage.js.
(() => {
  "use strict";
  const KEY = "roads-course";
  const MISSES = "roads-quiz-misses";
  const storage = window.roadsStorage;
  const kept = storage.read(KEY);
  if (!kept.lessons || typeof kept.lessons !== "object" || Array.isArray(kept.lessons)) kept.lessons = {};
  if (!kept.best || typeof kept.best !== "object" || Array.isArray(kept.best)) kept.best = {};
  const save = () => storage.save(KEY, kept);
  const tally = (entry) => {
    // Right at the first try, and answered, over the main checks ("c1", "c2"...): the score that is kept.
    const answers = entry && typeof entry.answers === "object" && entry.answers ? entry.answers : {};
    const keys = entry && typeof entry.key === "object" && entry.key ? entry.key : {};
    let answered = 0;
    let right = 0;
    for (const [id, seq] of Object.entries(answers)) {
      if (!/^c\d+$/.test(id) || !Array.isArray(seq) || !seq.length) continue;
      answered += 1;
      if (String(seq[0]) === String(keys[id])) right += 1;
    }
    return { answered, right, checks: Number(entry && entry.checks) || 0 };
  };

  const lesson = document.getElementById("lesson");
  if (lesson) {
    const slug = lesson.dataset.lesson;
    const entry = kept.lessons[slug] && typeof kept.lessons[slug] === "object" ? kept.lessons[slug] : {};
    kept.lessons[slug] = entry;
    entry.module = lesson.dataset.module;
    entry.checks = Number(lesson.dataset.checks) || 0;
    if (!entry.answers || typeof entry.answers !== "object" || Array.isArray(entry.answers)) entry.answers = {};
    entry.key = {};
    const checks = Array.from(lesson.querySelectorAll("[data-question]"));
    for (const q of checks) entry.key[q.id] = q.dataset.answer;
    const progress = document.getElementById("progress");
    const list = document.getElementById("review-list");
    const reviewNote = document.getElementById("review-note");

    const refresh = () => {
      const t = tally(entry);
      if (progress) {
        progress.textContent = t.answered
          ? `${t.answered} of ${t.checks} checks answered, ${t.right} right at the first try (kept in this browser).`
          : "";
      }
      if (!list) return;
      list.textContent = "";
      let missed = 0;
      for (const q of checks) {
        const seq = entry.answers[q.id];
        if (!/^c\d+$/.test(q.id) || !Array.isArray(seq) || !seq.length || String(seq[0]) === q.dataset.answer) continue;
        missed += 1;
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = `#${q.id}`;
        a.textContent = q.querySelector("h3").textContent;
        const chose = q.querySelector(`[data-choice="${seq[0]}"]`);
        const why = q.querySelector(`[data-why="${seq[0]}"] .said`);
        li.append(a, document.createTextNode(`: you chose "${chose ? chose.textContent : ""}". ${why ? why.textContent : ""}`));
        list.append(li);
      }
      if (reviewNote) {
        if (missed) reviewNote.textContent = `You missed ${missed} at the first try:`;
        else if (t.answered && t.answered >= t.checks) reviewNote.textContent = "Every check right at the first try.";
        else reviewNote.textContent = "The checks you miss at the first try are listed here, each with the mistake it stood for.";
      }
    };

    lesson.addEventListener("roads:answered", (event) => {
      const q = event.target;
      const d = event.detail || {};
      if (!d.replay) {
        const seq = Array.isArray(entry.answers[q.id]) ? entry.answers[q.id] : [];
        seq.push(Number(d.choice));
        entry.answers[q.id] = seq;
        save();
      }
      refresh();
    });
    // After a reload: every stored choice again, in order, so the score, the feedback and the review come back.
    for (const q of checks) {
      const seq = entry.answers[q.id];
      if (!Array.isArray(seq)) continue;
      for (const choice of seq) q.dispatchEvent(new CustomEvent("roads:replay", { detail: { choice } }));
    }
    save();
    refresh();

    // Practice: only the kinds this learner has missed (the quiz's record of misses per kind) are asked.
    const misses = storage.read(MISSES);
    const practice = document.getElementById("practice");
    if (practice) {
      let shown = 0;
      for (const q of practice.querySelectorAll("[data-practice]")) {
        const wanted = Number(misses[q.dataset.kind]) > 0 || Array.isArray(entry.answers[q.id]);
        q.hidden = !wanted;
        if (wanted) shown += 1;
      }
      practice.hidden = !shown;
    }

    // The timed round: the checks against a clock; the best round (right at the first try) is kept.
    const timed = document.getElementById("timed");
    const start = document.getElementById("start");
    const clock = document.getElementById("clock");
    const best = document.getElementById("best");
    if (timed && start && clock && best) {
      const seconds = Number(timed.dataset.seconds) || 60;
      const showBest = () => {
        const b = Number(kept.best[slug]);
        best.textContent = Number.isFinite(b) && b > 0 ? `Your best round: ${b} right.` : "";
      };
      showBest();
      let timer = null;
      start.addEventListener("click", () => {
        if (timer !== null) return;
        if (tally(entry).answered) {
          // A round starts from fresh checks: the stored answers of this lesson go, and the page starts again.
          entry.answers = {};
          save();
          window.location.reload();
          return;
        }
        const before = tally(entry).right;
        const end = Date.now() + seconds * 1000;
        start.disabled = true;
        const tick = () => {
          const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
          clock.textContent = `${left} s`;
          const done = tally(entry);
          if (left > 0 && done.answered < done.checks) return;
          window.clearInterval(timer);
          timer = null;
          const got = done.right - before;
          kept.best[slug] = Math.max(Number(kept.best[slug]) || 0, got);
          save();
          clock.textContent = `Time: ${got} right at the first try.`;
          start.disabled = false;
          start.textContent = "Start again";
          showBest();
        };
        timer = window.setInterval(tick, 250);
        const first = lesson.querySelector(".checks [data-choice]");
        if (first) first.focus();
      });
      if (tally(entry).answered) start.textContent = "Start again";
    }
  }

  // A board wider than its frame opens on its newest columns (the frame scrolls right to left), so on a phone the
  // statistics under its Bead Plate, on the far left, are cut off. While any of them is out of the frame's view, a
  // copy of them (the same drawing, at the board's scale) is shown whole under the frame.
  const SVG = "http://www.w3.org/2000/svg";
  for (const frame of document.querySelectorAll("figure.frame")) {
    const board = frame.querySelector("svg");
    const stats = board && board.querySelector("g.stats");
    const view = board && board.viewBox && board.viewBox.baseVal;
    if (!stats || !view || !view.width) continue;
    const copy = document.createElement("div");
    copy.className = "stats-copy";
    copy.hidden = true;
    const drawn = document.createElementNS(SVG, "svg");
    drawn.setAttribute("role", "img");
    drawn.setAttribute("aria-label", "The board's statistics (its Bead Plate's panel, out of view above)");
    drawn.setAttribute("font-family", board.getAttribute("font-family") || "sans-serif");
    const inner = stats.cloneNode(true);
    for (const named of [inner, ...inner.querySelectorAll("[id]")]) named.removeAttribute("id");
    drawn.appendChild(inner);
    copy.appendChild(drawn);
    frame.after(copy);
    const update = () => {
      const f = frame.getBoundingClientRect();
      const s = stats.getBoundingClientRect();
      copy.hidden = s.left >= f.left + frame.clientLeft - 1 && s.right <= f.left + frame.clientLeft + frame.clientWidth + 1;
      if (copy.hidden) return;
      const box = stats.getBBox();
      const scale = board.getBoundingClientRect().width / view.width;
      drawn.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
      drawn.setAttribute("width", String(Math.ceil(box.width * scale)));
      drawn.setAttribute("height", String(Math.ceil(box.height * scale)));
    };
    frame.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    update();
  }

  const index = document.getElementById("course-index");
  if (index) {
    const modules = {};
    for (const li of index.querySelectorAll("[data-progress-lesson]")) {
      const slug = li.dataset.progressLesson;
      const entry = kept.lessons[slug];
      const t = tally(entry);
      const checks = Number(li.dataset.checks) || t.checks;
      const out = li.querySelector("[data-lesson-score]");
      if (entry && t.answered && out) {
        out.textContent = `${t.right} of ${checks} right at the first try${t.answered < checks ? `, ${t.answered} answered` : ""}`;
        if (t.answered >= checks) li.classList.add("done");
      }
      const section = li.closest("[data-progress-module]");
      if (!section) continue;
      const m = section.dataset.progressModule;
      const sum = modules[m] || { right: 0, checks: 0, answered: 0 };
      sum.right += t.right;
      sum.answered += t.answered;
      sum.checks += checks;
      modules[m] = sum;
    }
    for (const out of index.querySelectorAll("[data-module-score]")) {
      const sum = modules[out.dataset.moduleScore];
      if (sum && sum.answered) out.textContent = `Module: ${sum.right} of ${sum.checks} right at the first try.`;
    }
  }
})();
