// Search as you type: asks /api/search after a short pause and shows the hits, building every
// element with the DOM (no HTML is parsed from the answer); the form still works without it.
"use strict";
(function () {
  var input = document.getElementById("search-input");
  var list = document.getElementById("search-results");
  if (!input || !list) return;
  var timer = null;
  var asked = 0;

  // The text of an HTML-escaped snippet piece (the library escapes only &, < and >).
  function unescaped(text) {
    return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  }

  // A note's snippet as `enote search --json` gives it (escaped text, matches in <mark>), as
  // text nodes and <mark> elements; nothing is parsed as HTML.
  function snippetNodes(text) {
    var nodes = [];
    var parts = text.split("<mark>");
    nodes.push(document.createTextNode(unescaped(parts[0])));
    for (var i = 1; i < parts.length; i++) {
      var end = parts[i].indexOf("</mark>");
      var mark = document.createElement("mark");
      mark.textContent = unescaped(end < 0 ? parts[i] : parts[i].slice(0, end));
      nodes.push(mark);
      if (end >= 0) nodes.push(document.createTextNode(unescaped(parts[i].slice(end + "</mark>".length))));
    }
    return nodes;
  }

  function swatch(color) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "swatch");
    svg.setAttribute("viewBox", "0 0 10 10");
    var rect = document.createElementNS(ns, "rect");
    rect.setAttribute("width", "10");
    rect.setAttribute("height", "10");
    rect.setAttribute("fill", color);
    svg.appendChild(rect);
    return svg;
  }

  function show(answer) {
    list.textContent = "";
    // Each note is the JSON `enote search --json` prints; its page is at the same place in urls.
    answer.notes.forEach(function (hit, index) {
      var item = document.createElement("li");
      item.className = "note";
      item.setAttribute("data-path", hit.path);
      var link = document.createElement("a");
      link.href = answer.urls[index];
      link.appendChild(swatch(hit.color_rgb));
      var text = document.createElement("span");
      text.className = "text";
      var title = document.createElement("span");
      title.className = "title";
      title.textContent = hit.title;
      text.appendChild(title);
      if (hit.snippet) {
        var snippet = document.createElement("span");
        snippet.className = "snippet";
        snippetNodes(hit.snippet).forEach(function (node) { snippet.appendChild(node); });
        text.appendChild(snippet);
      }
      link.appendChild(text);
      item.appendChild(link);
      list.appendChild(item);
    });
    var count = document.getElementById("search-count");
    if (!count) {
      count = document.createElement("p");
      count.id = "search-count";
      count.className = "count";
      list.parentNode.insertBefore(count, list);
    }
    count.textContent = answer.error || answer.summary;
  }

  function ask() {
    var query = input.value;
    var ticket = ++asked;
    history.replaceState(null, "", "/search?q=" + encodeURIComponent(query));
    if (!query.trim()) { list.textContent = ""; return; }
    fetch("/api/search?q=" + encodeURIComponent(query), { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) { if (ticket === asked) show(answer); })
      .catch(function () {});
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  });
  document.addEventListener("enote:search-again", ask);
})();
