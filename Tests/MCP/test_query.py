"""The `query` tool of `enote mcp`, through the real mcp client: a table, tasks with their path and
line, pages joined by cursor, a note's query blocks, a saved query, and the refusals: a query with a
mistake (its line and column), a huge query, a query with nothing to run."""
import anyio
import pytest
from mcp.shared.exceptions import MCPError

from harness import Vault, client, structured


@pytest.fixture
def vault():
    made = Vault()
    made.write("work/alpha.md", "---\ntitle: Alpha\nstatus: active\ntags: [work]\n---\nPlan.\n\n- [ ] write the plan 📅 2026-12-01\n- [x] kick off\n")
    made.write("work/beta.md", "---\ntitle: Beta | B\nstatus: done\ntags: [work]\n---\nBeta.\n")
    made.write("dash.md", "---\ntitle: Dash\n---\n# Dash\n\n```enote\ntable status from #work sort file.name\n```\n\n```dataview\nTABLE status\nWHERE = 3\n```\n")
    yield made
    made.close()


async def call(mcp, **arguments):
    result = await mcp.call_tool("query", arguments)
    assert not result.is_error, result.content[0].text
    return structured(result)


async def refused(mcp, vault, arguments, kind):
    before = vault.picture()
    result = await mcp.call_tool("query", arguments)
    assert result.is_error, (arguments, result.content[0].text)
    answer = structured(result)
    assert answer["error"] == kind, answer
    assert vault.picture() == before
    return answer


def test_a_table_as_markdown_and_rows(vault):
    async def main():
        async with client(vault) as mcp:
            tools = {tool.name: tool for tool in (await mcp.list_tools()).tools}
            assert tools["query"].annotations.read_only_hint is True
            answer = await call(mcp, query="table status from #work sort file.name")
            assert answer["view"] == "table" and answer["columns"] == ["status"] and answer["total"] == 2, answer
            assert [row["path"] for row in answer["rows"]] == ["work/alpha.md", "work/beta.md"]
            assert [row["values"] for row in answer["rows"]] == [["active"], ["done"]]
            lines = answer["markdown"].splitlines()
            assert lines[0] == "| Note | status |" and lines[1] == "| --- | --- |", answer["markdown"]
            assert lines[2] == "| [[work/alpha]] | active |", answer["markdown"]
            assert "next_cursor" not in answer
            # Dataview's DQL, read as such.
            dql = await call(mcp, query='TABLE status FROM "work" WHERE status = "done"', language="dataview")
            assert [row["path"] for row in dql["rows"]] == ["work/beta.md"], dql

    anyio.run(main)


def test_tasks_with_path_and_line(vault):
    async def main():
        async with client(vault) as mcp:
            answer = await call(mcp, query="not done\npath includes work", language="tasks")
            assert answer["view"] == "tasks", answer
            assert [(task["path"], task["line"], task["done"]) for task in answer["tasks"]] == [("work/alpha.md", 8, False)], answer
            assert answer["tasks"][0]["due"] == "2026-12-01"
            assert "- [ ] write the plan 📅 2026-12-01 ([[work/alpha]])" in answer["markdown"], answer["markdown"]
            every = await call(mcp, query="tasks from #work sort line")
            assert [(task["line"], task["done"]) for task in every["tasks"]] == [(8, False), (9, True)], every

    anyio.run(main)


def test_pages_join_by_cursor(vault):
    for number in range(12):
        vault.write(f"many/n{number:02d}.md", f"---\ntitle: N{number:02d}\nkind: many\n---\ntext\n")

    async def main():
        async with client(vault) as mcp:
            seen = []
            cursor = None
            pages = 0
            while True:
                arguments = {"query": 'list where kind = "many" sort file.name', "limit": 5}
                if cursor:
                    arguments["cursor"] = cursor
                answer = await call(mcp, **arguments)
                assert answer["total"] == 12
                seen += [row["path"] for row in answer["rows"]]
                pages += 1
                cursor = answer.get("next_cursor")
                if cursor:
                    assert f"more: pass cursor {cursor}" in answer["markdown"], answer["markdown"]
                else:
                    break
            assert pages == 3
            assert seen == [f"many/n{number:02d}.md" for number in range(12)]

    anyio.run(main)


def test_a_notes_blocks_and_a_saved_query(vault):
    vault.write(".enote/queries/open-work.enote", "list from #work where status != \"done\"\n")

    async def main():
        async with client(vault) as mcp:
            answer = await call(mcp, note="dash.md")
            first, second = answer["blocks"]
            assert first["block"] == 1 and first["line"] == 6 and first["view"] == "table" and first["total"] == 2, first
            assert second["line"] == 10 and second["error"]["line"] == 12 and second["error"]["column"] >= 1, second
            one = await call(mcp, note="dash.md", block=1, limit=1)
            assert one["path"] == "dash.md" and one["line"] == 6 and len(one["rows"]) == 1 and one["next_cursor"] == "1", one
            saved = await call(mcp, name="open-work")
            assert [row["path"] for row in saved["rows"]] == ["work/alpha.md"], saved

    anyio.run(main)


def test_a_mistake_says_where(vault):
    async def main():
        async with client(vault) as mcp:
            failure = await refused(mcp, vault, {"query": "table status\nwhere status = = 3"}, "query_error")
            assert failure["line"] == 2 and failure["column"] == 16, failure
            assert failure["message"].startswith("line 2, column 16: ") and "expected" in failure["message"], failure
            tasks = await refused(mcp, vault, {"query": "not done\ndue sometime soonish", "language": "tasks"}, "query_error")
            assert tasks["line"] == 2, tasks

    anyio.run(main)


def test_a_huge_query_is_refused_cleanly(vault):
    async def main():
        async with client(vault) as mcp:
            failure = await refused(mcp, vault, {"query": "list where " + " or ".join(f'status = "s{n}"' for n in range(3000))}, "too_large")
            assert "bytes long" in failure["message"], failure
            # A deep query within the size: refused by the parser's depth limit, with its place.
            deep = await refused(mcp, vault, {"query": "list where " + "(" * 400 + "true" + ")" * 400}, "query_error")
            assert deep["line"] == 1, deep
            # Nothing to run, or two things: the arguments are wrong.
            for arguments in ({}, {"query": "list", "name": "x"}, {"query": "list", "language": "sql"}):
                with pytest.raises(MCPError):
                    await mcp.call_tool("query", arguments)
            # The server still answers.
            assert (await call(mcp, query="list from #work"))["total"] == 2

    anyio.run(main)
