"""Two agents on one note, and undo against a person's later edit: nothing is ever lost."""
import anyio
import pytest

from harness import Vault, client, structured


@pytest.fixture
def vault():
    made = Vault()
    yield made
    made.close()


def test_two_clients_write_the_same_note(vault):
    async def main():
        async with client(vault, name="first") as one, client(vault, name="second") as two:
            base = structured(await one.call_tool("read", {"note": "grocery-list.md"}))["revision"]
            assert structured(await two.call_tool("read", {"note": "grocery-list.md"}))["revision"] == base
            results = {}

            async def write(name, mcp, old, new):
                results[name] = await mcp.call_tool("replace", {"note": "grocery-list.md", "old_text": old, "new_text": new, "revision": base})

            async with anyio.create_task_group() as group:
                group.start_soon(write, "first", one, "Potatoes", "Sweet potatoes")
                group.start_soon(write, "second", two, "Eggs", "Duck eggs")
            outcomes = sorted((name, result.is_error) for name, result in results.items())
            assert [failed for _, failed in outcomes].count(True) == 1, [r.content[0].text for r in results.values()]
            loser = next(result for result in results.values() if result.is_error)
            assert structured(loser)["error"] == "stale_revision"
            winner = next(name for name, result in results.items() if not result.is_error)
            text = vault.read("grocery-list.md")
            assert ("Sweet potatoes" in text) == (winner == "first") and ("Duck eggs" in text) == (winner == "second")
            # The loser reads again and succeeds: nothing is lost.
            mcp, old, new = (two, "Eggs", "Duck eggs") if winner == "first" else (one, "Potatoes", "Sweet potatoes")
            fresh = structured(await mcp.call_tool("read", {"note": "grocery-list.md"}))["revision"]
            again = await mcp.call_tool("replace", {"note": "grocery-list.md", "old_text": old, "new_text": new, "revision": fresh})
            assert not again.is_error
            text = vault.read("grocery-list.md")
            assert "Sweet potatoes" in text and "Duck eggs" in text

    anyio.run(main)


def test_undo_after_a_human_edit_is_refused(vault):
    async def main():
        async with client(vault) as mcp:
            base = structured(await mcp.call_tool("read", {"note": "garden.md"}))["revision"]
            text = vault.read("garden.md")
            word = text.split()[-1]
            write = structured(await mcp.call_tool("replace", {"note": "garden.md", "old_text": word, "new_text": word + "!", "revision": base}))
            vault.write("garden.md", vault.read("garden.md") + "A person's line.\n")
            before = vault.picture()
            result = await mcp.call_tool("undo", {"write": write["write"]})
            assert result.is_error and structured(result)["error"] == "changed_since_write"
            assert vault.picture() == before
        # The person's own undo refuses too, and says so.
        refused = vault.enote("mcp", "undo", str(write["write"]), check=False)
        assert refused.returncode == 1 and "changed after it" in refused.stderr, refused.stderr
        assert vault.picture() == before

    anyio.run(main)


def test_the_person_lists_and_undoes_agent_writes(vault):
    async def main():
        async with client(vault, name="claude-test") as mcp:
            base = structured(await mcp.call_tool("read", {"note": "garden.md"}))["revision"]
            return structured(await mcp.call_tool("append", {"note": "garden.md", "text": "From the agent.", "revision": base}))

    original = vault.read("garden.md")
    write = anyio.run(main)
    assert "From the agent." in vault.read("garden.md")
    log = vault.enote("mcp", "log").stdout
    assert f"{write['write']}  " in log and "claude-test 1.0" in log and "append" in log and "garden.md" in log
    vault.enote("mcp", "undo", str(write["write"]))
    assert vault.read("garden.md") == original
