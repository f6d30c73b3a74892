// A note's query views: a board's card dragged to another lane (or moved with its "Move to"
// choice, for a keyboard) POSTs /query/move with the note's path, the revision the page showed,
// the key and the lane's value, and the page's CSRF token; the server writes that one key. A
// refusal (the note changed since the page was drawn: 409) says why and redraws the views.
// When any note changes (live.js's enote:change), the views are fetched again from
// /api/query-views/PATH and replaced in place, without reloading the page or moving it.
"use strict";
(function () {
  var token = document.querySelector("meta[name=csrf-token]");
  var status = document.getElementById("live_status");
  var dragged = null;

  function say(text) {
    if (!status) return;
    status.textContent = text;
    status.hidden = !text;
  }

  function notePath() {
    var article = document.getElementById("note_article");
    return article ? article.getAttribute("data-path") : null;
  }

  var redrawing = false;
  var again = false;
  function redraw(done) {
    var path = notePath();
    if (!path || !document.querySelector(".query-view")) return;
    if (redrawing) { again = true; return; }
    redrawing = true;
    var month = new URLSearchParams(location.search).get("month");
    var url = "/api/query-views/" + path.split("/").map(encodeURIComponent).join("/") + (month ? "?month=" + encodeURIComponent(month) : "");
    fetch(url, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        fresh.querySelectorAll(".query-view").forEach(function (view) {
          var old = document.querySelector(".query-view[data-block='" + view.getAttribute("data-block") + "']");
          if (old) old.replaceWith(document.importNode(view, true));
        });
        document.dispatchEvent(new CustomEvent("enote:query-redrawn"));
      })
      .catch(function () {})
      .then(function () {
        redrawing = false;
        if (done) done();
        if (again) { again = false; redraw(); }
      });
  }

  function move(card, lane) {
    if (!card || !lane || card.closest(".lane") === lane) return;
    var form = new URLSearchParams();
    form.set("path", card.dataset.path);
    form.set("revision", card.dataset.revision);
    form.set("key", card.dataset.key);
    form.set("value", lane.dataset.value);
    form.set("type", lane.dataset.type);
    var cards = lane.querySelector("ul.cards");
    var home = card.parentNode;
    var next = card.nextSibling;
    if (cards) cards.appendChild(card);
    card.classList.add("moving");
    fetch("/query/move", {
      method: "POST", credentials: "same-origin", body: form,
      headers: { "X-CSRF-Token": token ? token.content : "", "Accept": "application/json" }
    }).then(function (response) {
      return response.json().then(function (answer) {
        card.classList.remove("moving");
        if (!response.ok) {
          home.insertBefore(card, next);
          say(answer.error || String(response.status));
          redraw();
          return;
        }
        say("");
        card.dataset.revision = answer.revision;
        redraw();
      });
    }).catch(function (error) {
      card.classList.remove("moving");
      home.insertBefore(card, next);
      say(String(error));
    });
  }

  document.addEventListener("dragstart", function (event) {
    var card = event.target.closest && event.target.closest(".query-board li.card");
    if (!card) return;
    dragged = card;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", card.dataset.path);
  });
  document.addEventListener("dragover", function (event) {
    var lane = event.target.closest && event.target.closest(".query-board .lane");
    if (!lane || !dragged || lane.closest(".query-board") !== dragged.closest(".query-board")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  });
  document.addEventListener("drop", function (event) {
    var lane = event.target.closest && event.target.closest(".query-board .lane");
    if (!lane || !dragged) return;
    event.preventDefault();
    var card = dragged;
    dragged = null;
    move(card, lane);
  });
  document.addEventListener("dragend", function () { dragged = null; });
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.classList || !select.classList.contains("card-move") || select.value === "") return;
    var card = select.closest("li.card");
    var board = select.closest(".query-board");
    move(card, board && board.querySelector(".lane[data-lane='" + select.value + "']"));
  });
  // Each card of a board gets the board's lane choice, without its own lane.
  function giveChoices() {
    document.querySelectorAll(".query-board").forEach(function (board) {
      var template = board.querySelector("template.card-move");
      if (!template) return;
      board.querySelectorAll(".lane").forEach(function (lane) {
        lane.querySelectorAll("li.card").forEach(function (card) {
          if (card.querySelector("select.card-move")) return;
          var select = template.content.firstElementChild.cloneNode(true);
          var own = select.querySelector("option[value='" + lane.dataset.lane + "']");
          if (own) own.remove();
          card.appendChild(document.createTextNode(" "));
          card.appendChild(select);
        });
      });
    });
  }
  giveChoices();
  document.addEventListener("enote:query-redrawn", giveChoices);
  document.addEventListener("enote:refreshed", giveChoices);

  document.addEventListener("enote:change", function (event) {
    var paths = event.detail || [];
    // The note itself changed: live.js redraws the whole article, views included.
    if (paths.length === 1 && paths[0] === notePath()) return;
    redraw();
  });
})();
