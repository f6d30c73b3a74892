#!/usr/bin/env python3
"""End-to-end tests of text in pictures and PDFs (#38) in `enote serve`, in a real browser: a
word only a note's picture holds is found once the server's watcher has read the picture (OCR),
the hit says which picture, and the note's page opened from it shows the picture's text open; a
word on page 2 of a PDF a note links is found with "p. 2", opens the PDF at that page, and the
PDF is served like the note's pictures: only with the session, never through a symbolic link; a
PDF no note links is a hit of its own, opened at its page.
Run through scripts/test-web (run_browser_tests.py): `scripts/test-web attachment`.
"""
import os
import re
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from playwright.sync_api import expect

from serve_browser_tests import test


def text_pdf(pages):
    """A PDF of `pages` (each a list of lines) in 24-point Helvetica, with a text layer, written
    by hand: enough for poppler to read and to render."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    kids = []
    number = 4
    for lines in pages:
        stream = "BT /F1 24 Tf 72 720 Td 30 TL " + " ".join("(%s) Tj T*" % line for line in lines) + " ET"
        objects[number + 1] = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream.encode("ascii"))
        objects[number] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (number + 1)
        kids.append(number)
        number += 2
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % kid for kid in kids).encode(), len(kids))
    out = b"%PDF-1.4\n"
    offsets = {}
    for key in sorted(objects):
        offsets[key] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (key, objects[key])
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for key in sorted(objects):
        out += b"%010d 00000 n \n" % offsets[key]
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def picture_of_text(path, lines):
    """A PNG of `lines` (rendered by poppler from a PDF with that text), with no text layer."""
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "page.pdf")
        with open(source, "wb") as file:
            file.write(text_pdf([lines]))
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", source, os.path.join(folder, "page")], check=True)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.replace(os.path.join(folder, "page.png"), path)


def search_until_found(c, word, title, timeout=120, kind="note"):
    """The search page for `word`, reloaded until a hit titled `title` shows (the watcher reads a
    note's pictures and PDFs in the background, after the note itself); `kind` "file" for a PDF
    no note links."""
    hits = c.page.locator("#search-results li." + kind, has_text=title)
    deadline = time.monotonic() + timeout
    while True:
        c.page.goto(c.server.origin + "/search?q=" + word)
        if hits.count() == 1:
            return hits
        assert time.monotonic() < deadline, "no hit for %r after %d s" % (word, timeout)
        time.sleep(1)


def fetch_without_session(url):
    """The status of a GET of `url` from outside the browser, with no session cookie."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "application/pdf"})) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@test
def attachment_picture_word_is_found_and_its_text_shown(c):
    # Given a note whose only mention of "walrus" is in the picture it shows.
    picture_of_text(c.server.path("attachments/lunch-receipt.png"), ["RECEIPT", "walrus cafe", "total 42"])
    c.server.write("lunch.md", "# Lunch\n\nPaid at the usual place.\n\n![the receipt](attachments/lunch-receipt.png)\n")
    c.sign_in()
    # When the word is searched, once the server has read the picture.
    hit = search_until_found(c, "walrus", "Lunch")
    # Then the hit says it was found in the picture, with the picture's words as its snippet.
    expect(hit.locator(".found-in")).to_have_text("attachments/lunch-receipt.png")
    expect(hit.locator(".snippet")).to_contain_text(re.compile(r"^attachments/lunch-receipt\.png: .*walrus", re.I))
    expect(hit.locator(".snippet mark")).to_contain_text(re.compile("walrus", re.I))
    c.shot("search-found-in-picture")
    # And the note's page opened from it shows the picture's text, open, with the word.
    hit.locator("a").first.click()
    expect(c.page.locator("article.note header h1")).to_have_text("Lunch")
    assert "found=attachments/lunch-receipt.png" in c.page.url, c.page.url
    found = c.page.locator("details.found-text[data-path='attachments/lunch-receipt.png']")
    expect(found).to_have_attribute("open", "")
    expect(found.locator("summary")).to_have_text("Text found in attachments/lunch-receipt.png")
    expect(found.locator(".page .text")).to_contain_text(re.compile("walrus", re.I))
    expect(found.locator(".page .text")).to_be_visible()
    c.shot("note-found-in-picture")
    # Opened any other way, the text is there on request only.
    c.page.goto(c.server.origin + "/n/lunch.md")
    closed = c.page.locator("details.found-text[data-path='attachments/lunch-receipt.png']")
    expect(closed).not_to_have_attribute("open", "")
    expect(closed.locator(".page .text")).to_be_hidden()
    closed.locator("summary").click()
    expect(closed.locator(".page .text")).to_be_visible()
    expect(closed.locator(".page .text")).to_contain_text(re.compile("walrus", re.I))
    # In the reader's language.
    c.page.click("nav.languages a[lang=ru]")
    expect(c.page.locator("details.found-text summary")).to_have_text("Текст, найденный в attachments/lunch-receipt.png")
    c.page.click("nav.languages a[lang=ja]")
    expect(c.page.locator("details.found-text summary")).to_have_text("attachments/lunch-receipt.png から読み取った文字")


@test
def attachment_pdf_page_is_found_and_opened_at_the_page(c):
    # Given a note that links a PDF whose second page alone says "kumquat".
    with open(c.server.path("contract.pdf"), "wb") as file:
        file.write(text_pdf([["Contract between the parties"], ["Delivery of kumquat crates"]]))
    c.server.write("deal.md", "# Deal\n\nSigned; see [the contract](contract.pdf).\n")
    c.sign_in()
    # When the word is searched: the hit names the PDF's page, and opens the PDF at it.
    hit = search_until_found(c, "kumquat", "Deal")
    expect(hit.locator(".found-in")).to_have_text("contract.pdf p. 2")
    expect(hit.locator(".snippet mark")).to_contain_text(re.compile("kumquat", re.I))
    expect(hit.locator("a.found-file")).to_have_attribute("href", "/n/contract.pdf#page=2")
    c.shot("search-found-in-pdf")
    # Search as you type builds the same hit (from /api/search's `places`).
    c.page.goto(c.server.origin + "/search")
    c.page.locator("#search-input").press_sequentially("kumquat", delay=40)
    typed = c.page.locator("#search-results li.note", has_text="Deal")
    expect(typed.locator(".found-in")).to_have_text("contract.pdf p. 2")
    expect(typed.locator("a.found-file")).to_have_attribute("href", "/n/contract.pdf#page=2")
    expect(typed.locator("a").first).to_have_attribute("href", "/n/deal.md?found=contract.pdf&page=2#found")
    hit = search_until_found(c, "kumquat", "Deal")
    # The PDF is served to the signed-in browser as a PDF, inline, not sniffed…
    answer = c.page.request.get(c.server.origin + "/n/contract.pdf")
    assert answer.status == 200, answer.status
    assert answer.headers["content-type"] == "application/pdf", answer.headers
    assert answer.headers["content-disposition"].startswith("inline"), answer.headers
    assert answer.headers["x-content-type-options"] == "nosniff", answer.headers
    assert "object-src 'none'" in answer.headers["content-security-policy"], answer.headers
    assert answer.body().startswith(b"%PDF-"), answer.body()[:20]
    # …and to no one without the session, as the pictures are.
    assert fetch_without_session(c.server.origin + "/n/contract.pdf") == 401
    assert fetch_without_session(c.server.origin + "/n/attachments/garden.png") == 401
    # A link to a file outside the vault is refused as a picture's link is.
    outside = os.path.join(c.server.base, "outside.pdf")
    with open(outside, "wb") as file:
        file.write(text_pdf([["secret"]]))
    os.symlink(outside, c.server.path("linked.pdf"))
    os.symlink(c.server.path("attachments/garden.png"), c.server.path("linked.png"))
    linked_pdf = c.page.request.get(c.server.origin + "/n/linked.pdf")
    linked_png = c.page.request.get(c.server.origin + "/n/linked.png")
    assert linked_pdf.status == linked_png.status == 403, (linked_pdf.status, linked_png.status)
    assert b"secret" not in linked_pdf.body()
    assert "symbolic link" in linked_pdf.text(), linked_pdf.text()
    # The note's page opened from the hit shows the PDF's text open at page 2, linked to it.
    hit.locator("a").first.click()
    expect(c.page.locator("article.note header h1")).to_have_text("Deal")
    found = c.page.locator("details.found-text[data-path='contract.pdf']")
    expect(found).to_have_attribute("open", "")
    page = found.locator("#found")
    expect(page).to_be_visible()
    expect(page).to_contain_text(re.compile("kumquat", re.I))
    expect(page.locator("h3 a")).to_have_text("p. 2")
    expect(page.locator("h3 a")).to_have_attribute("href", "/n/contract.pdf#page=2")
    expect(found.locator(".page[data-page='1'] h3 a")).to_have_attribute("href", "/n/contract.pdf#page=1")
    # The note's own link to the PDF leads to the served PDF.
    link = c.page.locator("article.note .body a", has_text="the contract")
    assert c.page.evaluate("(a) => a.href", link.element_handle()) == c.server.origin + "/n/contract.pdf"
    c.shot("note-found-in-pdf")
    # The search hit's link to the PDF opens it in the browser's own viewer, under the pages' CSP.
    search_until_found(c, "kumquat", "Deal").locator("a.found-file").click()
    expect(c.page).to_have_url(c.server.origin + "/n/contract.pdf#page=2")
    # The document shown is the PDF itself (the viewer's own frame is not always one Playwright
    # lists): it was opened inline, not downloaded.
    c.page.wait_for_function("() => document.contentType === 'application/pdf'")


@test
def attachment_pdf_no_note_links_is_a_hit_of_its_own(c):
    # Given a PDF in the vault that no note links, whose second page alone says "quince".
    os.makedirs(c.server.path("manuals"), exist_ok=True)
    with open(c.server.path("manuals/orchard.pdf"), "wb") as file:
        file.write(text_pdf([["Orchard care"], ["Prune the quince trees in winter"]]))
    c.sign_in()
    # When the word is searched, once the server's watcher has read the PDF: the hit is the file
    # itself, named, with its page and the words around the match.
    hit = search_until_found(c, "quince", "orchard", kind="file")
    expect(hit.locator(".title")).to_have_text("orchard")
    expect(hit.locator(".found-in")).to_have_text("manuals/orchard.pdf p. 2")
    expect(hit.locator(".snippet mark")).to_contain_text(re.compile("quince", re.I))
    expect(hit.locator("a")).to_have_attribute("href", "/n/manuals/orchard.pdf#page=2")
    c.shot("search-pdf-of-its-own")
    # Search as you type builds the same hit (from /api/search's `files`).
    c.page.goto(c.server.origin + "/search")
    c.page.locator("#search-input").press_sequentially("quince", delay=40)
    typed = c.page.locator("#search-results li.file")
    expect(typed).to_have_count(1)
    expect(typed.locator(".found-in")).to_have_text("manuals/orchard.pdf p. 2")
    expect(typed.locator("a")).to_have_attribute("href", "/n/manuals/orchard.pdf#page=2")
    # In the reader's language.
    c.page.click("nav.languages a[lang=ru]")
    c.page.goto(c.server.origin + "/search?q=quince")
    expect(c.page.locator("#search-results li.file .found-in")).to_have_text("manuals/orchard.pdf с. 2")
    c.page.click("nav.languages a[lang=en]")
    c.page.goto(c.server.origin + "/search?q=quince")
    # The PDF opens in the browser's viewer at the page, behind the session.
    c.page.locator("#search-results li.file a").click()
    expect(c.page).to_have_url(c.server.origin + "/n/manuals/orchard.pdf#page=2")
    c.page.wait_for_function("() => document.contentType === 'application/pdf'")
    assert fetch_without_session(c.server.origin + "/n/manuals/orchard.pdf") == 401
    # Once a note links it, it is found as that note's.
    c.server.write("orchard.md", "# Orchard\n\nThe [care guide](manuals/orchard.pdf).\n")
    note_hit = search_until_found(c, "quince", "Orchard")
    expect(note_hit.locator(".found-in")).to_have_text("manuals/orchard.pdf p. 2")
    expect(c.page.locator("#search-results li.file")).to_have_count(0)
