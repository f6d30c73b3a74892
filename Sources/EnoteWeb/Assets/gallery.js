// The gallery's viewer: a thumbnail opens it in place (full screen); a swipe (pointer events:
// touch, pen or mouse), the arrow keys or the ‹ › buttons move between pictures; Escape or ×
// closes it. Only the picture and its two neighbours are ever in the page, so a vault of
// thousands of photos loads three at a time.
"use strict";
(function () {
  var grid = document.getElementById("gallery");
  if (!grid) return;
  var thumbs = Array.prototype.slice.call(grid.querySelectorAll("a.thumb"));
  var pictures = thumbs.map(function (a) {
    return { src: a.dataset.src, title: a.dataset.title, note: a.dataset.note, alt: a.querySelector("img").alt };
  });
  var viewer = document.getElementById("viewer");
  var index = viewer ? parseInt(viewer.dataset.index, 10) : -1;

  function element(tag, className, parent) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  }

  function build() {
    var old = document.getElementById("viewer");
    if (old) old.remove();
    viewer = element("div", "viewer", document.querySelector("main"));
    viewer.id = "viewer";
    viewer.setAttribute("role", "dialog");
    viewer.setAttribute("aria-modal", "true");
    viewer.tabIndex = -1;
    var track = element("div", "track", viewer);
    track.id = "viewer-track";
    ["previous", "current", "next"].forEach(function (role) { element("div", "slot " + role, track); });
    var close = element("a", "close", viewer);
    close.id = "viewer-close";
    close.href = "/gallery";
    close.textContent = "×";
    close.setAttribute("aria-label", "Close");
    var previous = element("a", "nav previous", viewer);
    previous.id = "viewer-previous";
    previous.textContent = "‹";
    var next = element("a", "nav next", viewer);
    next.id = "viewer-next";
    next.textContent = "›";
    var caption = element("p", "viewer-caption", viewer);
    caption.id = "viewer-caption";
    wire();
  }

  // The three slots show index-1, index, index+1; an image element is only made for a
  // picture that exists.
  // `from`: where the new picture starts, in pixels (after a swipe: where the finger left it),
  // from which it slides into place.
  function show(newIndex, from) {
    index = Math.max(0, Math.min(pictures.length - 1, newIndex));
    var slots = viewer.querySelectorAll(".slot");
    [index - 1, index, index + 1].forEach(function (position, i) {
      var slot = slots[i];
      var picture = pictures[position];
      var image = slot.querySelector("img");
      if (!picture) {
        if (image) image.remove();
        slot.classList.add("empty");
        return;
      }
      slot.classList.remove("empty");
      if (!image) image = element("img", "", slot);
      if (image.getAttribute("src") !== picture.src) image.setAttribute("src", picture.src);
      image.alt = picture.alt;
      image.dataset.index = String(position);
    });
    viewer.dataset.index = String(index);
    var previous = document.getElementById("viewer-previous");
    var next = document.getElementById("viewer-next");
    if (previous) { previous.hidden = index === 0; previous.href = "/gallery?view=" + (index - 1); }
    if (next) { next.hidden = index === pictures.length - 1; next.href = "/gallery?view=" + (index + 1); }
    var caption = document.getElementById("viewer-caption");
    caption.textContent = "";
    var link = element("a", "", caption);
    link.href = pictures[index].note;
    link.textContent = pictures[index].title;
    element("span", "position", caption).textContent = " " + (index + 1) + " / " + pictures.length;
    history.replaceState(null, "", "/gallery?view=" + index);
    var track = document.getElementById("viewer-track");
    track.classList.add("dragging");
    track.style.transform = from ? "translateX(" + from + "px)" : "";
    void track.offsetWidth;
    track.classList.remove("dragging");
    track.style.transform = "";
  }

  function step(by) {
    var next = index + by;
    if (next < 0 || next >= pictures.length) return;
    show(next, by * viewer.clientWidth / 4);
  }

  function close() {
    if (viewer) viewer.remove();
    viewer = null;
    history.replaceState(null, "", "/gallery");
    if (thumbs[index]) thumbs[index].focus();
  }

  function wire() {
    var track = document.getElementById("viewer-track");
    var start = null;
    viewer.addEventListener("pointerdown", function (event) {
      if (event.target.closest("a")) return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
      viewer.setPointerCapture(event.pointerId);
      track.classList.add("dragging");
    });
    viewer.addEventListener("pointermove", function (event) {
      if (!start || event.pointerId !== start.id) return;
      track.style.transform = "translateX(" + (event.clientX - start.x) + "px)";
    });
    function end(event) {
      if (!start || event.pointerId !== start.id) return;
      var dx = event.clientX - start.x;
      start = null;
      track.classList.remove("dragging");
      var threshold = Math.min(80, viewer.clientWidth / 6);
      if (dx < -threshold && index < pictures.length - 1) show(index + 1, dx + viewer.clientWidth);
      else if (dx > threshold && index > 0) show(index - 1, dx - viewer.clientWidth);
      else track.style.transform = "";
    }
    viewer.addEventListener("pointerup", end);
    viewer.addEventListener("pointercancel", end);
    viewer.addEventListener("click", function (event) {
      var link = event.target.closest("a");
      if (!link) return;
      if (link.id === "viewer-close") { event.preventDefault(); close(); }
      else if (link.id === "viewer-previous") { event.preventDefault(); step(-1); }
      else if (link.id === "viewer-next") { event.preventDefault(); step(1); }
    });
    viewer.focus();
  }

  document.addEventListener("keydown", function (event) {
    if (!viewer) return;
    if (event.key === "ArrowRight") { step(1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { step(-1); event.preventDefault(); }
    else if (event.key === "Escape") { close(); event.preventDefault(); }
  });

  thumbs.forEach(function (thumb, position) {
    thumb.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      build();
      show(position);
    });
  });

  if (viewer) { wire(); show(index); }
})();
