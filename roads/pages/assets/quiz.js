// roads quiz: one question at a time, a score, and the kinds a learner misses asked more often.
// The misses are kept in localStorage (per kind, by storage.js); where storage is blocked they last for the visit.
// Without JavaScript every question is on the page with its answer folded under it.
// On a course lesson (<body data-checks="inline">) every check stays in place and a wrong choice can be
// followed by another until the right one; the first choice is what counts. Each choice is announced as a
// "roads:answered" event on the question, and a "roads:replay" event on it re-enacts a stored choice.
(() => {
  "use strict";
  const KEY = "roads-quiz-misses";
  const inline = document.body.dataset.checks === "inline";
  const questions = Array.from(document.querySelectorAll("[data-question]"));
  const score = document.getElementById("score");
  const next = document.getElementById("next");
  const done = document.getElementById("done");
  if (!questions.length || !score || (!inline && (!next || !done))) return;

  const storage = window.roadsStorage;
  const misses = storage.read(KEY);
  const save = () => storage.save(KEY, misses);
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

  const tried = new Set();
  const answer = (q, button, replay) => {
    if (answered.has(q) || button.getAttribute("aria-disabled") === "true") return;
    const ok = button.dataset.choice === q.dataset.answer;
    const first = !tried.has(q);
    tried.add(q);
    if (ok || !inline) answered.add(q);
    if (first) {
      asked += 1;
      if (ok) right += 1;
      const kind = q.dataset.kind;
      if (!replay) {
        const now = Math.max(0, missed(kind) + (ok ? -1 : 1));
        if (now) misses[kind] = now;
        else delete misses[kind];
        save();
      }
      q.dataset.result = ok ? "right" : "wrong";
    }
    let rightText = "";
    for (const b of q.querySelectorAll("[data-choice]")) {
      if (answered.has(q)) b.setAttribute("aria-disabled", "true");
      if (b.dataset.choice === q.dataset.answer) {
        if (answered.has(q)) b.classList.add("right");
        rightText = b.textContent;
      }
    }
    button.setAttribute("aria-pressed", "true");
    if (!ok) {
      button.classList.add("wrong");
      button.setAttribute("aria-disabled", "true");
    }
    const feedback = q.querySelector("[data-feedback]");
    feedback.hidden = false;
    const verdict = feedback.querySelector(".verdict");
    // Each choice has its own feedback: a wrong one names the mistake it stands for.
    const why = feedback.querySelector(`[data-why="${button.dataset.choice}"] .said`);
    const said = why ? why.textContent : "";
    // The right choice's own words are the answer's, unfolded below it.
    if (inline) verdict.textContent = ok ? "Right." : `Not quite. ${said} Try another choice.`;
    else verdict.textContent = ok ? "Right." : `Not quite: the answer is "${rightText}". ${said}`;
    verdict.className = `verdict ${ok ? "right" : "wrong"}`;
    const details = feedback.querySelector("details");
    if (details && answered.has(q)) details.open = true;
    score.textContent = `Score: ${right} of ${asked}`;
    q.dispatchEvent(
      new CustomEvent("roads:answered", { bubbles: true, detail: { choice: button.dataset.choice, ok, first, replay } }),
    );
    if (inline) return;
    next.hidden = false;
    next.focus();
  };

  for (const q of questions) {
    if (!inline) q.hidden = true;
    q.querySelector("[data-feedback]").hidden = true;
    const buttons = Array.from(q.querySelectorAll("[data-choice]"));
    q.addEventListener("roads:replay", (event) => {
      const b = buttons.find((x) => x.dataset.choice === String(event.detail.choice));
      if (b) answer(q, b, true);
    });
    buttons.forEach((b, i) => {
      b.addEventListener("click", () => answer(q, b, false));
      // Arrow keys move among the choices; Tab, Enter and Space work as on any button.
      b.addEventListener("keydown", (event) => {
        const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        buttons[(i + step + buttons.length) % buttons.length].focus();
      });
    });
  }
  score.hidden = false;
  if (inline) return;
  next.addEventListener("click", () => show(pick(), true));
  document.body.classList.add("asking");
  show(pick(), false);
})();
