// roads quiz: one question at a time, a score, and the kinds a learner misses asked more often.
// The misses are kept in localStorage (per kind); where storage is blocked they last for the visit.
// Without JavaScript every question is on the page with its answer folded under it.
(() => {
  "use strict";
  const KEY = "roads-quiz-misses";
  const questions = Array.from(document.querySelectorAll("[data-question]"));
  const score = document.getElementById("score");
  const next = document.getElementById("next");
  const done = document.getElementById("done");
  if (!questions.length || !score || !next || !done) return;

  let store = null;
  try {
    store = window.localStorage;
    store.getItem(KEY);
  } catch (e) {
    store = null;
  }
  let misses = {};
  if (store) {
    try {
      const kept = JSON.parse(store.getItem(KEY) || "{}");
      if (kept && typeof kept === "object" && !Array.isArray(kept)) misses = kept;
    } catch (e) {
      misses = {};
    }
  } else {
    document.getElementById("storage").hidden = false;
  }
  const save = () => {
    if (!store) return;
    try {
      store.setItem(KEY, JSON.stringify(misses));
    } catch (e) {
      store = null;
      document.getElementById("storage").hidden = false;
    }
  };
  const missed = (kind) => Math.min(Math.max(Number(misses[kind]) || 0, 0), 20);

  // Smooth weighted round robin over the kinds still unasked: a kind missed n times weighs 1 + 2n,
  // so it comes back that much more often; the same stored misses always give the same order.
  const credit = {};
  const answered = new Set();
  const pick = () => {
    const left = questions.filter((q) => !answered.has(q));
    if (!left.length) return null;
    const kinds = [];
    for (const q of left) if (!kinds.includes(q.dataset.kind)) kinds.push(q.dataset.kind);
    let total = 0;
    let best = null;
    for (const kind of kinds) {
      const weight = 1 + 2 * missed(kind);
      credit[kind] = (credit[kind] || 0) + weight;
      total += weight;
      if (best === null || credit[kind] > credit[best]) best = kind;
    }
    credit[best] -= total;
    return left.find((q) => q.dataset.kind === best);
  };

  let right = 0;
  let asked = 0;
  let current = null;
  const show = (q, focus) => {
    if (current) current.hidden = true;
    current = q;
    next.hidden = true;
    if (!q) {
      done.hidden = false;
      done.focus();
      return;
    }
    q.hidden = false;
    if (focus) q.querySelector("[data-choice]").focus();
  };

  const answer = (q, button) => {
    if (answered.has(q)) return;
    answered.add(q);
    const ok = button.dataset.choice === q.dataset.answer;
    asked += 1;
    if (ok) right += 1;
    const kind = q.dataset.kind;
    const now = Math.max(0, missed(kind) + (ok ? -1 : 1));
    if (now) misses[kind] = now;
    else delete misses[kind];
    save();
    let rightText = "";
    for (const b of q.querySelectorAll("[data-choice]")) {
      b.setAttribute("aria-disabled", "true");
      if (b.dataset.choice === q.dataset.answer) {
        b.classList.add("right");
        rightText = b.textContent;
      }
    }
    button.setAttribute("aria-pressed", "true");
    if (!ok) button.classList.add("wrong");
    q.dataset.result = ok ? "right" : "wrong";
    const feedback = q.querySelector("[data-feedback]");
    feedback.hidden = false;
    const verdict = feedback.querySelector(".verdict");
    // Each choice has its own feedback: a wrong one names the mistake it stands for.
    const why = feedback.querySelector(`[data-why="${button.dataset.choice}"] .said`);
    const said = why ? why.textContent : "";
    verdict.textContent = ok ? `Right. ${said}` : `Not quite: the answer is "${rightText}". ${said}`;
    verdict.className = `verdict ${ok ? "right" : "wrong"}`;
    feedback.querySelector("details").open = true;
    score.textContent = `Score: ${right} of ${asked}`;
    next.hidden = false;
    next.focus();
  };

  for (const q of questions) {
    q.hidden = true;
    q.querySelector("[data-feedback]").hidden = true;
    const buttons = Array.from(q.querySelectorAll("[data-choice]"));
    buttons.forEach((b, i) => {
      b.addEventListener("click", () => answer(q, b));
      // Arrow keys move among the choices; Tab, Enter and Space work as on any button.
      b.addEventListener("keydown", (event) => {
        const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        buttons[(i + step + buttons.length) % buttons.length].focus();
      });
    });
  }
  next.addEventListener("click", () => show(pick(), true));
  score.hidden = false;
  document.body.classList.add("asking");
  show(pick(), false);
})();
