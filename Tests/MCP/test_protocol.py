"""What no polite client sends — malformed JSON-RPC, names with ../ or NUL, 10 MB arguments, unknown
revisions — gets a JSON-RPC error and the server serves on; notes as resources, and the
notifications that tell an agent of a save made in an editor, in both revisions."""
import pytest

from harness import MODERN, RawServer, Vault


@pytest.fixture
def vault():
    made = Vault()
    yield made
    made.close()


def call(server, id_, name, arguments, meta=None):
    params = {"name": name, "arguments": arguments}
    if meta:
        params["_meta"] = meta
    return server.request(id_, "tools/call", params)


def test_hostile_input_gets_errors_and_the_server_serves_on(vault):
    before = vault.picture()
    server = RawServer(vault)
    server.initialize()
    server.send_bytes(b"{not json\n")
    assert server.receive()["error"]["code"] == -32700
    server.send_bytes(b"[1, 2]\n")
    assert server.receive()["error"]["code"] == -32600
    server.send_bytes(b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}\n')
    assert server.receive()["error"]["code"] == -32600
    assert server.request(1, "no/such/method")["error"]["code"] == -32601
    assert server.request(2, "tools/call", {"name": "no_such_tool", "arguments": {}})["error"]["code"] == -32602
    for id_, arguments in enumerate([
        {"note": "../../etc/passwd"},
        {"note": "grocery-list.md\u0000.md"},
        {"note": "/etc/passwd.md"},
    ], start=10):
        answer = call(server, id_, "read", arguments)
        assert answer["error"]["code"] == -32602, answer
    answer = call(server, 20, "create", {"title": "x", "body": "y", "path": "../outside.md"})
    assert answer["error"]["code"] == -32602, answer
    answer = call(server, 21, "append", {"note": "grocery-list.md", "text": "x" * 10_000_000})
    assert answer["error"]["code"] == -32602 and "more than" in answer["error"]["message"], str(answer)[:300]
    answer = call(server, 22, "read", {"note": "grocery-list.md", "bogus": 1})
    assert answer["error"]["code"] == -32602
    answer = call(server, 23, "replace", {"note": "grocery-list.md", "old_text": "Eggs", "new_text": "x", "revision": "nope"})
    assert answer["error"]["code"] == -32602
    # A line far past the limit is dropped whole; the next one is served.
    server.send_bytes(b'{"jsonrpc": "2.0", "id": 30, "method": "ping", "params": {"pad": "' + b"x" * (40 * 1024 * 1024) + b'"}}\n')
    assert server.receive(60)["error"]["code"] == -32700
    answer = call(server, 31, "read", {"note": "grocery-list.md"})
    assert answer["result"]["isError"] is False
    assert server.close() == 0
    assert vault.picture() == before


def test_protocol_versions(vault):
    server = RawServer(vault)
    discovered = server.request(1, "server/discover", {"_meta": MODERN})["result"]
    assert discovered["supportedVersions"][0] == "2026-07-28" and "2025-11-25" in discovered["supportedVersions"]
    assert discovered["resultType"] == "complete" and discovered["ttlMs"] >= 0
    old = dict(MODERN, **{"io.modelcontextprotocol/protocolVersion": "1900-01-01"})
    error = server.request(2, "tools/list", {"_meta": old})["error"]
    assert error["code"] == -32022 and "2026-07-28" in error["data"]["supported"]
    no_capabilities = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
    assert server.request(3, "tools/list", {"_meta": no_capabilities})["error"]["code"] == -32602
    assert server.request(4, "tools/list")["error"]["code"] == -32600, "a legacy request before initialize"
    legacy = server.request(5, "initialize", {"protocolVersion": "2099-01-01", "capabilities": {}, "clientInfo": {"name": "x", "version": "1"}})
    assert legacy["result"]["protocolVersion"] == "2025-11-25"
    server.close()
    server = RawServer(vault)
    assert server.request(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})["result"]["protocolVersion"] == "2025-06-18"
    server.close()


def test_resources_and_a_save_in_an_editor(vault):
    server = RawServer(vault)
    server.initialize()
    listed = server.request(1, "resources/list")["result"]["resources"]
    uri = next(item["uri"] for item in listed if item["name"] == "grocery-list.md")
    assert uri == "enote:///grocery-list.md"
    content = server.request(2, "resources/read", {"uri": uri})["result"]["contents"][0]
    assert content["text"] == vault.read("grocery-list.md") and content["mimeType"] == "text/markdown"
    assert server.request(3, "resources/read", {"uri": "enote:///../secret.md"})["error"]["code"] == -32002
    assert server.request(4, "resources/subscribe", {"uri": uri})["result"] == {}
    vault.write("grocery-list.md", vault.read("grocery-list.md") + "Saved in Neovim\n")
    while True:
        message = server.receive(20)
        if message.get("method") == "notifications/resources/updated":
            assert message["params"]["uri"] == uri
            break
    assert "Saved in Neovim" in server.request(5, "resources/read", {"uri": uri})["result"]["contents"][0]["text"]
    server.close()


def test_modern_subscriptions(vault):
    server = RawServer(vault)
    server.send({"jsonrpc": "2.0", "id": "sub", "method": "subscriptions/listen",
                 "params": {"_meta": MODERN, "notifications": {"resourcesListChanged": True, "resourceSubscriptions": ["enote:///garden.md"]}}})
    ack = server.receive()
    assert ack["method"] == "notifications/subscriptions/acknowledged" and ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == "sub"
    vault.write("garden.md", vault.read("garden.md") + "More seeds\n")
    seen = set()
    while "notifications/resources/updated" not in seen:
        message = server.receive(20)
        assert message["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == "sub"
        seen.add(message["method"])
    assert "notifications/resources/list_changed" in seen
    server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "sub"}})
    answer = server.request(1, "tools/list", {"_meta": MODERN})
    assert answer["result"]["resultType"] == "complete"
    server.close()


def test_duplicate_keys_are_refused(vault):
    """Issue 34, item 5: Python, JavaScript and Go keep a duplicate key's last value, Foundation its
    first; a gateway that reads `read` must not let through what enote would run as `append`."""
    before = vault.picture()
    server = RawServer(vault)
    server.initialize()
    server.send_bytes(b'{"jsonrpc": "2.0", "id": 40, "method": "tools/call", "params": {"name": "append", "name": "read", '
                      b'"arguments": {"note": "grocery-list.md", "text": "smuggled"}}}\n')
    answer = server.receive()
    assert answer.get("error", {}).get("code") == -32600 and "twice" in answer["error"]["message"], answer
    # Nested, and spelled with an escape: still one key.
    server.send_bytes(b'{"jsonrpc": "2.0", "id": 41, "method": "tools/call", "params": {"name": "append", '
                      b'"arguments": {"note": "grocery-list.md", "text": "a", "\\u0074ext": "b"}}}\n')
    answer = server.receive()
    assert answer.get("error", {}).get("code") == -32600, answer
    # The same key in two objects is no duplicate.
    answer = server.request(42, "tools/call", {"name": "read", "arguments": {"note": "grocery-list.md"}, "_meta": {"name": 1}})
    assert answer["result"]["isError"] is False, answer
    assert server.close() == 0
    assert vault.picture() == before


def test_a_request_with_a_null_id_is_answered(vault):
    """Issue 34, item 12: `"id": null` is a request as JSON-RPC 2.0 reads it (a notification has no
    id at all), so it gets an answer, under a null id: MCP forbids a null id, so the answer is an
    error, and the request does not run."""
    before = vault.picture()
    server = RawServer(vault)
    server.initialize()
    server.send({"jsonrpc": "2.0", "id": None, "method": "tools/call",
                 "params": {"name": "append", "arguments": {"note": "grocery-list.md", "text": "x"}}})
    answer = server.receive(10)
    assert answer["id"] is None and answer["error"]["code"] == -32600, answer
    assert server.request(1, "ping")["result"] == {}
    assert server.close() == 0
    assert vault.picture() == before


def test_front_matter_keys_that_are_not_plain_yaml_keys_are_refused(vault):
    """Issue 34, item 6: `---`, `-` or `-x` as a key made the whole front matter unreadable (title,
    tags, colour and the destroy date lost) while the answer said `changed: true`."""
    before = vault.picture()
    server = RawServer(vault)
    server.initialize()
    for id_, key in enumerate(["---", "-", "-x", "?", "#x"], start=50):
        answer = call(server, id_, "set_front_matter", {"note": "grocery-list.md", "set": {key: "x"}})
        assert answer.get("error", {}).get("code") == -32602, (key, answer)
        answer = call(server, id_ + 100, "set_front_matter", {"note": "grocery-list.md", "remove": [key]})
        assert answer.get("error", {}).get("code") == -32602, (key, answer)
    assert server.close() == 0
    assert vault.picture() == before
