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

  form.addEventListener("submit", function () { submitting = true; });
  window.addEventListener("beforeunload", function (event) {
    if (submitting || !changed()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  // The editor came back with a refusal (a new note without a title, a stale save): what it
  // shows was typed and not saved, so leaving must ask.
  if (document.getElementById("editor-problem") || document.getElementById("conflict")) initial = "";
})();
