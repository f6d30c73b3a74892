// Live updates: listens to /events (Server-Sent Events) and refreshes what the page shows when
// notes change on disk. The list and search results reload their list; a note re-renders; an
// editor never reloads (that would lose typing): it says the note changed on disk.
"use strict";
(function () {
  if (!window.EventSource) return;
  var page = document.body.getAttribute("data-page");
  var status = document.getElementById("live_status");
  var source = new EventSource("/events");

  function say(text) {
    if (!status) return;
    status.textContent = text;
    status.hidden = !text;
  }

  function currentRevision(path, done) {
    fetch("/api/revision/" + path.split("/").map(encodeURIComponent).join("/"), { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) { done(answer.revision); })
      .catch(function () {});
  }

  function refreshFragment(id) {
    fetch(location.href, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
        var old = document.getElementById(id);
        if (fresh && old) old.replaceWith(fresh);
        document.dispatchEvent(new CustomEvent("enote:refreshed", { detail: id }));
      })
      .catch(function () {});
  }

  source.addEventListener("change", function (event) {
    var paths = [];
    try { paths = JSON.parse(event.data).paths || []; } catch (e) { return; }
    // query.js redraws a note's query views when any note changes.
    document.dispatchEvent(new CustomEvent("enote:change", { detail: paths }));
    if (page === "list") {
      refreshFragment("notes");
    } else if (page === "tasks") {
      refreshFragment("tasks");
    } else if (page === "search") {
      document.dispatchEvent(new CustomEvent("enote:search-again"));
    } else if (page === "note" || page === "edit") {
      var holder = document.getElementById(page === "note" ? "note_article" : "editor");
      if (!holder) return;
      var path = holder.getAttribute("data-path");
      if (paths.indexOf(path) < 0 && paths.indexOf("*") < 0) return;
      currentRevision(path, function (revision) {
        if (revision === holder.getAttribute("data-revision")) return;
        if (page === "note") {
          refreshFragment("note_article");
        } else {
          holder.setAttribute("data-disk-revision", revision);
          var warning = document.getElementById("changed-on-disk");
          if (warning) warning.hidden = false;
        }
      });
    }
  });
})();
