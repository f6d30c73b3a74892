// The HSB picker of the editor's custom square: a hue–saturation field (hue across, saturation
// from the bottom up) and a brightness bar, driven by pointer events (mouse, pen, touch) and the
// keyboard. The three numbers live in the form's fields and are only ever set, never computed
// back from a colour: with saturation 0 the hue stays what it was (hsb(288, 0%, 100%) is kept).
"use strict";
(function () {
  var picker = document.getElementById("hsb-picker");
  if (!picker) return;
  var field = document.getElementById("hsb-field");
  var bar = document.getElementById("hsb-bar");
  var fieldThumb = document.getElementById("hsb-field-thumb");
  var barThumb = document.getElementById("hsb-bar-thumb");
  var preview = document.querySelector("#hsb-preview rect");
  var square = document.querySelector("label[for=color-custom] svg.square rect");
  var custom = document.getElementById("color-custom");
  var inputs = {
    h: document.getElementById("hsb-hue"),
    s: document.getElementById("hsb-saturation"),
    b: document.getElementById("hsb-brightness")
  };
  var limits = { h: 360, s: 100, b: 100 };

  function value(key) {
    var number = parseFloat(inputs[key].value);
    if (!isFinite(number)) number = 0;
    return Math.min(limits[key], Math.max(0, number));
  }

  // The sRGB colour on screen for the preview only (the note keeps the three numbers).
  function screenColor(h, s, v) {
    s /= 100; v /= 100;
    var sector = (h % 360) / 60;
    var i = Math.floor(sector), f = sector - i;
    var p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
    var rgb = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][i];
    return "rgb(" + rgb.map(function (x) { return Math.round(x * 255); }).join(", ") + ")";
  }

  function draw() {
    var h = value("h"), s = value("s"), b = value("b");
    fieldThumb.style.left = (h / 360 * 100) + "%";
    fieldThumb.style.top = (100 - s) + "%";
    barThumb.style.left = b + "%";
    bar.style.backgroundImage = "linear-gradient(to right, #000, " + screenColor(h, s, 100) + ")";
    var color = screenColor(h, s, b);
    preview.setAttribute("fill", color);
    if (square) square.setAttribute("fill", color);
    field.setAttribute("aria-valuenow", String(h));
    field.setAttribute("aria-valuetext", h + "°, " + s + "%");
    bar.setAttribute("aria-valuenow", String(b));
  }

  function set(key, number) {
    number = Math.round(Math.min(limits[key], Math.max(0, number)));
    inputs[key].value = String(number);
    custom.checked = true;
    draw();
  }

  function clamp01(x) { return Math.min(1, Math.max(0, x)); }

  function track(element, apply) {
    element.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      event.preventDefault();
      element.focus();
      element.setPointerCapture(event.pointerId);
      apply(event);
    });
    element.addEventListener("pointermove", function (event) {
      if (element.hasPointerCapture(event.pointerId)) apply(event);
    });
  }

  track(field, function (event) {
    var box = field.getBoundingClientRect();
    set("h", clamp01((event.clientX - box.left) / box.width) * 360);
    set("s", (1 - clamp01((event.clientY - box.top) / box.height)) * 100);
  });
  track(bar, function (event) {
    var box = bar.getBoundingClientRect();
    set("b", clamp01((event.clientX - box.left) / box.width) * 100);
  });

  function keys(element, handle) {
    element.addEventListener("keydown", function (event) {
      var step = event.shiftKey ? 10 : 1;
      if (handle(event.key, step)) event.preventDefault();
    });
  }
  keys(field, function (key, step) {
    switch (key) {
      case "ArrowLeft": set("h", value("h") - step); return true;
      case "ArrowRight": set("h", value("h") + step); return true;
      case "ArrowUp": set("s", value("s") + step); return true;
      case "ArrowDown": set("s", value("s") - step); return true;
      case "Home": set("h", 0); return true;
      case "End": set("h", 360); return true;
    }
    return false;
  });
  keys(bar, function (key, step) {
    switch (key) {
      case "ArrowLeft": case "ArrowDown": set("b", value("b") - step); return true;
      case "ArrowRight": case "ArrowUp": set("b", value("b") + step); return true;
      case "PageDown": set("b", value("b") - 10); return true;
      case "PageUp": set("b", value("b") + 10); return true;
      case "Home": set("b", 0); return true;
      case "End": set("b", 100); return true;
    }
    return false;
  });
  Object.keys(inputs).forEach(function (key) {
    inputs[key].addEventListener("input", function () { custom.checked = true; draw(); });
  });
  draw();
})();
