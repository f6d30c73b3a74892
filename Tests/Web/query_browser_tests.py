#!/usr/bin/env python3
"""End-to-end tests of a note's query views on `enote serve` in a real browser (issue #39): a
table block drawn with its rows, a board's card dragged to another lane changing exactly its
key's line on disk (and a stale drag refused, the outside edit kept), a calendar showing a due
date on its day and opening its note, and a table gaining a row when a matching note is written
on disk, without a reload. Run through scripts/test-web (run_browser_tests.py).
"""
import datetime
import time

from playwright.sync_api import expect

from serve_browser_tests import test


def note(title, status, body="Text\n"):
    return "---\ntitle: %s\nstatus: %s\n---\n%s" % (title, status, body)


def wait_for_change(path, before, seconds=10):
    deadline = time.monotonic() + seconds
    after = before
    while after == before and time.monotonic() < deadline:
        time.sleep(0.1)
        after = open(path, "rb").read()
    return after


@test
def query_table_renders_rows(c):
    import os
    os.makedirs(c.server.path("q"), exist_ok=True)
    c.server.write("q/alpha.md", note("Alpha", "todo"))
    c.server.write("q/beta.md", note("Beta", "done"))
    c.server.write("q/gamma.md", note("Gamma", "todo"))
    c.server.write("dash.md", "# Dash\n\n```enote\ntable status from folder q where status = \"todo\" sort title\n```\n")
    c.sign_in()
    c.page.goto(c.server.origin + "/n/dash.md")
    rows = c.page.locator(".query-view table.query-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(0)).to_have_text("Alpha")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("todo")
    expect(rows.nth(1).locator("td").nth(0)).to_have_text("Gamma")
    expect(c.page.locator("pre code.language-enote")).to_have_count(0)
    c.shot("query-table")


@test
def query_board_drag_changes_one_line_and_stale_drag_is_refused(c):
    import os
    os.makedirs(c.server.path("q"), exist_ok=True)
    alpha = "---\ntitle: Alpha\nstatus: todo\nupdated: 2020-01-01T00:00:00Z\n---\nText of alpha\n"
    c.server.write("q/alpha.md", alpha)
    c.server.write("q/beta.md", note("Beta", "done"))
    c.server.write("q/gamma.md", note("Gamma", "todo"))
    c.server.write("board.md", "# Board\n\n```enote\nboard by status from folder q\n```\n")
    c.sign_in()
    c.page.goto(c.server.origin + "/n/board.md")
    done_lane = c.page.locator(".query-board .lane[data-value='done']")
    card = c.page.locator(".query-board li.card[data-path='q/alpha.md']")
    expect(card).to_have_count(1)
    c.shot("query-board")
    before = open(c.server.path("q/alpha.md"), "rb").read()
    card.drag_to(done_lane)
    after = wait_for_change(c.server.path("q/alpha.md"), before)
    old_lines, new_lines = before.split(b"\n"), after.split(b"\n")
    assert len(old_lines) == len(new_lines), (before, after)
    changed = [i for i in range(len(old_lines)) if old_lines[i] != new_lines[i]]
    assert changed == [2] and new_lines[2] == b"status: done", (changed, after)
    expect(done_lane.locator("li.card[data-path='q/alpha.md']")).to_have_count(1)

    # Stale: Gamma changes on disk after the page was drawn (the page is kept from redrawing),
    # then is dragged: refused, the outside edit kept, the page says so.
    c.page.route("**/api/query-views/**", lambda route: route.abort())
    time.sleep(0.5)
    outside = note("Gamma", "todo", "Edited elsewhere\n")
    c.server.write("q/gamma.md", outside)
    time.sleep(1.5)
    c.page.locator(".query-board li.card[data-path='q/gamma.md']").drag_to(done_lane)
    expect(c.page.locator("#live_status")).to_be_visible()
    expect(c.page.locator("#live_status")).to_contain_text("changed")
    time.sleep(0.5)
    assert c.server.read("q/gamma.md") == outside
    c.page.unroute("**/api/query-views/**")


@test
def query_calendar_shows_due_date_and_opens_the_note(c):
    import os
    os.makedirs(c.server.path("q"), exist_ok=True)
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    c.server.write("q/plan.md", "---\ntitle: Plan\n---\n- [ ] send the report 📅 %s\n" % today)
    c.server.write("cal.md", "# Cal\n\n```enote\ncalendar from folder q\n```\n")
    c.sign_in()
    c.page.goto(c.server.origin + "/n/cal.md")
    day = c.page.locator(".query-calendar td[data-day='%s']" % today)
    expect(day).to_have_class("day today has-entries")
    link = day.locator("a", has_text="send the report")
    expect(link).to_have_count(1)
    c.shot("query-calendar")
    link.click()
    expect(c.page).to_have_url(c.server.origin + "/n/q/plan.md")
    expect(c.page.locator("h1")).to_have_text("Plan")


@test
def query_table_gains_a_row_written_on_disk_without_reload(c):
    import os
    os.makedirs(c.server.path("q"), exist_ok=True)
    c.server.write("q/alpha.md", note("Alpha", "todo"))
    c.server.write("dash.md", "# Dash\n\n" + "Line\n\n" * 60 + "```enote\ntable status from folder q sort title\n```\n")
    c.sign_in()
    c.page.goto(c.server.origin + "/n/dash.md")
    rows = c.page.locator(".query-view table.query-table tbody tr")
    expect(rows).to_have_count(1)
    c.page.evaluate("window.notReloaded = true")
    c.page.locator(".query-view").scroll_into_view_if_needed()
    scrolled = c.page.evaluate("window.scrollY")
    time.sleep(0.3)
    c.server.write("q/beta.md", note("Beta", "done"))
    expect(rows).to_have_count(2, timeout=10000)
    expect(rows.nth(1).locator("td").nth(0)).to_have_text("Beta")
    assert c.page.evaluate("window.notReloaded") is True
    assert abs(c.page.evaluate("window.scrollY") - scrolled) < 5
