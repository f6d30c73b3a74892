#!/usr/bin/env python3
"""End-to-end tests of the Tasks page of `enote serve` in a real browser: a checkbox marks a task
done by changing exactly one byte of its note on disk, and a task written on disk by another
program appears without a reload. Run through scripts/test-web (run_browser_tests.py).
"""
import datetime
import time

from playwright.sync_api import expect

from serve_browser_tests import test


@test
def tasks_checkbox_changes_one_byte(c):
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    text = "---\ntitle: Errands\n---\n- [ ] post the letter 📅 %s\n- [ ] buy milk #home\n" % today
    c.server.write("errands.md", text)
    c.sign_in()
    c.page.click("a.tasks-link")
    row = c.page.locator("li.task", has_text="post the letter")
    expect(row).to_have_count(1, timeout=10000)
    expect(c.page.locator(".task-group.today h2")).to_be_visible()
    c.shot("tasks")
    before = open(c.server.path("errands.md"), "rb").read()
    row.locator("input.task-box").check()
    deadline = time.monotonic() + 10
    after = before
    while after == before and time.monotonic() < deadline:
        time.sleep(0.1)
        after = open(c.server.path("errands.md"), "rb").read()
    assert len(after) == len(before), (before, after)
    changed = [index for index in range(len(before)) if before[index] != after[index]]
    assert len(changed) == 1 and after[changed[0]:changed[0] + 1] == b"x", (changed, after)
    # The list follows: the done task leaves it, the other stays, and can be marked too.
    expect(c.page.locator("li.task", has_text="post the letter")).to_have_count(0, timeout=10000)
    c.page.locator("li.task", has_text="buy milk").locator("input.task-box").check()
    expect(c.page.locator("li.task", has_text="buy milk")).to_have_count(0, timeout=10000)
    assert c.server.read("errands.md") == text.replace("- [ ]", "- [x]")


@test
def tasks_written_on_disk_appear_without_reload(c):
    c.sign_in()
    c.page.goto(c.server.origin + "/tasks")
    expect(c.page.locator("h1")).to_have_text("Tasks")
    c.page.evaluate("window.notReloaded = true")
    time.sleep(0.3)
    c.server.write("from-disk.md", "# Written elsewhere\n\n- [ ] water the plants due:2030-01-01\n")
    expect(c.page.locator("li.task", has_text="water the plants")).to_have_count(1, timeout=10000)
    expect(c.page.locator("li.task", has_text="water the plants").locator("time.due")).to_have_text("2030-01-01")
    assert c.page.evaluate("window.notReloaded") is True
