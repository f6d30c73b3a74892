// Search as you type, on every page: the header's search box (and the search page's own box) asks
// /api/search after a short pause. What a typed word finds is the server's one rule, the same as
// `enote search`'s. On the list page the list narrows to the notes found (its folder and filters
// still apply); on the search page the results are replaced; on any other page the hits take the
// place of the page until the box is emptied. Every element is built with the DOM (no HTML is
// parsed from the answer); without the script, both forms still submit to /search.
"use strict";
(function () {
  var header = document.getElementById("header-search");
  var pageInput = document.getElementById("search-input");
  var main = document.querySelector("main");
  var page = document.body.getAttribute("data-page");
  if (!main || (!header && !pageInput)) return;
  var timer = null;
  var asked = 0;
  var saved = null; // the page's own content while hits stand in its place

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

  // One hit as a list item of class `kind`: a link to `url` holding `leading` (a note's swatch,
  // or nothing), the title, and a line of where it was found (`label`, for a hit in a picture's
  // or PDF's text) and the words around the match (`snippetText`, as `enote search --json`
  // gives it). A note's label is always followed by a colon, as the server's page writes it.
  function entryItem(kind, path, url, leading, titleText, label, snippetText) {
    var item = document.createElement("li");
    item.className = kind;
    item.setAttribute("data-path", path);
    var link = document.createElement("a");
    link.href = url;
    if (leading) link.appendChild(leading);
    var text = document.createElement("span");
    text.className = "text";
    var title = document.createElement("span");
    title.className = "title";
    title.textContent = titleText;
    text.appendChild(title);
    if (snippetText || label) {
      var snippet = document.createElement("span");
      snippet.className = "snippet";
      if (label) {
        var where = document.createElement("span");
        where.className = "found-in";
        where.textContent = label;
        snippet.appendChild(where);
        if (snippetText || kind === "note") snippet.appendChild(document.createTextNode(": "));
      }
      if (snippetText) snippetNodes(snippetText).forEach(function (node) { snippet.appendChild(node); });
      text.appendChild(snippet);
    }
    link.appendChild(text);
    item.appendChild(link);
    return item;
  }

  // A note as `enote search --json` prints it, and its page; a hit found in a picture's or
  // PDF's text says where (place.label), and a PDF's has a link that opens it at the page.
  function hitItem(hit, url, place) {
    var item = entryItem("note", hit.path, url, swatch(hit.color_rgb), hit.title, place && place.label, hit.snippet);
    if (place && place.file) {
      var file = document.createElement("a");
      file.className = "found-file";
      file.href = place.file;
      file.textContent = place.open;
      item.appendChild(file);
    }
    return item;
  }

  // A PDF no note links, as the answer's files give it: its name and where its words are
  // (file.label), linking to the PDF opened at that page.
  function fileItem(file) {
    return entryItem("file", file.path, file.url, null, file.title, file.label, file.snippet);
  }

  // Every hit in the one ranking's order: the notes (each note's page is at the same place in
  // urls), with the files at their positions among them.
  function appendHits(list, answer) {
    var files = (answer.files || []).slice().sort(function (a, b) { return a.position - b.position; });
    var next = 0;
    var shown = 0;
    function filesHere() {
      while (next < files.length && files[next].position <= shown) {
        list.appendChild(fileItem(files[next++]));
        shown++;
      }
    }
    answer.notes.forEach(function (hit, index) {
      filesHere();
      list.appendChild(hitItem(hit, answer.urls[index], (answer.places || [])[index]));
      shown++;
    });
    while (next < files.length) list.appendChild(fileItem(files[next++]));
  }

  // The notices and the count above a list of hits.
  function summary(answer, before) {
    var holder = document.getElementById("search-summary");
    if (!holder) {
      holder = document.createElement("div");
      holder.id = "search-summary";
      before.parentNode.insertBefore(holder, before);
    }
    holder.textContent = "";
    (answer.notices || []).forEach(function (notice) {
      var line = document.createElement("p");
      line.className = "notice";
      line.textContent = notice;
      holder.appendChild(line);
    });
    var count = document.createElement("p");
    count.className = "count";
    count.id = "search-count";
    count.textContent = answer.error || answer.summary;
    holder.appendChild(count);
  }

  // The search page: its results are replaced.
  function showOnSearchPage(answer) {
    var list = document.getElementById("search-results");
    if (!list) return;
    list.textContent = "";
    appendHits(list, answer);
    summary(answer, list);
  }

  // The list page: only the notes found stay visible, in the list's own order.
  function narrowList(answer) {
    var found = {};
    answer.notes.forEach(function (hit) { found[hit.path] = true; });
    var shown = 0;
    document.querySelectorAll("#notes > li.note").forEach(function (item) {
      var keep = found[item.getAttribute("data-path")] === true;
      item.hidden = !keep;
      if (keep) shown++;
    });
    var list = document.getElementById("notes");
    if (list) summary({ notices: answer.notices, error: answer.error, summary: answer.summary }, list);
    document.body.setAttribute("data-narrowed", String(shown));
  }

  function restoreList() {
    document.querySelectorAll("#notes > li.note").forEach(function (item) { item.hidden = false; });
    var holder = document.getElementById("search-summary");
    if (holder) holder.remove();
    document.body.removeAttribute("data-narrowed");
  }

  // Any other page: the hits stand in the place of the page until the box is emptied.
  function showInPlace(answer) {
    if (!saved) {
      saved = document.createDocumentFragment();
      while (main.firstChild) saved.appendChild(main.firstChild);
    }
    main.textContent = "";
    var list = document.createElement("ul");
    list.className = "notes";
    list.id = "search-results";
    main.appendChild(list);
    appendHits(list, answer);
    summary(answer, list);
  }

  function restorePage() {
    if (!saved) return;
    main.textContent = "";
    main.appendChild(saved);
    saved = null;
  }

  function ask(input) {
    var query = input.value;
    var ticket = ++asked;
    if (page === "search") history.replaceState(null, "", "/search?q=" + encodeURIComponent(query));
    if (!query.trim()) {
      if (page === "list") restoreList();
      else if (page === "search") showOnSearchPage({ notes: [], notices: [], summary: "" });
      else restorePage();
      return;
    }
    // The list page asks for enough hits to narrow a long list, of notes only.
    var limit = page === "list" ? "1000&files=0" : "50";
    fetch("/api/search?limit=" + limit + "&q=" + encodeURIComponent(query), { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (ticket !== asked) return;
        if (page === "list") narrowList(answer);
        else if (page === "search") showOnSearchPage(answer);
        else showInPlace(answer);
      })
      .catch(function () {});
  }

  [header, pageInput].forEach(function (input) {
    if (!input) return;
    input.addEventListener("input", function () {
      // The two boxes of the search page say the same thing.
      if (page === "search" && header && pageInput) (input === header ? pageInput : header).value = input.value;
      clearTimeout(timer);
      timer = setTimeout(function () { ask(input); }, 120);
    });
  });
  document.addEventListener("enote:search-again", function () {
    var input = pageInput || header;
    if (input && input.value.trim()) ask(input);
  });
  // The list page's list was reloaded with a change on disk: narrow it again.
  document.addEventListener("enote:refreshed", function (event) {
    if (page === "list" && event.detail === "notes" && header && header.value.trim()) ask(header);
  });
})();
