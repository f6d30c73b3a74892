"""Each refusal of `enote mcp` says why and leaves every file of the vault byte for byte as it was:
a stale revision, old text that is not there exactly once, a create over an existing note, a write
outside the folders the person allows, a read-only server, a note open in an editor, a guessed name."""
import anyio
import pytest

from harness import Vault, client, structured


@pytest.fixture
def vault():
    made = Vault()
    yield made
    made.close()


async def refused(mcp, vault, name, arguments, kind):
    before = vault.picture()
    result = await mcp.call_tool(name, arguments)
    assert result.is_error, (name, arguments, result.content[0].text)
    assert structured(result)["error"] == kind, structured(result)
    assert vault.picture() == before, f"{name} changed the vault while refusing"
    return structured(result)


async def revision(mcp, note):
    return structured(await mcp.call_tool("read", {"note": note}))["revision"]


def test_stale_revision_ambiguous_text_and_existing_note(vault):
    vault.write("twice.md", "---\ntitle: Twice\n---\nsame line\nsame line\n")

    async def main():
        async with client(vault) as mcp:
            old = await revision(mcp, "grocery-list.md")
            vault.write("grocery-list.md", vault.read("grocery-list.md") + "Bread\n")  # a person's save in the editor
            failure = await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "Eggs", "new_text": "Ham", "revision": old}, "stale_revision")
            assert failure["current_revision"] != old
            current = await revision(mcp, "grocery-list.md")
            await refused(mcp, vault, "append", {"note": "grocery-list.md", "text": "Tea", "revision": old}, "stale_revision")
            await refused(mcp, vault, "replace", {"note": "twice.md", "old_text": "same line", "new_text": "x", "revision": await revision(mcp, "twice.md")}, "text_ambiguous")
            await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "Caviar", "new_text": "x", "revision": current}, "text_not_found")
            await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "weekly", "new_text": "daily", "revision": current}, "text_not_found")
            await refused(mcp, vault, "create", {"title": "Again", "body": "text", "path": "grocery-list.md"}, "exists")
            await refused(mcp, vault, "create", {"title": "Again", "body": "text", "path": "Grocery-List.md"}, "exists")
            await refused(mcp, vault, "move", {"note": "garden.md", "to": "ideas.md"}, "exists")
            await refused(mcp, vault, "append", {"note": "groc", "text": "x"}, "not_found")
            await refused(mcp, vault, "append", {"note": "grocery-list.md", "text": "x", "heading": "Nowhere"}, "heading_not_found")

    anyio.run(main)


def test_writes_outside_the_allowed_folders(vault):
    vault.user_config("mcp_write = inbox/\n")
    vault.write("inbox/todo.md", "---\ntitle: Todo\n---\n- milk\n")

    async def main():
        async with client(vault) as mcp:
            current = await revision(mcp, "grocery-list.md")
            await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "Eggs", "new_text": "Ham", "revision": current}, "outside_allowed_folders")
            await refused(mcp, vault, "create", {"title": "Elsewhere", "body": "text", "path": "work/elsewhere.md"}, "outside_allowed_folders")
            await refused(mcp, vault, "move", {"note": "inbox/todo.md", "to": "archive/todo.md"}, "outside_allowed_folders")
            await refused(mcp, vault, "delete", {"note": "garden.md"}, "outside_allowed_folders")
            result = await mcp.call_tool("append", {"note": "inbox/todo.md", "text": "- eggs"})
            assert not result.is_error, result.content[0].text

    anyio.run(main)
    assert vault.read("inbox/todo.md").endswith("- milk\n- eggs\n")


def test_the_vault_config_only_narrows(vault):
    vault.user_config("mcp_write = inbox/\n")
    config = vault.path(".enote/config")
    config.write_text(config.read_text() + "mcp_write = /\n")  # the vault asks for everything

    async def main():
        async with client(vault) as mcp:
            await refused(mcp, vault, "create", {"title": "Root", "body": "text", "path": "root.md"}, "outside_allowed_folders")

    anyio.run(main)


def test_read_only(vault):
    async def main():
        async with client(vault, "--read-only") as mcp:
            names = [tool.name for tool in (await mcp.list_tools()).tools]
            assert "replace" not in names and "read" in names
            current = await revision(mcp, "grocery-list.md")
            await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "Eggs", "new_text": "Ham", "revision": current}, "read_only")
            await refused(mcp, vault, "create", {"title": "No", "body": "text"}, "read_only")
            await refused(mcp, vault, "undo", {"write": 1}, "read_only")

    anyio.run(main)


def test_a_note_open_in_an_editor(vault):
    vault.write(".grocery-list.md.swp", "vim")  # vim has it open

    async def main():
        async with client(vault) as mcp:
            current = await revision(mcp, "grocery-list.md")
            failure = await refused(mcp, vault, "replace", {"note": "grocery-list.md", "old_text": "Eggs", "new_text": "Ham", "revision": current}, "open_in_editor")
            assert "vim" in failure["message"]
            await refused(mcp, vault, "delete", {"note": "grocery-list.md"}, "open_in_editor")
            await refused(mcp, vault, "set_front_matter", {"note": "grocery-list.md", "color": "blue"}, "open_in_editor")

    anyio.run(main)
