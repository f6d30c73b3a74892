#!/usr/bin/env python3
"""End-to-end tests of `enote serve` in a real browser.

Playwright for Python drives Debian's chromium (never a browser Playwright downloads) against the
real `enote serve` on a copy of SampleVault, as a person would use it: the list, search as you
type, a note with its pictures, the editor (Done, Cancel, a new note refused without a title or
content), delete and undo, a note edited on disk while it is open, and the other languages.
Each test takes a screenshot of the screen it exercises into docs/screenshots/.

Run through scripts/test-web, which checks that the binary was built. Exits non-zero on any
failure, after a closing line "N passed, M failed".
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from playwright.sync_api import expect, sync_playwright

TESTS = []


def test(function):
    TESTS.append(function)
    return function


class Server:
    """`enote serve --port 0` on a fresh copy of SampleVault."""

    def __init__(self, enote, sample):
        self.base = tempfile.mkdtemp(prefix="enote-web-e2e-")
        self.vault = os.path.join(self.base, "vault")
        shutil.copytree(sample, self.vault, symlinks=True)
        for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "lock", "watch.lock", "watch.sock"]:
            try:
                os.remove(os.path.join(self.vault, ".enote", name))
            except FileNotFoundError:
                pass
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.base, "LANG": "C.UTF-8", "TZ": "UTC", "TMPDIR": self.base}
        self.enote, self.environment = enote, environment
        self.log = open(os.path.join(self.base, "serve.log"), "w+")
        self.process = subprocess.Popen(
            [enote, "serve", "--port", "0", "--vault", self.vault], stdout=subprocess.PIPE, stderr=self.log, env=environment, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://[^/]+)/\?token=(\w+)", line)
        if not match:
            self.stop()
            raise RuntimeError("enote serve printed no URL: %r" % line)
        self.origin, self.token = match.group(1), match.group(2)

    def path(self, relative):
        return os.path.join(self.vault, relative)

    def read(self, relative):
        with open(self.path(relative), encoding="utf-8") as file:
            return file.read()

    def write(self, relative, text):
        with open(self.path(relative), "w", encoding="utf-8") as file:
            file.write(text)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        shutil.rmtree(self.base, ignore_errors=True)


class Context:
    def __init__(self, server, page, screenshots):
        self.server = server
        self.page = page
        self.screenshots = screenshots

    def sign_in(self):
        self.page.goto(self.server.origin + "/?token=" + self.server.token)
        expect(self.page.locator("#notes")).to_be_visible()

    def shot(self, name):
        if self.screenshots:
            self.page.screenshot(path=os.path.join(self.screenshots, name + ".png"))


@test
def list_shows_notes_with_colours_and_dates(c):
    c.sign_in()
    rows = c.page.locator("#notes li.note")
    expect(rows.filter(has_text="Grocery list")).to_have_count(1)
    expect(rows.filter(has_text="京都旅行")).to_have_count(1)
    grocery = rows.filter(has_text="Grocery list")
    assert grocery.locator("svg.swatch rect").get_attribute("fill") == "#ff3b30"
    assert re.match(r"^\d\d/\d\d/\d{4}$", grocery.locator("time").inner_text()), grocery.locator("time").inner_text()
    expect(rows.filter(has_text="Sunset at the pier").locator(".badge.photo")).to_be_visible()
    c.page.select_option("select[name=sort]", "title")
    c.page.click(".filters button[type=submit]")
    first = c.page.locator("#notes li.note .title").first.inner_text()
    assert first.startswith("2025"), first
    c.page.goto(c.server.origin + "/")
    c.shot("list")
    c.page.click("a.folder-link:has-text('travel/')")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("京都旅行")
    c.page.click("#folder a:has-text('All notes')")
    expect(rows.filter(has_text="Grocery list")).to_have_count(1)


@test
def more_filters_narrow_the_list(c):
    c.sign_in()
    rows = c.page.locator("#notes li.note")
    c.page.click("#more-filters summary")
    c.page.fill("#more-filters input[name=where]", "tags=weekly")
    c.page.click(".filters button[type=submit]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Grocery list")
    expect(c.page.locator("#more-filters")).to_have_attribute("open", "")
    expect(c.page.locator("#more-filters input[name=where]").first).to_have_value("tags=weekly")


@test
def search_as_you_type(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/search")
    box = c.page.locator("#search-input")
    box.press_sequentially("potat", delay=40)
    hits = c.page.locator("#search-results li.note")
    expect(hits.filter(has_text="Grocery list")).to_have_count(1)
    expect(hits.first.locator("mark")).to_contain_text(re.compile("potat", re.I))
    # Each hit is built from the note JSON enote search --json prints, and links to its page.
    expect(hits.filter(has_text="Grocery list").locator("a")).to_have_attribute("href", "/n/grocery-list.md")
    expect(hits.filter(has_text="Grocery list").locator("svg rect")).to_have_attribute("fill", re.compile(r"^#[0-9a-f]{6}$"))
    # The address follows the last word typed once its pause has passed (on a loaded machine a
    # pause may fall between two keys, and the hits of "pota" show first).
    expect(c.page).to_have_url(re.compile(r"/search\?q=potat$"))
    box.fill("")
    box.press_sequentially("京都", delay=40)
    expect(hits.filter(has_text="京都旅行")).to_have_count(1)
    c.shot("search")


@test
def header_search_narrows_the_list_as_you_type(c):
    c.sign_in()
    rows = c.page.locator("#notes li.note")
    everything = rows.count()
    assert everything > 3, everything
    box = c.page.locator("#header-search")
    # "potat" is the start of a word: the list narrows to the notes that have one beginning so.
    box.press_sequentially("potat", delay=40)
    visible = c.page.locator("#notes li.note:visible")
    expect(visible.filter(has_text="Grocery list")).to_have_count(1)
    expect(visible).not_to_have_count(everything)
    assert c.page.url.rstrip("/") == c.server.origin, c.page.url
    # Another form of a word, and a slip, narrow it the same way as enote search.
    box.fill("")
    expect(visible).to_have_count(everything)
    box.press_sequentially("potatos ", delay=40)
    expect(visible.filter(has_text="Grocery list")).to_have_count(1)
    box.fill("")
    box.press_sequentially("grocrey ", delay=40)
    expect(visible.filter(has_text="Grocery list")).to_have_count(1)
    expect(c.page.locator("#search-summary .notice")).to_contain_text("grocrey")
    box.fill("")
    expect(visible).to_have_count(everything)
    expect(c.page.locator("#search-summary")).to_have_count(0)


@test
def header_search_shows_hits_on_any_page(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/gallery")
    box = c.page.locator("#header-search")
    box.press_sequentially("kyoto", delay=40)
    hits = c.page.locator("main #search-results li.note")
    expect(hits.filter(has_text="京都旅行")).to_have_count(1)
    box.fill("")
    expect(c.page.locator("main #search-results")).to_have_count(0)


@test
def note_page_renders_markdown_and_pictures(c):
    c.sign_in()
    c.page.click("#notes a:has-text('Sunset at the pier')")
    expect(c.page.locator("article.note h1")).to_have_text("Sunset at the pier")
    image = c.page.locator("article.note .body img").first
    expect(image).to_be_visible()
    c.page.wait_for_function("() => [...document.querySelectorAll('article.note img')].every(i => i.complete && i.naturalWidth > 0)")
    c.shot("note")


@test
def wikilink_lands_on_the_note_and_its_heading(c):
    c.server.write("trail.md", "# Trail\n\n" + "A line of filler text.\n\n" * 80 + "## Next *steps*\n\nPack the tent.\n")
    c.server.write("hike.md", "# Hike\n\nRead [[trail#Next steps|the next steps]] and [[nowhere]].\n\n![[cat.gif]]\n")
    c.sign_in()
    link = c.page.locator("article.note .body a:has-text('the next steps')")
    deadline = time.monotonic() + 15
    while True:
        # The server indexes the two notes written after it started within moments.
        c.page.goto(c.server.origin + "/n/hike.md")
        if link.count() == 1 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    expect(link).to_have_attribute("href", "/n/trail.md#next-steps")
    expect(c.page.locator("article.note .body")).to_contain_text("[[nowhere]]")
    c.page.wait_for_function("() => { const i = document.querySelector('article.note .body img[alt=\"cat.gif\"]'); return i && i.complete && i.naturalWidth > 0 }")
    link.click()
    expect(c.page).to_have_url(re.compile(r"/n/trail\.md#next-steps$"))
    expect(c.page.locator("h2#next-steps")).to_be_in_viewport()
    expect(c.page.locator("article.note h1").first).not_to_be_in_viewport()


@test
def new_note_refused_without_title_or_content_then_created(c):
    c.sign_in()
    c.page.click("a.new")
    expect(c.page.locator("form#editor")).to_be_visible()
    c.page.fill("#body", "Text without a title")
    c.page.click("#done")
    expect(c.page.locator("#editor-problem")).to_contain_text("title")
    expect(c.page.locator("#body")).to_have_value("Text without a title")
    c.shot("editor-new-refused")
    c.page.fill("#body", "")
    c.page.fill("#title", "Only a title")
    c.page.click("#done")
    expect(c.page.locator("#editor-problem")).to_contain_text("content")
    assert not os.path.exists(c.server.path("only-a-title.md"))
    c.page.fill("#body", "Now with content\nand a second line")
    c.page.click("label[for=color-green]")
    c.shot("editor-new")
    c.page.click("#done")
    expect(c.page.locator("article.note h1")).to_have_text("Only a title")
    text = c.server.read("only-a-title.md")
    assert "color: green" in text and "Now with content\nand a second line" in text, text


@test
def edit_with_done_saves(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/edit/ideas.md")
    body = c.page.locator("#body")
    height = body.bounding_box()["height"]
    body.click()
    c.page.keyboard.press("Control+End")
    for line in range(12):
        c.page.keyboard.type("\nline %d" % line)
    assert body.bounding_box()["height"] > height + 100, "the text area did not grow"
    c.page.click("label[for=color-purple]")
    expect(c.page.locator("#color-purple")).to_be_checked()
    c.shot("editor")
    c.page.click("#done")
    expect(c.page.locator("article.note")).to_contain_text("line 11")
    text = c.server.read("ideas.md")
    assert "line 11" in text and "color: purple" in text, text


def small_png():
    """A real 2x2 red PNG (the browser decodes it), made with zlib."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@test
def picture_added_in_the_editor(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/edit/ideas.md")
    png = small_png()
    c.page.set_input_files("#picture", files=[{"name": "red dot.png", "mimeType": "image/png", "buffer": png}])
    c.shot("editor-picture")
    c.page.click("#add-picture")
    expect(c.page.locator("#body")).to_have_value(re.compile(r"!\[red dot\]\(attachments/red-dot\.png\)\s*$"))
    with open(c.server.path("attachments/red-dot.png"), "rb") as file:
        assert file.read() == png
    c.page.goto(c.server.origin + "/n/ideas.md")
    image = c.page.locator("article.note .body img[src*='red-dot.png']")
    expect(image).to_be_visible()
    c.page.wait_for_function("() => { const i = document.querySelector(\"article.note img[src*='red-dot.png']\"); return i && i.complete && i.naturalWidth === 2; }")


@test
def edit_with_cancel_discards_after_asking(c):
    c.sign_in()
    before = c.server.read("reading-list.md")
    c.page.goto(c.server.origin + "/edit/reading-list.md")
    dialogs = []

    def on_dialog(dialog):
        dialogs.append(dialog.type)
        dialog.accept()

    c.page.on("dialog", on_dialog)
    c.page.fill("#title", "Changed and then cancelled")
    c.page.click("#cancel")
    expect(c.page.locator("article.note h1")).to_have_text("Reading list")
    assert dialogs == ["beforeunload"], dialogs
    assert c.server.read("reading-list.md") == before
    # Without changes, Cancel leaves without asking.
    c.page.goto(c.server.origin + "/edit/reading-list.md")
    c.page.click("#cancel")
    expect(c.page.locator("article.note h1")).to_have_text("Reading list")
    assert dialogs == ["beforeunload"], dialogs


@test
def delete_and_undo(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/n/meeting-notes.md")
    c.page.click("article.note button.danger")
    expect(c.page.locator("form.undo")).to_be_visible()
    expect(c.page.locator("#notes li.note", has_text="Meeting: Q3 planning")).to_have_count(0)
    assert not os.path.exists(c.server.path("meeting-notes.md"))
    c.shot("list-undo")
    c.page.click("form.undo button")
    expect(c.page.locator("article.note h1")).to_have_text("Meeting: Q3 planning")
    assert os.path.exists(c.server.path("meeting-notes.md"))


@test
def note_edited_on_disk_while_open(c):
    c.sign_in()
    # A note page follows the file.
    c.page.goto(c.server.origin + "/n/garden.md")
    expect(c.page.locator("article.note h1")).to_have_text("Garden")
    expect(c.page.locator("article.note .body")).not_to_contain_text("pumpkins")
    time.sleep(0.3)
    c.server.write("garden.md", c.server.read("garden.md").replace("The tomatoes are finally red.", "The pumpkins came up overnight."))
    expect(c.page.locator("article.note .body")).to_contain_text("The pumpkins came up overnight.", timeout=10000)
    # The list follows too.
    c.page.goto(c.server.origin + "/")
    time.sleep(0.3)
    c.server.write("from-disk.md", "---\ntitle: Written on disk\n---\nBy another program.\n")
    expect(c.page.locator("#notes li.note", has_text="Written on disk")).to_have_count(1, timeout=10000)
    # An editor says so and never overwrites: the save is refused and both versions are kept.
    c.page.goto(c.server.origin + "/edit/garden.md")
    c.page.fill("#body", "My version of the garden.")
    expect(c.page.locator("#changed-on-disk")).to_be_hidden()
    time.sleep(0.3)
    theirs = c.server.read("garden.md").replace("pumpkins", "sunflowers")
    c.server.write("garden.md", theirs)
    expect(c.page.locator("#changed-on-disk")).to_be_visible(timeout=10000)
    c.shot("editor-changed-on-disk")
    c.page.click("#done")
    expect(c.page.locator("#conflict")).to_be_visible()
    expect(c.page.locator("#disk-version")).to_contain_text("sunflowers")
    expect(c.page.locator("#your-version")).to_contain_text("My version of the garden.")
    c.shot("editor-conflict")
    assert c.server.read("garden.md") == theirs
    copies = [name for name in os.listdir(c.server.vault) if name.startswith("garden.conflict-")]
    assert len(copies) == 1, copies
    assert c.server.read(copies[0]).endswith("My version of the garden."), c.server.read(copies[0])


@test
def oversized_note_is_refused_on_the_page_and_kept(c):
    before = c.server.read("grocery-list.md")
    c.sign_in()
    c.page.goto(c.server.origin + "/edit/grocery-list.md")
    # 11 MiB of Cyrillic lines: beyond the 10 MiB a note may hold (six times that once
    # percent-encoded). Chromium takes seconds to lay out such a text area, hence the timeouts.
    c.page.evaluate("""() => {
        document.getElementById('body').value = 'Начало.\\n' + 'Привет, мир! Это длинная заметка о важном.\\n'.repeat(150000) + 'Конец.';
    }""")
    c.page.click("#done", timeout=60000)
    expect(c.page.locator("#editor-problem")).to_contain_text("10 MiB", timeout=30000)
    assert c.page.evaluate("() => document.getElementById('body').value.endsWith('Конец.')")
    assert c.page.url.endswith("/edit/grocery-list.md"), c.page.url
    c.shot("editor-too-large")
    assert c.server.read("grocery-list.md") == before


@test
def save_after_the_note_was_moved_keeps_the_text(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/edit/grocery-list.md")
    c.page.fill("#body", "Typed while it moved.")
    result = subprocess.run([c.server.enote, "mv", "grocery-list.md", "shopping.md", "--vault", c.server.vault],
                            capture_output=True, text=True, env=c.server.environment)
    assert result.returncode == 0, result.stderr
    c.page.click("#done")
    expect(c.page.locator("#editor-problem")).to_contain_text("grocery-list.conflict-")
    expect(c.page.locator("#body")).to_have_value("Typed while it moved.")
    copies = [name for name in os.listdir(c.server.vault) if name.startswith("grocery-list.conflict-")]
    assert len(copies) == 1, copies
    assert c.server.read(copies[0]).endswith("Typed while it moved."), c.server.read(copies[0])


@test
def russian_and_japanese(c):
    c.sign_in()
    c.page.click("nav.languages a[lang=ru]")
    expect(c.page.locator("a.new")).to_have_text("Новая заметка")
    expect(c.page.locator("h1 .count")).to_contain_text("заметок")
    c.shot("list-ru")
    c.page.click("nav.languages a[lang=ja]")
    expect(c.page.locator("a.new")).to_have_text("新規ノート")
    c.page.goto(c.server.origin + "/edit/grocery-list.md")
    expect(c.page.locator("#done")).to_have_text("完了")
    c.shot("editor-ja")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--enote", required=True)
    parser.add_argument("--sample", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("filter", nargs="?", default="")
    options = parser.parse_args()
    if options.screenshots:
        os.makedirs(options.screenshots, exist_ok=True)
    passed, failed = 0, []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
        for function in TESTS:
            if options.filter not in function.__name__:
                continue
            server = Server(options.enote, options.sample)
            context = browser.new_context(viewport={"width": 960, "height": 720}, locale="en-GB")
            context.set_default_timeout(10000)
            page = context.new_page()
            started = time.monotonic()
            try:
                function(Context(server, page, options.screenshots))
                passed += 1
                print("ok   %s (%.1f s)" % (function.__name__, time.monotonic() - started), flush=True)
            except Exception:
                failed.append(function.__name__)
                print("FAIL %s\n%s" % (function.__name__, traceback.format_exc()), flush=True)
                server.log.seek(0)
                print("--- enote serve's log\n" + server.log.read(), flush=True)
            finally:
                context.close()
                server.stop()
        browser.close()
    print("%d passed, %d failed" % (passed, len(failed)))
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
