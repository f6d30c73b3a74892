"""Issue 34, item 14: what one client can make the server hold. A message of millions of small JSON
values is refused before it is parsed, and subscriptions are capped per client; the server's
peak memory (VmHWM) stays under 150 MiB under both, and it serves on."""
import threading
import time

import pytest

from harness import RawServer, Vault

LIMIT_KIB = 150 * 1024


@pytest.fixture
def vault():
    made = Vault()
    yield made
    made.close()


def peak_kib(server: RawServer) -> int:
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def test_a_message_of_millions_of_small_values_is_refused_before_parsing(vault):
    server = RawServer(vault)
    server.initialize()
    values = b"1," * (15 * 1_048_576)  # 30 MiB: 15.7 million values, under the 32 MiB a message may be
    message = (b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "list", "arguments": {"x": ['
               + values + b'1]}}}\n')
    start = time.monotonic()
    server.send_bytes(message)
    # Never parsed, so its id is not known: the answer's is null, as JSON-RPC says.
    answer = server.answer(None, timeout=120)
    seconds = time.monotonic() - start
    assert answer.get("error", {}).get("code") == -32600 and "values" in answer["error"]["message"], answer
    peak = peak_kib(server)
    assert peak < LIMIT_KIB, f"peak {peak // 1024} MiB after {seconds:.1f} s"
    # Nesting deeper than any request: refused the same way.
    server.send_bytes(b'{"jsonrpc": "2.0", "id": 8, "method": "ping", "params": {"x": ' + b"[" * 100 + b"]" * 100 + b"}}\n")
    assert server.answer(None).get("error", {}).get("code") == -32600
    # And it serves on.
    assert "result" in server.request(9, "tools/call", {"name": "list", "arguments": {"limit": 1}})
    server.close()


def test_subscriptions_are_capped_per_client(vault):
    server = RawServer(vault)
    server.initialize()
    count = 40_000
    padding = "x" * 4000
    batch = b"".join(
        (f'{{"jsonrpc": "2.0", "id": {1000 + i}, "method": "resources/subscribe", '
         f'"params": {{"uri": "enote://note/{i}-{padding}.md"}}}}\n').encode() for i in range(count))
    # From a thread: the server answers while the batch is still being written, and a pipe full
    # both ways would stop both sides.
    sender = threading.Thread(target=server.send_bytes, args=(batch,))
    sender.start()
    accepted = refused = 0
    for i in range(count):
        answer = server.answer(1000 + i, timeout=60)
        if "result" in answer:
            accepted += 1
        else:
            assert answer["error"]["code"] == -32602 and "at most" in answer["error"]["message"], answer
            refused += 1
    sender.join()
    assert accepted == 1000 and refused == count - 1000, (accepted, refused)
    peak = peak_kib(server)
    assert peak < LIMIT_KIB, f"peak {peak // 1024} MiB"
    # One unsubscribed makes room for one more.
    assert "result" in server.request(2, "resources/unsubscribe", {"uri": f"enote://note/0-{padding}.md"})
    assert "result" in server.request(3, "resources/subscribe", {"uri": "enote://note/grocery-list.md"})
    assert "error" in server.request(4, "resources/subscribe", {"uri": "enote://note/ideas.md"})
    server.close()
