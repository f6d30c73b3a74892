#!/usr/bin/env python3
"""Load test of `enote serve` (issue 23's must-show), run by scripts/test-web.

The server runs on a copy of SampleVault. Another process holds 2,000 idle connections and
1,000 connections that send a request head one byte every few seconds (a slowloris client),
opening a new one whenever the server closes one. Meanwhile a signed-in client searches, asks for
the stylesheet and a note, and a note is written on disk. The test passes when:

- every answer of the client is 200 and comes within 1 s (--bound) of its request;
- the note written on disk is found by the server's search, and by `enote search`;
- the attacker did hold its 3,000 connections at once (else the test proved nothing).

It is written for a loaded 2-core machine: the attacker runs in a process of its own at a low
priority (nice 10) and opens its connections at a bounded rate, so that what is measured is the
server, and each request of the client is timed from its connect to the last byte of the answer.
It raises its own descriptor limit (soft, up to the hard limit) for the attacker's connections,
and starts the server with the usual soft limit of 1,024, as a login shell gives it: the server
must make room for the connections itself.
Exits 0 on success, 1 with the reasons otherwise; a machine whose hard descriptor limit is below
what the test needs exits 1 and says so.
"""
import argparse
import http.client
import multiprocessing
import os
import re
import resource
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

IDLE = 2000
SLOW = 1000


def raise_descriptor_limit(wanted):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        return False
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return True
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return True


def attacker(port, idle, slow, held, stop, rate):
    """Holds `idle` silent and `slow` slowloris connections until `stop` is set, reopening any
    the server closes (at most `rate` new connections a second); `held` is the count open."""
    os.nice(10)
    selector = selectors.DefaultSelector()
    kinds = {}  # socket → "idle" or "slow"
    next_byte = {}  # slow socket → when it sends its next header byte
    started = set()  # slow sockets that sent the start of their head
    wanted = {"idle": idle, "slow": slow}
    counts = {"idle": 0, "slow": 0}
    head = ("GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port).encode()

    def open_one(kind):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        try:
            connection.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        except OSError:
            connection.close()
            return
        kinds[connection] = kind
        counts[kind] += 1
        selector.register(connection, selectors.EVENT_READ)
        if kind == "slow":
            next_byte[connection] = time.monotonic() + 0.5

    def drop(connection):
        kind = kinds.pop(connection)
        counts[kind] -= 1
        next_byte.pop(connection, None)
        started.discard(connection)
        selector.unregister(connection)
        connection.close()

    budget = 0.0
    last = time.monotonic()
    while not stop.is_set():
        now = time.monotonic()
        budget = min(budget + (now - last) * rate, rate / 10)
        last = now
        for kind in ("slow", "idle"):
            while counts[kind] < wanted[kind] and budget >= 1:
                open_one(kind)
                budget -= 1
        for key, _ in selector.select(timeout=0.05):
            try:
                data = key.fileobj.recv(4096)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:
                drop(key.fileobj)
        now = time.monotonic()
        for connection, due in list(next_byte.items()):
            if due > now:
                continue
            try:
                connection.send(b"a" if connection in started else head)
                started.add(connection)
                next_byte[connection] = now + 3
            except (BlockingIOError, InterruptedError):
                next_byte[connection] = now + 0.5
            except OSError:
                drop(connection)
        held.value = counts["idle"] + counts["slow"]
    for connection in list(kinds):
        connection.close()


def request(port, path, cookie, timeout=10):
    """One GET on a new connection: (status, body, seconds from connect to the last byte)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Cookie": cookie, "Connection": "close"})
        answer = connection.getresponse()
        body = answer.read().decode("utf-8", "replace")
        return answer.status, body, time.monotonic() - start
    except OSError as error:
        return 0, str(error), time.monotonic() - start
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--enote", required=True, help="the enote binary (enote-web beside it)")
    parser.add_argument("--sample", required=True, help="the vault to copy (SampleVault)")
    parser.add_argument("--seconds", type=float, default=50, help="how long the client works under load (past the 30 s idle timeout)")
    parser.add_argument("--bound", type=float, default=1.0, help="the most an answer may take, in seconds")
    parser.add_argument("--rate", type=float, default=600, help="the attacker's new connections a second")
    options = parser.parse_args()

    if not raise_descriptor_limit(IDLE + SLOW + 1024):
        print("load test: the hard descriptor limit (%d) is below the %d it needs; raise it (ulimit -Hn) and run again"
              % (resource.getrlimit(resource.RLIMIT_NOFILE)[1], IDLE + SLOW + 1024), file=sys.stderr)
        return 1
    base = tempfile.mkdtemp(prefix="enote-web-load-")
    vault = os.path.join(base, "vault")
    shutil.copytree(options.sample, vault, symlinks=True)
    for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "lock", "watch.lock", "watch.sock"]:
        try:
            os.remove(os.path.join(vault, ".enote", name))
        except FileNotFoundError:
            pass
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": base, "LANG": "C.UTF-8", "TZ": "UTC", "TMPDIR": base}
    log = open(os.path.join(base, "serve.log"), "w+")
    def usual_limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))

    server = subprocess.Popen([options.enote, "serve", "--port", "0", "--vault", vault], stdout=subprocess.PIPE, stderr=log,
                              env=environment, text=True, preexec_fn=usual_limit)
    failures = []
    stop = multiprocessing.Event()
    held = multiprocessing.Value("i", 0)
    attack = None
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=(\w+)", line)
        if not match:
            print("load test: enote serve printed no URL: %r" % line, file=sys.stderr)
            return 1
        port, token = int(match.group(1)), match.group(2)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/?token=" + token)
        cookie = connection.getresponse().getheader("Set-Cookie").split(";")[0]
        connection.close()
        status, _, _ = request(port, "/api/search?q=milk", cookie, timeout=60)
        if status != 200:
            failures.append("the first search answered %d" % status)

        attack = multiprocessing.Process(target=attacker, args=(port, IDLE, SLOW, held, stop, options.rate), daemon=True)
        attack.start()
        start = time.monotonic()
        most_held = 0
        slowest = (0.0, "")
        answers = 0
        written = None
        found_after = None
        paths = ["/api/search?q=milk", "/assets/style.css", "/n/grocery-list.md", "/api/search?q=quokka"]
        while time.monotonic() - start < options.seconds or (written and not found_after and time.monotonic() - written < 30):
            most_held = max(most_held, held.value)
            if written is None and most_held >= IDLE + SLOW:
                with open(os.path.join(vault, "under-load.md"), "w", encoding="utf-8") as note:
                    note.write("---\ntitle: Written under load\n---\nquokka\n")
                written = time.monotonic()
            for path in paths:
                status, body, seconds = request(port, path, cookie)
                answers += 1
                if status != 200:
                    failures.append("%s answered %d after %.2f s: %s" % (path, status, seconds, body[:200]))
                if seconds > slowest[0]:
                    slowest = (seconds, path)
                if seconds > options.bound:
                    failures.append("%s took %.2f s (bound %.1f s), with %d connections held" % (path, seconds, options.bound, held.value))
                if path.endswith("quokka") and written and not found_after and "under-load.md" in body:
                    found_after = time.monotonic() - written
            time.sleep(0.05)
        stop.set()
        attack.join(10)
        if most_held < IDLE + SLOW:
            failures.append("the attacker held at most %d connections of %d" % (most_held, IDLE + SLOW))
        if written is None:
            failures.append("the note was never written (the attacker never held every connection)")
        elif found_after is None:
            failures.append("the note written under load was not found by the server's search")
        search = subprocess.run([options.enote, "search", "quokka", "--vault", vault], capture_output=True, text=True, env=environment)
        if "Written under load" not in search.stdout:
            failures.append("enote search did not find the note written under load: %s%s" % (search.stdout, search.stderr))
        print("load test: %d answers under %d held connections (%d idle, %d slow-header); slowest %.3f s (%s); the note was found %s"
              % (answers, most_held, IDLE, SLOW, slowest[0], slowest[1],
                 "%.2f s after it was written" % found_after if found_after is not None else "never"))
    finally:
        stop.set()
        if attack is not None and attack.is_alive():
            attack.terminate()
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        log.seek(0)
        server_log = log.read()
        log.close()
        shutil.rmtree(base, ignore_errors=True)
    if failures:
        for failure in failures[:20]:
            print("load test: FAILED: " + failure, file=sys.stderr)
        if len(failures) > 20:
            print("load test: … and %d more" % (len(failures) - 20), file=sys.stderr)
        if server_log.strip():
            print("server log:\n" + server_log[-4000:], file=sys.stderr)
        return 1
    print("load test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
