// The Tasks page: a checkbox marks its task done through POST /tasks/toggle, with the revision of
// the note the page showed and the page's CSRF token. The answer's new revision is given to the
// note's other tasks; a refusal (the note changed on disk, the line holds no task any more, an
// editor has the note open: 409) puts the checkbox back and says why. live.js reloads the list
// when notes change.
"use strict";
(function () {
  var token = document.querySelector("meta[name=csrf-token]");
  var status = document.getElementById("live_status");

  function say(text) {
    if (!status) return;
    status.textContent = text;
    status.hidden = !text;
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.classList || !box.classList.contains("task-box")) return;
    var row = box.closest("li.task");
    if (!row) return;
    var form = new URLSearchParams();
    form.set("path", row.dataset.path);
    form.set("line", row.dataset.line);
    form.set("revision", row.dataset.revision);
    form.set("done", box.checked ? "1" : "0");
    box.disabled = true;
    fetch("/tasks/toggle", {
      method: "POST", credentials: "same-origin", body: form,
      headers: { "X-CSRF-Token": token ? token.content : "", "Accept": "application/json" }
    }).then(function (response) {
      return response.json().then(function (answer) {
        box.disabled = false;
        if (!response.ok) {
          box.checked = !box.checked;
          say(answer.error || String(response.status));
          return;
        }
        say("");
        row.classList.toggle("done", box.checked);
        document.querySelectorAll("li.task").forEach(function (other) {
          if (other.dataset.path === answer.path) other.dataset.revision = answer.revision;
        });
      });
    }).catch(function (error) {
      box.disabled = false;
      box.checked = !box.checked;
      say(String(error));
    });
  });
})();
