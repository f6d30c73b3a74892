"""Every tool of `enote mcp`, through the real mcp client, in the stateless revision (the client's
`server/discover` probe) and in the initialize revisions (mode='legacy')."""
import subprocess

import anyio
import pytest
from mcp.shared.exceptions import MCPError

from harness import Vault, client, structured

READING = ["search", "context", "list", "recent", "read", "outline", "links", "backlinks", "related", "tags", "history", "attachments", "query"]
WRITING = ["create", "replace", "append", "prepend", "set_front_matter", "move", "delete", "undo"]


@pytest.fixture
def vault():
    made = Vault(git=True)
    yield made
    made.close()


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_every_tool(vault, mode):
    async def main():
        async with client(vault, mode=mode) as mcp:
            if mode == "auto":
                assert mcp.session.discover_result is not None, "the client settled on the stateless revision"
            else:
                assert mcp.session.initialize_result.protocol_version == "2025-11-25"
            tools = {tool.name: tool for tool in (await mcp.list_tools()).tools}
            assert list(tools) == READING + WRITING
            for name in READING:
                assert tools[name].annotations.read_only_hint is True
            assert tools["delete"].annotations.destructive_hint is True
            assert tools["set_front_matter"].annotations.idempotent_hint is True
            # Issue 34, item 7: a destroy date set by an agent removes the note once it passes.
            assert tools["set_front_matter"].annotations.destructive_hint is True
            for tool in tools.values():
                assert tool.input_schema["type"] == "object"

            async def call(name, **arguments):
                result = await mcp.call_tool(name, arguments)
                assert not result.is_error, (name, result.content[0].text)
                return structured(result)

            hits = await call("search", query="grocery")
            assert hits["notes"][0]["path"] == "grocery-list.md" and hits["total"] >= 1
            assert "**Potatoes**" in (await call("search", query="potatoes"))["notes"][0]["snippet"]
            assert "<mark>" in (await call("search", query="potatoes", detail="full"))["notes"][0]["snippet"]
            context = await call("context", question="What is on my grocery list?", max_tokens=150)
            assert context["passages"][0]["path"] == "grocery-list.md" and context["passages"][0]["line"] >= 1, context
            assert [n["path"] for n in (await call("list", tags=["home"]))["notes"]] == ["grocery-list.md"]
            assert len((await call("recent", limit=3))["notes"]) == 3
            read = await call("read", note="grocery-list.md")
            assert read["text"] == vault.read("grocery-list.md") and len(read["revision"]) == 16
            outline = await call("outline", note="ideas.md")
            assert outline["headings"], outline
            await call("links", note="ideas.md")
            await call("backlinks", note="grocery-list.md")
            assert (await call("tags"))["tags"]
            assert (await call("history", note="grocery-list.md"))["commits"][0]["subject"] == "start"

            made = await call("create", title="Call the plumber", body="Tuesday at ten.\n", path="inbox/plumber.md", tags=["home"])
            assert vault.read("inbox/plumber.md").endswith("Tuesday at ten.\n") and "title: Call the plumber" in vault.read("inbox/plumber.md")
            replaced = await call("replace", note="inbox/plumber.md", old_text="Tuesday", new_text="Wednesday", revision=made["revision"])
            assert "Wednesday at ten." in vault.read("inbox/plumber.md") and replaced["write"] > made["write"]
            assert (await call("read", note="inbox/plumber.md"))["revision"] == replaced["revision"], "read your writes"
            await call("append", note="inbox/plumber.md", text="- bring the key")
            await call("prepend", note="inbox/plumber.md", text="Urgent.")
            assert vault.read("inbox/plumber.md").endswith("Urgent.\nWednesday at ten.\n- bring the key\n")
            await call("set_front_matter", note="inbox/plumber.md", color="red", set={"status": "open"})
            text = vault.read("inbox/plumber.md")
            assert "color: red\n" in text and "status: open\n" in text
            hits = await call("search", query="plumber")
            assert [n["path"] for n in hits["notes"]] == ["inbox/plumber.md"], "the index answers with the writes"
            moved = await call("move", note="inbox/plumber.md", to="done/plumber.md")
            assert vault.path("done/plumber.md").exists() and not vault.path("inbox/plumber.md").exists()
            undone = await call("undo", write=moved["write"])
            assert vault.path("inbox/plumber.md").exists() and undone["write"] > moved["write"]
            deleted = await call("delete", note="inbox/plumber.md")
            assert not vault.path("inbox/plumber.md").exists() and deleted["trashed_as"]
            await call("undo", write=deleted["write"])
            assert "Wednesday" in vault.read("inbox/plumber.md")

    anyio.run(main)


def test_append_under_a_heading(vault):
    vault.write("plan.md", "# Plan\n\n## Next\n- one\n\n## Later\n- far\n")

    async def main():
        async with client(vault) as mcp:
            result = await mcp.call_tool("append", {"note": "plan.md", "text": "- two", "heading": "Next"})
            assert not result.is_error, result.content[0].text
            result = await mcp.call_tool("prepend", {"note": "plan.md", "text": "- first", "heading": "Later"})
            assert not result.is_error
            read = structured(await mcp.call_tool("read", {"note": "plan.md", "heading": "Next"}))
            assert read["text"] == "## Next\n- one\n\n- two\n"

    anyio.run(main)
    assert vault.read("plan.md").endswith("# Plan\n\n## Next\n- one\n\n- two\n## Later\n- first\n- far\n")


def test_long_results_come_in_pages(vault):
    vault.write("long.md", "".join(f"line {n} " + "x" * 100 + "\n" for n in range(3000)))

    async def main():
        async with client(vault) as mcp:
            text, cursor, parts = "", None, 0
            while True:
                arguments = {"note": "long.md"}
                if cursor:
                    arguments["cursor"] = cursor
                result = await mcp.call_tool("read", arguments)
                assert len(result.content[0].text) <= 60_000
                part = structured(result)
                text += part["text"]
                parts += 1
                cursor = part.get("next_cursor")
                if not cursor:
                    break
            assert parts > 3 and text == vault.read("long.md")

    anyio.run(main)


def test_history_of_a_deleted_note(vault):
    """As `enote log` does, an agent reads the history of a note gone from the vault by its path."""
    vault.path("garden.md").unlink()
    for args in (["add", "-A"], ["commit", "-qm", "garden gone"]):
        subprocess.run(["git", "-C", str(vault.root)] + args, env=vault.env, check=True)

    async def main():
        async with client(vault) as mcp:
            for name in ("garden.md", "garden"):
                result = await mcp.call_tool("history", {"note": name})
                assert not result.is_error, result.content[0].text
                commits = structured(result)["commits"]
                assert [c["change"] for c in commits] == ["removed", "added"], commits
                assert commits[0]["subject"] == "garden gone"
            diff = await mcp.call_tool("history", {"note": "garden.md", "mode": "diff", "revision": "HEAD~1"})
            assert not diff.is_error, diff.content[0].text
            # A path outside the vault is no note, gone or not.
            with pytest.raises(MCPError, match="inside the vault"):
                await mcp.call_tool("history", {"note": "../vault/garden.md"})

    anyio.run(main)


def text_pdf(pages: list[str]) -> bytes:
    """A PDF with a text layer, one line of Helvetica a page, its offsets computed here."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for text in pages:
        stream = f"BT /F1 14 Tf 72 700 Td ({text}) Tj ET"
        objects.append(f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {len(objects)} 0 R >>")
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def test_text_in_a_linked_pdf_is_found_and_read_through_the_attachments_tool(vault):
    """Issue 38: the server's watcher reads a PDF a note links; search finds its words and says
    where (found_in), and the attachments tool gives its text page by page, bounded."""
    vault.path("lease.pdf").write_bytes(text_pdf(["The lease of the warehouse", "Rent is payable quarterly in advance"]))
    vault.write("lease.md", "# Lease\n\n[signed](lease.pdf)\n")

    async def main():
        async with client(vault) as mcp:
            async def call(name, **arguments):
                result = await mcp.call_tool(name, arguments)
                assert not result.is_error, (name, result.content[0].text)
                return structured(result)

            hits = []
            with anyio.fail_after(60):
                while not hits:
                    hits = [hit for hit in (await call("search", query="quarterly"))["notes"] if hit["path"] == "lease.md"]
                    if not hits:
                        await anyio.sleep(0.25)
            assert hits[0]["found_in"] == {"path": "lease.pdf", "page": 2}, hits[0]
            assert "quarterly" in hits[0]["snippet"].lower()
            pages = (await call("attachments", note="lease.md"))["pages"]
            assert [(p["file"], p["kind"], p["state"], p["page"], p["ocr"]) for p in pages] == [
                ("lease.pdf", "pdf", "read", 1, False), ("lease.pdf", "pdf", "read", 2, False)], pages
            assert pages[1]["text"] == "Rent is payable quarterly in advance"
            assert len((await call("attachments", note="lease.md", file="lease.pdf"))["pages"]) == 2
            # A file the note does not show is a bad argument (as a bad mode is), naming the files it has.
            with pytest.raises(MCPError) as refused:
                await mcp.call_tool("attachments", {"note": "lease.md", "file": "other.pdf"})
            assert "lease.pdf" in str(refused.value), refused.value
            # A picture of the sample vault: there, read or still waiting for the watcher.
            sunset = (await call("attachments", note="sunset.md"))["pages"]
            assert [p["file"] for p in sunset][:1] == ["attachments/sunset.jpg"], sunset
            assert all(p["state"] in ("pending", "read", "failed") for p in sunset)

    anyio.run(main)


def test_a_pdf_no_note_links_is_a_hit_of_its_own_and_read_by_file_alone(vault):
    """Issue 38: a PDF in the vault that no note links is found by the search tool as a hit of
    kind "file" with its page, and the attachments tool reads it by file alone; a file that is
    not such a PDF is a bad argument."""
    vault.path("manuals").mkdir(exist_ok=True)
    vault.path("manuals/heater.pdf").write_bytes(text_pdf(["Heater manual", "Bleed the radiators every autumn"]))

    async def main():
        async with client(vault) as mcp:
            async def call(name, **arguments):
                result = await mcp.call_tool(name, arguments)
                assert not result.is_error, (name, result.content[0].text)
                return structured(result)

            hits = []
            with anyio.fail_after(60):
                while not hits:
                    hits = [hit for hit in (await call("search", query="radiators"))["notes"] if hit.get("kind") == "file"]
                    if not hits:
                        await anyio.sleep(0.25)
            assert hits[0]["path"] == "manuals/heater.pdf", hits[0]
            assert hits[0]["page"] == 2, hits[0]
            assert "**radiators**" in hits[0]["snippet"].lower(), hits[0]
            assert "revision" not in hits[0], hits[0]
            full = (await call("search", query="radiators", detail="full"))["notes"]
            assert [(h["kind"], h["path"], h["page"]) for h in full if h.get("kind")] == [("file", "manuals/heater.pdf", 2)], full
            pages = (await call("attachments", file="manuals/heater.pdf"))["pages"]
            assert [(p["file"], p["page"], p["text"]) for p in pages] == [
                ("manuals/heater.pdf", 1, "Heater manual"), ("manuals/heater.pdf", 2, "Bleed the radiators every autumn")], pages
            # A filter on notes leaves files out.
            tagged = (await call("search", query="radiators", tags=["home"]))["notes"]
            assert tagged == [], tagged
            # Neither a note nor a file, or a file that is no PDF on its own: bad arguments.
            with pytest.raises(MCPError):
                await mcp.call_tool("attachments", {})
            with pytest.raises(MCPError) as refused:
                await mcp.call_tool("attachments", {"file": "manuals/other.pdf"})
            assert "note" in str(refused.value), refused.value

    anyio.run(main)
