// Reorder by drag and drop in the list sorted by manual order (the original app's editing mode):
// each row gets a handle; dragging it (pointer events: mouse, pen or touch) or pressing the
// arrow keys on it moves the row, and on release the server gives the moved note an `order`
// key between its new neighbours (POST /order, with the page's CSRF token). Only that note's
// file is written.
"use strict";
(function () {
  var token = document.querySelector("meta[name=csrf-token]");
  var status = document.getElementById("live_status");

  function list() { return document.getElementById("notes"); }
  function rows() { return Array.prototype.slice.call(list().querySelectorAll("li.note")); }

  function say(text) {
    if (!status) return;
    status.textContent = text;
    status.hidden = !text;
  }

  // Tells the server where `row` now is, relative to a neighbour that has a position already
  // (the next row, else the previous one), so that only the moved note's file is written; a
  // neighbour without one is given one too (the library's rule). A refused move puts the row
  // back where it was (`before`: the row it stood before).
  function save(row, before) {
    var next = row.nextElementSibling, previous = row.previousElementSibling;
    var form = new URLSearchParams();
    form.set("note", row.dataset.path);
    if (next && (next.dataset.ordered || !(previous && previous.dataset.ordered))) {
      form.set("placement", "before"); form.set("target", next.dataset.path);
    } else if (previous) {
      form.set("placement", "after"); form.set("target", previous.dataset.path);
    } else return;
    list().classList.add("saving");
    fetch("/order", {
      method: "POST", credentials: "same-origin", body: form,
      headers: { "X-CSRF-Token": token ? token.content : "" }
    }).then(function (response) {
      return response.json().then(function (answer) {
        list().classList.remove("saving");
        if (!response.ok) {
          say(answer.error || String(response.status));
          row.parentNode.insertBefore(row, before && before.parentNode === row.parentNode ? before : null);
          return;
        }
        say("");
        row.dataset.ordered = "1";
        list().dataset.moved = answer.moved;
        document.dispatchEvent(new CustomEvent("enote:reordered", { detail: answer }));
      });
    }).catch(function (error) {
      list().classList.remove("saving");
      say(String(error));
      row.parentNode.insertBefore(row, before && before.parentNode === row.parentNode ? before : null);
    });
  }

  function decorate() {
    var notes = list();
    if (!notes) return;
    rows().forEach(function (row) {
      if (row.querySelector(".handle")) return;
      var handle = document.createElement("button");
      handle.type = "button";
      handle.className = "handle";
      handle.textContent = "≡";
      handle.setAttribute("aria-label", (notes.dataset.moveLabel || "Move") + ": " + (row.querySelector(".title") || row).textContent);
      row.insertBefore(handle, row.firstChild);
    });
  }

  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    var handle = event.target.closest && event.target.closest("#notes .handle");
    if (!handle || event.button !== 0) return;
    event.preventDefault();
    var row = handle.closest("li.note");
    handle.setPointerCapture(event.pointerId);
    drag = { row: row, handle: handle, id: event.pointerId, y: event.clientY, start: rows().indexOf(row), before: row.nextElementSibling };
    row.classList.add("dragging");
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    var row = drag.row;
    // Move the row past each neighbour whose middle the pointer crossed.
    var previous = row.previousElementSibling, next = row.nextElementSibling;
    if (next && event.clientY > next.getBoundingClientRect().top + next.offsetHeight / 2) {
      row.parentNode.insertBefore(next, row);
    } else if (previous && event.clientY < previous.getBoundingClientRect().top + previous.offsetHeight / 2) {
      row.parentNode.insertBefore(row, previous);
    }
  });
  function drop(event) {
    if (!drag || event.pointerId !== drag.id) return;
    var row = drag.row, moved = rows().indexOf(row) !== drag.start, before = drag.before;
    row.classList.remove("dragging");
    drag = null;
    if (moved) save(row, before);
  }
  document.addEventListener("pointerup", drop);
  document.addEventListener("pointercancel", drop);

  document.addEventListener("keydown", function (event) {
    var handle = event.target.closest && event.target.closest("#notes .handle");
    if (!handle) return;
    var row = handle.closest("li.note");
    var before = row.nextElementSibling;
    if (event.key === "ArrowUp" && row.previousElementSibling) {
      row.parentNode.insertBefore(row, row.previousElementSibling);
    } else if (event.key === "ArrowDown" && row.nextElementSibling) {
      row.parentNode.insertBefore(row.nextElementSibling, row);
    } else {
      return;
    }
    event.preventDefault();
    handle.focus();
    save(row, before);
  });

  decorate();
  document.addEventListener("enote:refreshed", decorate);
})();
