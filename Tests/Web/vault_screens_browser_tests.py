#!/usr/bin/env python3
"""End-to-end tests of the vault-wide screens of `enote serve` in a real browser: the trash
(restore, empty with confirmation), tags and backlinks on a note's page, and the demo limit
from `max_notes`. Run through scripts/test-web (run_browser_tests.py).
"""
import os
import re

from playwright.sync_api import expect

import serve_browser_tests as harness
from serve_browser_tests import test


def restart(c, config_lines):
    """Restarts `enote serve` on the same vault with `config_lines` in .enote/config (replacing
    any max_notes line), and
    signs the page in again (the config is read when the server starts)."""
    server = c.server
    command = server.process.args
    c.page.goto("about:blank")  # closes the page's event stream, which would hold the server
    server.process.terminate()
    try:
        server.process.wait(3)
    except harness.subprocess.TimeoutExpired:
        # A browser's idle keep-alive connection can hold a graceful stop for more than 10 s;
        # nothing is being written here, so the old server is stopped outright.
        server.process.kill()
        server.process.wait(10)
    with open(server.path(".enote/config"), encoding="utf-8") as file:
        kept = [line for line in file.read().split("\n") if not line.startswith("max_notes")]
    with open(server.path(".enote/config"), "w", encoding="utf-8") as file:
        file.write("\n".join(kept + config_lines) + "\n")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": server.base, "LANG": "C.UTF-8", "TZ": "UTC", "TMPDIR": server.base}
    server.process = harness.subprocess.Popen(command, stdout=harness.subprocess.PIPE, stderr=server.log, env=environment, text=True)
    match = re.search(r"(http://[^/]+)/\?token=(\w+)", server.process.stdout.readline())
    assert match, "enote serve printed no URL after the restart"
    server.origin, server.token = match.group(1), match.group(2)
    c.sign_in()


def trashed_notes(c):
    trash = c.server.path(".trash")
    if not os.path.isdir(trash):
        return []
    return sorted(name for name in os.listdir(trash) if name.endswith(".md"))


@test
def trash_page_restore_and_empty_with_confirmation(c):
    c.sign_in()
    for name in ["meeting-notes.md", "quick-note.md"]:
        c.page.goto(c.server.origin + "/n/" + name)
        c.page.click("article.note button.danger")
        expect(c.page.locator("form.undo")).to_be_visible()
    c.page.click("a.trash-link")
    rows = c.page.locator("#trash li.trashed")
    # (old-reminder.md's destroy date has passed: the server's expiry may have trashed it too.)
    expect(rows.filter(has_text="meeting-notes.md")).to_have_count(1)
    expect(rows.first).to_contain_text("quick-note.md")
    count = rows.count()
    c.shot("trash")
    c.page.locator("#trash li.trashed", has_text="meeting-notes.md").locator("button").click()
    expect(c.page.locator("article.note h1")).to_have_text("Meeting: Q3 planning")
    assert os.path.exists(c.server.path("meeting-notes.md"))
    # Empty trash asks first; Cancel keeps everything.
    c.page.goto(c.server.origin + "/trash")
    expect(rows).to_have_count(count - 1)
    kept = trashed_notes(c)
    assert "quick-note.md" in kept and "meeting-notes.md" not in kept, kept
    c.page.click("#empty-trash")
    expect(c.page.locator("#confirm-empty")).to_be_visible()
    assert trashed_notes(c) == kept, trashed_notes(c)
    c.shot("trash-confirm")
    c.page.click("#cancel-empty")
    expect(rows).to_have_count(count - 1)
    assert trashed_notes(c) == kept
    c.page.click("#empty-trash")
    c.page.click("#confirm-empty-button")
    expect(c.page.locator("#trash-emptied")).to_contain_text(str(len(kept)))
    expect(c.page.locator("#trash-empty")).to_be_visible()
    assert trashed_notes(c) == []


@test
def tags_and_backlinks_on_the_note_page(c):
    c.sign_in()
    c.server.write("ideas.md", c.server.read("ideas.md") + "\nThe beds are in [[garden]] now.\n")
    c.server.write("welcome.md", c.server.read("welcome.md") + "\nSee [the garden](garden.md) too.\n")
    c.page.goto(c.server.origin + "/n/garden.md")
    links = c.page.locator("#note_backlinks li")
    expect(links).to_have_count(2)
    expect(links.filter(has_text="Ideas")).to_contain_text("The beds are in [[garden]] now.")
    expect(links.filter(has_text="Welcome")).to_contain_text("See [the garden](garden.md) too.")
    c.shot("note-backlinks")
    links.filter(has_text="Ideas").locator("a").click()
    expect(c.page.locator("article.note h1")).to_have_text("Ideas")
    c.page.goto(c.server.origin + "/n/grocery-list.md")
    tags = c.page.locator("#note_tags a.tag")
    expect(tags).to_have_text(["#home", "#weekly"])
    tags.first.click()
    expect(c.page.locator("#notes li.note")).to_have_count(1)
    expect(c.page.locator("#notes li.note")).to_contain_text("Grocery list")


@test
def related_notes_on_the_note_page(c):
    c.sign_in()
    c.server.write("ideas.md", c.server.read("ideas.md") + "\nThe beds are in [[garden]] now.\n")
    c.page.goto(c.server.origin + "/n/garden.md")
    related = c.page.locator("#note_related li")
    expect(related.filter(has_text="Ideas")).to_contain_text("links to it")
    c.shot("note-related")
    related.filter(has_text="Ideas").locator("a").click()
    expect(c.page.locator("article.note h1")).to_have_text("Ideas")
    expect(c.page.locator("#note_related li").filter(has_text="Garden")).to_contain_text("linked from it")


@test
def demo_limit_from_max_notes(c):
    c.sign_in()
    expect(c.page.locator("#demo-limit")).to_have_count(0)
    restart(c, ["max_notes = 1000"])
    banner = c.page.locator("#demo-limit")
    expect(banner).to_contain_text("of 1000 notes used")
    count = int(re.search(r"(\d+) of 1000", banner.inner_text()).group(1))
    assert count >= 10, count
    restart(c, ["max_notes = %d" % count])
    expect(banner).to_have_class(re.compile("full"))
    c.shot("list-demo-limit")
    c.page.click("a.new")
    expect(c.page.locator("#demo-over")).to_be_visible()
    expect(c.page.locator("#demo-over")).to_contain_text(str(count))
    c.shot("demo-limit-over")
    # A note posted anyway is refused by the library, with the reason in the editor.
    status = c.page.evaluate(
        """() => fetch('/new', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'},
            body: new URLSearchParams({csrf: document.querySelector('meta[name=csrf-token]').content, title: 'One more', body: 'text'})})
            .then(r => r.status)""")
    assert status >= 400, status
    assert not os.path.exists(c.server.path("one-more.md"))
    # A note deleted makes room again.
    c.page.goto(c.server.origin + "/n/quick-note.md")
    c.page.click("article.note button.danger")
    expect(banner).not_to_have_class(re.compile("full"))
    c.page.click("a.new")
    expect(c.page.locator("form#editor")).to_be_visible()
    c.page.goto(c.server.origin + "/")
    c.page.click("nav.languages a[lang=ru]")
    expect(banner).to_contain_text("Демо-версия")
