// roads pages' storage: a JSON object kept in localStorage under each key (the quiz's misses, the course's
// progress), one piece of code for quiz.js and course.js, inlined before them. Where storage is blocked (a
// private window, storage turned off, a full quota) nothing outlasts the visit and the page's #storage note says so.
window.roadsStorage = (() => {
  "use strict";
  let store = null;
  try {
    store = window.localStorage;
    store.getItem("roads-course");
  } catch (e) {
    store = null;
  }
  const blocked = () => {
    const note = document.getElementById("storage");
    if (note) note.hidden = false;
  };
  if (!store) blocked();
  return {
    // The object kept under key: {} when there is none, what is kept is no object, or storage is blocked.
    read(key) {
      if (!store) return {};
      try {
        const kept = JSON.parse(store.getItem(key) || "{}");
        return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
      } catch (e) {
        return {};
      }
    },
    // Keep value under key; a write refused (a full quota) ends keeping for the visit and shows the note.
    save(key, value) {
      if (!store) return;
      try {
        store.setItem(key, JSON.stringify(value));
      } catch (e) {
        store = null;
        blocked();
      }
    },
  };
})();
