// The editor: the text grows with its content, and leaving with unsaved changes asks first
// (Done and Delete submit without asking; Cancel asks only when something changed).
"use strict";
(function () {
  var form = document.getElementById("editor");
  if (!form) return;
  var body = document.getElementById("body");
  var submitting = false;

  function snapshot() {
    return new URLSearchParams(new FormData(form)).toString();
  }
  var initial = snapshot();

  function grow() {
    if (!body) return;
    body.style.height = "auto";
    body.style.height = Math.max(body.scrollHeight + 2, 128) + "px";
  }
  if (body) {
    body.addEventListener("input", grow);
    grow();
  }

  function changed() {
    return snapshot() !== initial;
  }

  // A text larger than a note may hold is not sent (the server would refuse it, and a form of
  // several times its size could not even reach it): the page stays, with the text, and says why.
  var maxBytes = parseInt(form.getAttribute("data-max-bytes") || "0", 10);
  function tooLarge() {
    if (!body || !maxBytes || body.value.length * 3 <= maxBytes) return false;
    return new Blob([body.value]).size > maxBytes;
  }
  form.addEventListener("submit", function (event) {
    var deleting = event.submitter && event.submitter.hasAttribute("formaction");
    if (!deleting && tooLarge()) {
      event.preventDefault();
      var problem = document.getElementById("editor-problem");
      if (!problem) {
        problem = document.createElement("p");
        problem.className = "error";
        problem.id = "editor-problem";
        problem.setAttribute("role", "alert");
        var title = document.getElementById("title");
        form.insertBefore(problem, title);
      }
      problem.textContent = form.getAttribute("data-too-large");
      return;
    }
    submitting = true;
  });
  window.addEventListener("beforeunload", function (event) {
    if (submitting || !changed()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  // The editor came back with a refusal (a new note without a title, a stale save): what it
  // shows was typed and not saved, so leaving must ask.
  if (document.getElementById("editor-problem") || document.getElementById("conflict")) initial = "";
})();
