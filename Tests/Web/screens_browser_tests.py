#!/usr/bin/env python3
"""End-to-end tests of the original app's remaining screens in `enote serve`, in a real browser.

The colour picker (palette squares and the HSB picker, whose numbers come back exactly), the
destroy-date switch, the gallery with its swipe viewer, reordering by drag and drop (one file
written), Russian and Japanese, and a phone-sized touch screen. Runs with the tests of
serve_browser_tests.py (whose harness it shares) through scripts/test-web, which runs
run_browser_tests.py.
"""
import os
import re
import time

from playwright.sync_api import expect

import serve_browser_tests as harness
from serve_browser_tests import test


def shot(c, page, name):
    """A screenshot of `page` (a second context's page: a phone, another language)."""
    if c.screenshots:
        page.screenshot(path=os.path.join(c.screenshots, name + ".png"))


def snapshot(vault):
    """Every file's bytes under the vault (the index and locks in .enote left out).

    A file that goes between the listing and its reading is left out: the server writes a note
    through a temporary file that it renames over the note, and a snapshot taken during that
    write can list the temporary file and then find it gone. A temporary file still there when
    a write is done shows up, since nothing removes it then.
    """
    files = {}
    for root, folders, names in os.walk(vault):
        folders[:] = [name for name in folders if name != ".enote"]
        for name in names:
            path = os.path.join(root, name)
            try:
                with open(path, "rb") as file:
                    files[os.path.relpath(path, vault)] = file.read()
            except FileNotFoundError:
                continue
    return files


def changed_files(before, after):
    return sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))


def phone(c, locale):
    """A second browser context the size of a phone, with touch, asking for `locale`."""
    browser = c.page.context.browser
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale)
    context.set_default_timeout(10000)
    page = context.new_page()
    page.goto(c.server.origin + "/?token=" + c.server.token)
    expect(page.locator("#notes")).to_be_visible()
    return context, page


def touch_swipe(page, start, end, steps=8):
    """A one-finger swipe through the DevTools protocol (touch events, as a phone sends them)."""
    session = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, steps + 1):
        x = x0 + (x1 - x0) * step / steps
        y = y0 + (y1 - y0) * step / steps
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def picker_values(page):
    return tuple(float(page.locator(selector).input_value()) for selector in ["#hsb-hue", "#hsb-saturation", "#hsb-brightness"])


def press_until(page, selector, key, done, limit=60):
    for _ in range(limit):
        if done():
            return
        page.locator(selector).press(key)
    assert done(), "pressing %s on %s did not get there: %r" % (key, selector, picker_values(page))


@test
def palette_square_and_hsb_picker_round_trip(c):
    c.sign_in()
    # A palette square: the check mark moves to it and the name is written.
    c.page.goto(c.server.origin + "/edit/ideas.md")
    expect(c.page.locator("#hsb-picker")).to_be_hidden()
    c.page.click("label[for=color-orange]")
    expect(c.page.locator("label[for=color-orange] svg.check")).to_be_visible()
    expect(c.page.locator("label[for=color-white] svg.check")).to_be_hidden()
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_be_visible()
    assert "color: orange" in c.server.read("ideas.md")
    # The custom square opens the picker; the mouse sets hue and saturation, then brightness.
    c.page.goto(c.server.origin + "/edit/ideas.md")
    c.page.click("label[for=color-custom]")
    expect(c.page.locator("#hsb-picker")).to_be_visible()
    c.page.locator("#hsb-bar").scroll_into_view_if_needed()
    field = c.page.locator("#hsb-field").bounding_box()
    c.page.mouse.click(field["x"] + field["width"] * 288 / 360, field["y"] + field["height"] - 1)
    hue, saturation, _ = picker_values(c.page)
    assert abs(hue - 288) <= 2 and saturation <= 2, picker_values(c.page)
    bar = c.page.locator("#hsb-bar").bounding_box()
    c.page.mouse.click(bar["x"] + bar["width"] - 1, bar["y"] + bar["height"] / 2)
    assert picker_values(c.page)[2] >= 98, picker_values(c.page)
    # The keyboard brings each number exactly where it should be.
    press_until(c.page, "#hsb-field", "ArrowRight", lambda: picker_values(c.page)[0] >= 288)
    press_until(c.page, "#hsb-field", "ArrowLeft", lambda: picker_values(c.page)[0] <= 288)
    press_until(c.page, "#hsb-field", "ArrowDown", lambda: picker_values(c.page)[1] == 0)
    c.page.locator("#hsb-bar").press("End")
    assert picker_values(c.page) == (288, 0, 100), picker_values(c.page)
    expect(c.page.locator("#color-custom")).to_be_checked()
    # With saturation 0 the preview is white whatever the hue, and the hue is still 288.
    assert c.page.locator("#hsb-preview rect").get_attribute("fill") == "rgb(255, 255, 255)"
    c.shot("editor-hsb-picker")
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_be_visible()
    text = c.server.read("ideas.md")
    assert "color: hsb(288, 0%, 100%)" in text, text
    # Reopened: the same three numbers, not a white from RGB.
    c.page.goto(c.server.origin + "/edit/ideas.md")
    expect(c.page.locator("#color-custom")).to_be_checked()
    expect(c.page.locator("#hsb-picker")).to_be_visible()
    assert picker_values(c.page) == (288, 0, 100), picker_values(c.page)
    left = c.page.evaluate("() => document.getElementById('hsb-field-thumb').style.left")
    assert left == "80%", left
    # Brightness alone changes, the hue and saturation stay.
    c.page.locator("#hsb-bar").press("Home")
    assert picker_values(c.page) == (288, 0, 0), picker_values(c.page)
    # The numbers typed in the fields are checked by the library: out of range is refused.
    c.page.fill("#hsb-hue", "400")
    c.page.evaluate("() => document.getElementById('editor').noValidate = true")
    c.page.click("#done")
    expect(c.page.locator("#editor-problem")).to_contain_text("360")
    assert "color: hsb(288, 0%, 100%)" in c.server.read("ideas.md")


@test
def destroy_date_switch_on_and_off(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/edit/reading-list.md")
    switch = c.page.locator("#destroy-on")
    expect(switch).not_to_be_checked()
    expect(c.page.locator("#destroy")).to_be_hidden()
    c.page.click("label[for=destroy-on]")
    expect(c.page.locator("#destroy")).to_be_visible()
    c.page.fill("#destroy", "2031-05-06T07:08")
    c.shot("editor-destroy-date")
    c.page.click("#done")
    expect(c.page.locator("article.note .badge.destroy")).to_be_visible()
    text = c.server.read("reading-list.md")
    assert "destroy: 2031-05-06T07:08:00+00:00" in text, text
    # Reopened: on, with the same time; off removes the key and nothing else.
    c.page.goto(c.server.origin + "/edit/reading-list.md")
    expect(switch).to_be_checked()
    expect(c.page.locator("#destroy")).to_have_value("2031-05-06T07:08")
    c.page.click("label[for=destroy-on]")
    expect(c.page.locator("#destroy")).to_be_hidden()
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_be_visible()
    after = c.server.read("reading-list.md")
    assert "destroy:" not in after, after
    # Only the destroy line went (and updated was stamped).
    def without(lines, *keys):
        return [line for line in lines.split("\n") if not line.startswith(keys)]
    assert without(after, "updated:") == without(text, "updated:", "destroy:"), (text, after)
    # A note with a destroy date saved unchanged keeps its line as written.
    before = c.server.read("grocery-list.md")
    c.page.goto(c.server.origin + "/edit/grocery-list.md")
    expect(switch).to_be_checked()
    expect(c.page.locator("#destroy")).to_have_value("2099-12-31T18:00")
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_be_visible()
    assert c.server.read("grocery-list.md") == before
    # A destroy value enote cannot read shows the switch off, and Done leaves it for the user to
    # fix rather than deleting what they wrote.
    c.server.write("unreadable.md", "---\ntitle: Unreadable date\ndestroy: next tuesday\n---\nText.\n")
    c.page.goto(c.server.origin + "/edit/unreadable.md")
    expect(switch).not_to_be_checked()
    c.page.fill("#body", "Text, edited.")
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_contain_text("Text, edited.")
    assert "destroy: next tuesday" in c.server.read("unreadable.md"), c.server.read("unreadable.md")


@test
def gallery_grid_and_viewer_with_swipe_and_keys(c):
    c.sign_in()
    c.page.click("a.gallery-link")
    thumbs = c.page.locator("#gallery a.thumb")
    expect(thumbs).to_have_count(3)
    # The grid's columns are read once the stylesheet applies: on a loaded machine the
    # thumbnails can be in the page before style.css is (the computed value is then "none").
    count = "() => getComputedStyle(document.getElementById('gallery')).gridTemplateColumns.split(' ').length"
    try:
        c.page.wait_for_function(count + " >= 4", timeout=10000)
    finally:
        columns = c.page.evaluate(count)
    assert columns >= 4, columns
    c.page.wait_for_function("() => [...document.querySelectorAll('#gallery img')].every(i => i.complete && i.naturalWidth > 0)")
    c.shot("gallery")
    thumbs.nth(1).click()
    viewer = c.page.locator("#viewer")
    expect(viewer).to_be_visible()
    current = viewer.locator(".slot.current img")
    sources = [thumbs.nth(i).get_attribute("data-src") for i in range(3)]
    expect(current).to_have_attribute("src", sources[1])
    assert viewer.locator("img").count() <= 3
    assert viewer.locator("img").count() == 3
    assert c.page.url.endswith("/gallery?view=1"), c.page.url
    c.page.wait_for_function("() => document.querySelector('#viewer .slot.current img').complete")
    c.page.wait_for_timeout(400)  # the slide into place
    c.shot("gallery-viewer")
    c.page.keyboard.press("ArrowRight")
    expect(current).to_have_attribute("src", sources[2])
    assert viewer.locator("img").count() == 2
    c.page.keyboard.press("ArrowRight")
    expect(current).to_have_attribute("src", sources[2])
    # A swipe to the right (mouse pointer) goes back; a short drag does not.
    box = viewer.bounding_box()
    y = box["y"] + box["height"] / 2
    c.page.mouse.move(box["x"] + 200, y)
    c.page.mouse.down()
    c.page.mouse.move(box["x"] + 230, y, steps=3)
    c.page.mouse.up()
    expect(current).to_have_attribute("src", sources[2])
    c.page.mouse.move(box["x"] + 200, y)
    c.page.mouse.down()
    c.page.mouse.move(box["x"] + 600, y, steps=8)
    c.page.mouse.up()
    expect(current).to_have_attribute("src", sources[1])
    assert viewer.locator("img").count() <= 3
    c.page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)
    # Without JavaScript's help the viewer is a page of its own with the neighbours only.
    c.page.goto(c.server.origin + "/gallery?view=0")
    expect(c.page.locator("#viewer .slot.current img")).to_have_attribute("src", sources[0])
    assert c.page.locator("#viewer img").count() == 2


def written_after(c, before, seconds=10):
    """The vault's files once a write since `before` has landed and the page is done saving."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        after = snapshot(c.server.vault)
        if changed_files(before, after):
            c.page.wait_for_function("() => !(document.getElementById('notes') || {classList: {contains: () => false}}).classList.contains('saving')")
            return snapshot(c.server.vault)
        time.sleep(0.05)
    raise AssertionError("nothing was written within %d s" % seconds)


@test
def drag_to_reorder_writes_one_file(c):
    c.sign_in()
    for name, key in [("ideas.md", "c"), ("garden.md", "d")]:
        text = c.server.read(name)
        c.server.write(name, text.replace("---\n", "---\norder: %s\n" % key, 1))
    c.page.goto(c.server.origin + "/?sort=order")
    titles = c.page.locator("#notes li.note .title")
    expect(titles.nth(3)).to_have_text("Garden")
    # The two writes above (and the server's expiry of the sample's old note) reach the page as
    # live updates that redraw the list; a row measured before a redraw is not the row dragged.
    # Let them land, then load the page once more.
    c.page.wait_for_timeout(1500)
    c.page.goto(c.server.origin + "/?sort=order")
    expect(titles.nth(3)).to_have_text("Garden")
    first_four = [titles.nth(i).inner_text() for i in range(4)]
    expect(c.page.locator("#notes li.note .handle")).to_have_count(c.page.locator("#notes li.note").count())
    before = snapshot(c.server.vault)
    rows = c.page.locator("#notes li.note")
    handle = rows.nth(3).locator(".handle").bounding_box()
    top = rows.nth(0).bounding_box()
    c.page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    c.page.mouse.down()
    c.page.mouse.move(handle["x"] + handle["width"] / 2, top["y"] + top["height"] + 5, steps=12)
    c.page.mouse.up()
    # The move is seen on disk, not by the list's data-moved: the move's own write reaches the
    # page as a live update, which may redraw the list (and drop the attribute) first.
    after = written_after(c, before)
    assert changed_files(before, after) == ["garden.md"], changed_files(before, after)
    assert before["garden.md"].replace(b"order: d\n", b"") == re.sub(rb"order: [^\n]*\n", b"", after["garden.md"], count=1)
    c.shot("list-reorder")
    c.page.goto(c.server.origin + "/?sort=order")
    now = [titles.nth(i).inner_text() for i in range(4)]
    assert now == [first_four[0], "Garden", first_four[1], first_four[2]], (first_four, now)
    # The keyboard moves a row too (ArrowUp on its handle).
    c.page.locator("#notes li.note").nth(1).locator(".handle").focus()
    before = snapshot(c.server.vault)
    c.page.keyboard.press("ArrowUp")
    assert changed_files(before, written_after(c, before)) == ["garden.md"]
    c.page.goto(c.server.origin + "/?sort=order")
    expect(titles.first).to_have_text("Garden")
    # A note without a position dragged to just below the ordered ones is placed after the last
    # of them: still one file, not also the unordered note it now stands before.
    rows = c.page.locator("#notes li.note")
    # Unordered notes follow in an order that depends on their times; the one whose front
    # matter cannot be rewritten is tested on its own below, so drag another. The list may be
    # redrawn by a live update (the earlier moves' own writes, seen by the watcher) between
    # measuring a row and dragging it: then nothing was dropped and nothing written, and the
    # drag is tried again on the redrawn list.
    # Tall enough that the rows dragged between stay on screen (a mouse outside the viewport
    # sends no events), whatever the filter form above the list takes.
    c.page.set_viewport_size({"width": 1280, "height": 1600})
    for attempt in range(3):
        c.page.goto(c.server.origin + "/?sort=order")
        c.page.wait_for_timeout(1500)
        pick = 5 if rows.nth(5).get_attribute("data-path") != "broken-front-matter.md" else 6
        moving = rows.nth(pick).get_attribute("data-path")
        handle = rows.nth(pick).locator(".handle").bounding_box()
        fifth = rows.nth(4).bounding_box()
        before = snapshot(c.server.vault)
        c.page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        c.page.mouse.down()
        c.page.mouse.move(handle["x"] + handle["width"] / 2, fifth["y"] + fifth["height"] / 2 - 3, steps=6)
        c.page.mouse.up()
        try:
            after = written_after(c, before, seconds=5)
            break
        except AssertionError:
            if attempt == 2:
                raise
    assert changed_files(before, after) == [moving], changed_files(before, after)
    c.page.goto(c.server.origin + "/?sort=order")
    expect(rows.nth(4)).to_have_attribute("data-path", moving)
    # A note whose front matter enote cannot rewrite: the move is refused with the reason, the
    # row goes back where it was, and nothing is written.
    paths = [rows.nth(i).get_attribute("data-path") for i in range(rows.count())]
    broken = paths.index("broken-front-matter.md")
    before = snapshot(c.server.vault)
    rows.nth(broken).locator(".handle").focus()
    c.page.keyboard.press("ArrowUp")
    expect(c.page.locator("#live_status")).to_contain_text("broken-front-matter.md")
    expect(rows.nth(broken)).to_have_attribute("data-path", "broken-front-matter.md")
    assert changed_files(before, snapshot(c.server.vault)) == []
    # A move without the CSRF token is refused and writes nothing.
    before = snapshot(c.server.vault)
    status = c.page.evaluate(
        "() => fetch('/order', {method: 'POST', body: new URLSearchParams({note: 'ideas.md', placement: 'top'})}).then(r => r.status)")
    assert status == 403, status
    assert changed_files(before, snapshot(c.server.vault)) == []


@test
def phone_russian_hsb_by_touch_and_gallery_swipe(c):
    c.sign_in()
    context, page = phone(c, "ru-RU")
    try:
        expect(page.locator("a.gallery-link")).to_have_text("Галерея")
        page.goto(c.server.origin + "/edit/ideas.md")
        page.locator("label[for=color-custom]").tap()
        expect(page.locator("#hsb-picker")).to_be_visible()
        expect(page.locator("#hsb-picker")).to_contain_text("Тон")
        page.locator("#hsb-bar").scroll_into_view_if_needed()
        field = page.locator("#hsb-field").bounding_box()
        page.touchscreen.tap(field["x"] + field["width"] / 2, field["y"] + field["height"] / 2)
        hue, saturation, _ = picker_values(page)
        assert abs(hue - 180) <= 3 and abs(saturation - 50) <= 3, picker_values(page)
        bar = page.locator("#hsb-bar").bounding_box()
        page.touchscreen.tap(bar["x"] + bar["width"] * 0.75, bar["y"] + bar["height"] / 2)
        assert abs(picker_values(page)[2] - 75) <= 3, picker_values(page)
        wanted = "hsb(%g, %g%%, %g%%)" % picker_values(page)
        page.locator("#hsb-picker").scroll_into_view_if_needed()
        shot(c, page, "phone-editor-hsb-ru")
        page.locator("#done").tap()
        expect(page.locator("article.note")).to_be_visible()
        text = c.server.read("ideas.md")
        assert "color: " + wanted in text, (wanted, text)
        page.goto(c.server.origin + "/gallery")
        expect(page.locator("h1")).to_contain_text("Галерея")
        columns = page.evaluate("() => getComputedStyle(document.getElementById('gallery')).gridTemplateColumns.split(' ').length")
        assert columns == 2, columns
        page.locator("#gallery a.thumb").first.tap()
        viewer = page.locator("#viewer")
        expect(viewer).to_be_visible()
        current = viewer.locator(".slot.current img")
        sources = [page.locator("#gallery a.thumb").nth(i).get_attribute("data-src") for i in range(3)]
        expect(current).to_have_attribute("src", sources[0])
        touch_swipe(page, (320, 420), (60, 430))
        expect(current).to_have_attribute("src", sources[1])
        assert viewer.locator("img").count() == 3
        page.wait_for_function("() => document.querySelector('#viewer .slot.current img').complete")
        page.wait_for_timeout(400)  # the slide into place
        shot(c, page, "phone-gallery-viewer")
        touch_swipe(page, (60, 420), (330, 410))
        expect(current).to_have_attribute("src", sources[0])
    finally:
        context.close()


@test
def japanese_editor_and_gallery(c):
    c.sign_in()
    browser = c.page.context.browser
    context = browser.new_context(viewport={"width": 960, "height": 720}, locale="ja-JP")
    context.set_default_timeout(10000)
    page = context.new_page()
    try:
        page.goto(c.server.origin + "/?token=" + c.server.token)
        page.goto(c.server.origin + "/edit/garden.md")
        page.click("label[for=color-custom]")
        expect(page.locator("#hsb-picker")).to_contain_text("色相")
        expect(page.locator("label[for=destroy-on]")).to_have_text("削除日時")
        shot(c, page, "editor-ja-hsb")
        page.goto(c.server.origin + "/gallery")
        expect(page.locator("h1")).to_contain_text("ギャラリー")
        expect(page.locator("h1 .count")).to_contain_text("3")
    finally:
        context.close()
