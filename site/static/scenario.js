/* judgekit scenario pages: step through a trace; the board shows the snapshot after the
 * current step (each distinct board is drawn once in the page; stepping swaps which is shown). */
(function () {
  "use strict";
  var replay = document.querySelector(".replay");
  if (!replay) return;
  var steps = Array.prototype.slice.call(replay.querySelectorAll("li.step"));
  var boards = Array.prototype.slice.call(replay.querySelectorAll(".board-drawing"));
  var num = replay.querySelector(".step-num");
  var prev = replay.querySelector(".step-prev");
  var next = replay.querySelector(".step-next");
  if (!steps.length) return;
  replay.classList.add("js");
  var current = -1;

  function go(i, fromHash) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (i === current) return;
    if (current >= 0) {
      steps[current].classList.remove("current");
      steps[current].removeAttribute("aria-current");
    }
    current = i;
    var step = steps[i];
    step.classList.add("current");
    step.setAttribute("aria-current", "step");
    var shown = step.getAttribute("data-board");
    boards.forEach(function (b) { b.hidden = b.getAttribute("data-board") !== shown; });
    var changed = (step.getAttribute("data-changed") || "").split(" ").filter(Boolean);
    replay.querySelectorAll(".card.changed").forEach(function (c) { c.classList.remove("changed"); });
    boards.forEach(function (b) {
      if (b.hidden) return;
      b.querySelectorAll(".card[data-iid]").forEach(function (c) {
        if (changed.indexOf(c.getAttribute("data-iid")) !== -1) c.classList.add("changed");
      });
    });
    num.textContent = String(i + 1);
    prev.disabled = i === 0;
    next.disabled = i === steps.length - 1;
    if (!fromHash) {
      try { window.history.replaceState(null, "", "#" + step.id); } catch (e) { /* file:// may refuse */ }
    }
    var list = step.parentElement;
    if (list.scrollHeight > list.clientHeight) {
      list.scrollTop = step.offsetTop - list.offsetTop - list.clientHeight / 3;
    } else {
      keepInSight(step);
    }
  }

  /* Narrow screens: the stepper and the board are sticky at the top; the step goes just below
   * them, so the step and the board after it are both in sight. */
  var stepper = replay.querySelector(".stepper");
  var boardBox = replay.querySelector(".boards");
  function stickyBottom() {
    if (!boardBox || getComputedStyle(boardBox).position !== "sticky") return 0;
    replay.style.setProperty("--stepper-h", stepper.offsetHeight + "px");
    var bottom = stepper.offsetHeight + boardBox.offsetHeight;
    replay.style.setProperty("--sticky-h", (bottom + 8) + "px");
    return bottom;
  }
  function keepInSight(step) {
    var top = stickyBottom();
    if (!top) return;
    var box = step.getBoundingClientRect();
    if (box.top < top + 4 || box.bottom > window.innerHeight) {
      window.scrollTo(0, window.scrollY + box.top - top - 8);
    }
  }

  prev.addEventListener("click", function () { go(current - 1); });
  next.addEventListener("click", function () { go(current + 1); });
  steps.forEach(function (step, i) {
    step.addEventListener("click", function (e) {
      if (e.target.closest("a") && !e.target.closest("a.step-link")) return;
      if (e.target.closest("a.step-link")) e.preventDefault();
      go(i);
    });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (e.key === "ArrowRight") { e.preventDefault(); go(current + 1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); go(current - 1); }
    else if (e.key === "Home") { e.preventDefault(); go(0); }
    else if (e.key === "End") { e.preventDefault(); go(steps.length - 1); }
  });
  function fromHash() {
    var m = /^#step-(\d+)$/.exec(window.location.hash);
    if (!m) return -1;
    var target = document.getElementById("step-" + m[1]);
    return steps.indexOf(target);
  }
  window.addEventListener("hashchange", function () { var i = fromHash(); if (i >= 0) go(i, true); });
  var start = fromHash();
  go(start >= 0 ? start : 0, true);
  if (start >= 0) {
    /* A link to a step: the step just below the board (sticky on narrow screens), both whole. */
    var linked = steps[start];
    var place = function () { stickyBottom(); linked.scrollIntoView({ block: "start" }); };
    place();
    window.requestAnimationFrame(place);
    window.addEventListener("load", place);
  }
  window.addEventListener("resize", function () { stickyBottom(); });
})();
