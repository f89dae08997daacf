// roads third-card drill: answer buttons that check themselves. Without this script the
// answers stay in each question's <details>, closed until opened.
(function () {
  "use strict";
  var items = document.querySelectorAll("li.situation");
  var score = document.getElementById("score");
  var right = 0, answered = 0, total = items.length * 2;
  function update() {
    score.hidden = false;
    score.textContent = right + " of " + answered + " right (" + total + " questions).";
  }
  Array.prototype.forEach.call(items, function (li) {
    var details = li.querySelector("details.answer");
    var asks = li.querySelectorAll(".ask");
    var left = asks.length;
    details.hidden = true;  // revealed once both questions are answered
    Array.prototype.forEach.call(asks, function (ask) {
      ask.hidden = false;
      var done = false;
      Array.prototype.forEach.call(ask.querySelectorAll("button"), function (button) {
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", function () {
          if (done) { return; }
          done = true;
          button.setAttribute("aria-pressed", "true");
          var ok = button.getAttribute("data-answer") === ask.getAttribute("data-correct");
          var verdict = ask.querySelector(".verdict");
          verdict.textContent = ok ? "Right." : "Not quite.";
          verdict.className = "verdict " + (ok ? "right" : "wrong");
          answered += 1;
          if (ok) { right += 1; }
          update();
          left -= 1;
          if (left === 0) { details.hidden = false; details.open = true; }
        });
      });
    });
  });
}());
