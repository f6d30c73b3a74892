"""Issue 34, item 13: one large item (a 200 KB title or heading, 20,000 tags, a 200 KB link)
never makes an answer larger than its stated bound (ToolResult.maximumBytes, 60,000 bytes of
JSON text); a long string or list inside an item is cut with a marker the agent can act on."""
import json

import pytest

from harness import RawServer, Vault

BOUND = 60_000
MARKER = "(cut:"
LONG = "Wörter 😀 " * 16_000  # about 200 KB of UTF-8, characters of one, two and four bytes


@pytest.fixture
def vault():
    made = Vault()
    made.write("long-title.md", f"---\ntitle: {LONG}\n---\nzebrafish in the body.\n")
    made.write("long-heading.md", f"# {LONG}\n\nzebrafish under it.\n\n## Short\n")
    tags = ", ".join(f"tag{i}" for i in range(20_000))
    made.write("many-tags.md", f"---\ntitle: Many tags\ntags: [{tags}]\n---\nzebrafish with tags.\n")
    made.write("long-link.md", f"zebrafish linking: [[{LONG.strip()}]] and [x]({'d' * 200_000}.md)\n")
    # Indexed before the server starts: 20,000 tags take the debug build some 45 s to index, longer
    # than a tool call waits for the index.
    made.enote("list")
    yield made
    made.close()


def test_every_answer_within_the_bound(vault):
    server = RawServer(vault)
    try:
        server.initialize()
        sizes = {}
        cut = {}
        items = {}
        number = 0

        def pages(key, method, params, list_key, cursor_key):
            """Every page of one answer, through its cursor: the largest page's size, whether any
            page says it cut, and the items of all of them."""
            nonlocal number
            cursor, found, size, marked = None, [], 0, False
            for _ in range(60):
                number += 1
                if method == "tools/call":
                    arguments = dict(params["arguments"], **({"cursor": cursor} if cursor else {}))
                    result = server.request(number, method, {"name": params["name"], "arguments": arguments})["result"]
                    assert not result.get("isError"), (key, result["content"][0]["text"][:500])
                    text = result["content"][0]["text"]
                else:
                    result = server.request(number, method, {"cursor": cursor} if cursor else {})["result"]
                    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
                size, marked = max(size, len(text.encode())), marked or MARKER in text
                value = json.loads(text)
                found += value.get(list_key, []) if list_key else [value]
                cursor = value.get(cursor_key)
                if not cursor:
                    break
            sizes[key], cut[key], items[key] = size, marked, found

        for name, arguments, list_key in [
            ("list", {"limit": 200}, "notes"), ("recent", {"limit": 200}, "notes"), ("search", {"query": "zebrafish", "limit": 50}, "notes"),
            ("outline", {"note": "long-heading.md"}, "headings"), ("links", {"note": "long-link.md"}, "links"),
            ("read", {"note": "long-title.md"}, None), ("read", {"note": "many-tags.md"}, None),
            ("backlinks", {"note": "long-title.md"}, "links"), ("tags", {}, "tags"),
        ]:
            pages(f"{name} {next(iter(arguments.values()), '')}".strip(), "tools/call", {"name": name, "arguments": arguments}, list_key,
                  "next_cursor")
        pages("resources/list", "resources/list", {}, "resources", "nextCursor")
        print("sizes:", sizes)
        over = {key: size for key, size in sizes.items() if size > BOUND}
        assert not over, f"answers over {BOUND} bytes: {over}"
        # Each answer that met a long item says it cut it.
        for key in ["list 200", "recent 200", "search zebrafish", "outline long-heading.md", "links long-link.md", "read long-title.md",
                    "resources/list"]:
            assert cut[key], f"{key} has no cut marker"
        # Every note is reachable through the cursor, the long ones cut at a character boundary
        # keeping the start of the original.
        notes = {note["path"]: note for note in items["list 200"]}
        assert {"long-title.md", "long-heading.md", "many-tags.md", "long-link.md", "grocery-list.md"} <= set(notes)
        kept, marker = notes["long-title.md"]["title"].split("…", 1)
        assert LONG.startswith(kept) and len(kept) > 100 and MARKER in marker, marker
        tags = notes["many-tags.md"]["tags"]
        assert tags[0] == "tag0" and MARKER in tags[-1] and len(tags) < 20_000, tags[-1]
        heading = items["outline long-heading.md"][0]["text"]
        assert LONG.startswith(heading.split("…", 1)[0]) and MARKER in heading
        assert {resource["name"] for resource in items["resources/list"]} >= set(notes)
    finally:
        server.close()
