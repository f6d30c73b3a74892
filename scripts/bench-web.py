#!/usr/bin/env python3
"""Measures `enote serve` on a vault (issue 18's performance must-shows); run by scripts/bench-web.

Starts `enote serve --port 0` on VAULT, signs in with the secret URL it prints (the session
cookie), then measures on loopback:

  search   as you type: /api/search (the endpoint search.js calls) for every prefix of a few
           words of the vault, time to the last byte and the server's own time (its
           Server-Timing header), and the server process's CPU over the whole run (from
           /proc/PID/stat, which builds of any age report alike); references in the same run:
           the same query through `enote search --json` as a whole process, and a bare FTS5
           query (sqlite3 module) on a copy of the text in an FTS5 table with the default
           tokenizer
  list     the list's first page (/, HTML, default sort)
  load     CONCURRENCY clients for SECONDS doing a mix of list, search and note requests:
           requests/s, errors, p50/p99; the server's RSS before and after
  live     two clients on /events; a save through the editor's form (CSRF token, revision)
           and a file written on disk by this process: time until both streams report it

Prints Markdown tables. No third-party modules.
"""
import argparse
import html
import json
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import threading
import time
import urllib.parse

from bench_web_http import Client, EventReader, Server, ms, percentile  # beside this script

WORDS = ["sandwich", "harbour", "marmalade", "zephyrine", "morning coffee"]


def prefixes(word):
    return [word[:n] for n in range(1, len(word) + 1) if not word[:n].endswith(" ")]


def bench_search(server, client, enote, vault, rounds):
    rows = []
    every_wall, every_server, every_cpu = [], [], []
    for word in WORDS:
        for prefix in prefixes(word):
            wall, own, cpu = [], [], []
            path = "/api/search?q=" + urllib.parse.quote(prefix)
            client.request("GET", path)  # warm-up
            for _ in range(rounds):
                status, _, body, elapsed, server_time = client.request("GET", path)
                assert status == 200, "%s answered %d" % (path, status)
                wall.append(elapsed)
                if server_time is not None:
                    own.append(server_time)
                if client.cpu is not None:
                    cpu.append(client.cpu)
            total = json.loads(body)["total"]
            every_wall += wall
            every_server += own
            every_cpu += cpu
            rows.append((prefix, total, wall, own, cpu))
    return rows, every_wall, every_server, every_cpu


def as_you_type(query):
    """The query the server runs for what was typed: the last word as a prefix from 3 letters."""
    return query + "*" if len(query.split()[-1]) >= 3 else query


def bench_cli_search(enote, vault, queries, runs):
    """`enote search --json` for the same as-you-type query, whole process."""
    times = []
    for query in queries:
        words = as_you_type(query)
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([enote, "search", "--json", "--vault", vault, "--limit", "50", words], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            times.append(time.perf_counter() - start)
    return times


def bare_fts(vault, scratch):
    """An FTS5 table (default tokenizer) with the vault's title and text, built once into scratch."""
    database = os.path.join(scratch, "bare-fts.sqlite")
    if not os.path.exists(database):
        connection = sqlite3.connect(database + ".part")
        connection.execute("CREATE VIRTUAL TABLE t USING fts5(title, body)")
        batch = []
        for folder, _, names in os.walk(vault):
            if "/." in folder:
                continue
            for name in names:
                if name.endswith(".md"):
                    with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as file:
                        text = file.read()
                    batch.append((name[:-3], text))
                    if len(batch) == 2000:
                        connection.executemany("INSERT INTO t VALUES (?, ?)", batch)
                        batch = []
        connection.executemany("INSERT INTO t VALUES (?, ?)", batch)
        connection.commit()
        connection.close()
        os.rename(database + ".part", database)
    return sqlite3.connect(database, check_same_thread=False)


def bench_bare_fts(connection, queries, rounds):
    times = []
    for query in queries:
        expression = " ".join('"%s"' % w for w in query.split()) + ("*" if as_you_type(query) != query else "")
        sql = "SELECT rowid, snippet(t, 1, '[', ']', '…', 8) FROM t WHERE t MATCH ? ORDER BY bm25(t, 10.0, 1.0) LIMIT 50"
        connection.execute(sql, (expression,)).fetchall()
        for _ in range(rounds):
            start = time.perf_counter()
            connection.execute(sql, (expression,)).fetchall()
            connection.execute("SELECT count(*) FROM t WHERE t MATCH ?", (expression,)).fetchone()
            times.append(time.perf_counter() - start)
    return times


def bench_list(client, rounds):
    wall, own, cpu = [], [], []
    client.request("GET", "/")
    for _ in range(rounds):
        status, _, body, elapsed, server_time = client.request("GET", "/")
        assert status == 200
        wall.append(elapsed)
        if server_time is not None:
            own.append(server_time)
        if client.cpu is not None:
            cpu.append(client.cpu)
    rows = body.count(b'<li class="note')
    return wall, own, cpu, rows, len(body)


def bench_wrk(server, cookie, concurrency, seconds, paths, scratch):
    """The same mix from wrk (two threads), which costs the machine far less than Python threads."""
    paths_file = os.path.join(scratch, "note-paths.txt")
    with open(paths_file, "w") as file:
        for path in paths:
            file.write("/n/" + urllib.parse.quote(path) + "\n")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-web-load.lua")
    environment = dict(os.environ, COOKIE=cookie, PATHS_FILE=paths_file)
    output = subprocess.run(
        ["wrk", "-t2", "-c%d" % concurrency, "-d%ds" % int(seconds), "--timeout", "10s", "-s", script,
         "http://%s:%d/" % (server.host, server.port)], env=environment, capture_output=True, text=True, check=True).stdout
    line = next(l for l in output.splitlines() if l.startswith("WRK "))
    return {key: float(value) for key, value in (field.split("=") for field in line.split()[1:])}


def note_paths(client, count):
    _, _, body = client.get("/")
    paths = re.findall(r'data-path="([^"]+\.md)"', body.decode())
    return paths[:count]


def bench_load(server, cookie, concurrency, seconds, paths):
    queries = [p for w in WORDS for p in prefixes(w)]
    latencies, errors, done = [], [0], threading.Event()
    lock = threading.Lock()
    barrier = threading.Barrier(concurrency + 1)

    def work(number):
        rng = random.Random(number)
        client = Client(server, cookie)
        mine, failed = [], 0
        barrier.wait()
        while not done.is_set():
            roll = rng.random()
            if roll < 0.2:
                path = "/"
            elif roll < 0.7:
                path = "/api/search?q=" + urllib.parse.quote(rng.choice(queries))
            else:
                path = "/n/" + urllib.parse.quote(rng.choice(paths))
            try:
                status, _, _, elapsed, _ = client.request("GET", path)
                if status != 200:
                    failed += 1
                mine.append(elapsed)
            except Exception:
                failed += 1
                client = Client(server, cookie)
        with lock:
            latencies.extend(mine)
            errors[0] += failed

    threads = [threading.Thread(target=work, args=(n,)) for n in range(concurrency)]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    time.sleep(seconds)
    done.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return latencies, errors[0], elapsed


def bench_live(server, client, vault, saves):
    readers = [EventReader(server, client.cookie) for _ in range(2)]
    for reader in readers:
        reader.start()
        assert reader.ready.wait(10), "no ': connected' on /events"
    status, _, body = client.get("/")
    path = re.findall(r'data-path="([^"]+\.md)"', body.decode())[0]
    quoted = "/".join(urllib.parse.quote(part) for part in path.split("/"))
    saved, written, missed = [], [], 0
    for number in range(saves):
        _, _, page = client.get("/edit/" + quoted)
        page = page.decode()
        revision = re.search(r'name="revision" value="([^"]*)"', page).group(1)
        title = re.search(r'name="original_title" value="([^"]*)"', page)
        title = html.unescape(title.group(1)) if title else ""
        form = {"csrf": client.csrf, "revision": revision, "title": title, "original_title": title, "body": "Saved from the benchmark, number %d.\n" % number,
                "color": ""}
        time.sleep(0.3)  # a pause between saves, as a person makes
        start = time.perf_counter()
        status, _, _, _, _ = client.request(
            "POST", "/edit/" + quoted, body=urllib.parse.urlencode(form),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://%s:%d" % (server.host, server.port)})
        assert status == 303, "the save answered %d" % status
        arrivals = [reader.wait_for(path, start) for reader in readers]
        if None in arrivals:
            missed += 1
        else:
            saved.append(max(arrivals) - start)
    for number in range(saves):
        name = "bench-web-%d.md" % number
        time.sleep(0.3)
        start = time.perf_counter()
        with open(os.path.join(vault, name), "w") as file:
            file.write("---\ntitle: Written on disk %d\n---\nBy another process.\n" % number)
        arrivals = [reader.wait_for(name, start) for reader in readers]
        if None in arrivals:
            missed += 1
        else:
            written.append(max(arrivals) - start)
    for number in range(saves):
        os.remove(os.path.join(vault, "bench-web-%d.md" % number))
    for reader in readers:
        reader.close()
    return saved, written, missed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("vault")
    parser.add_argument("--enote", required=True)
    parser.add_argument("--scratch", required=True, help="a folder for the server's log and the bare FTS5 table")
    parser.add_argument("--rounds", type=int, default=20, help="requests per search prefix")
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--only", default="search,list,load,live", help="which measures, comma-separated")
    parser.add_argument("--python-load", action="store_true", help="the load from Python threads even when wrk is installed")
    parser.add_argument("--no-reference", action="store_true", help="skip enote search and the bare FTS5 table")
    arguments = parser.parse_args()
    only = set(arguments.only.split(","))
    os.makedirs(arguments.scratch, exist_ok=True)
    reference = None
    if "search" in only and not arguments.no_reference:
        reference = bare_fts(arguments.vault, arguments.scratch)
    server = Server(arguments.enote, arguments.vault, os.path.join(arguments.scratch, "serve.log"))
    try:
        client = Client(server).sign_in()
        print("enote serve on %s: %d notes, RSS %.1f MB after start" % (
            arguments.vault, int(re.search(rb'"total":(\d+)', client.get("/api/search?q=sandwich")[2]).group(1)), server.rss_mb()))
        if "search" in only:
            server.wait_until_idle()  # its start-up walk of the vault is not the search's
            process_before = server.cpu_seconds()
            rows, wall, own, cpu = bench_search(server, client, arguments.enote, arguments.vault, arguments.rounds)
            process_cpu = server.cpu_seconds() - process_before
            requests = len(wall) + len(rows)  # each prefix's warm-up request too
            print("\n### Search as you type (/api/search, %d requests per prefix, one client)\n" % arguments.rounds)
            print("| Prefix | Matches | p50 to last byte | p99 to last byte | p50 server | p99 server | p50 server CPU | p99 server CPU |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")

            def cells(values):
                return (ms(statistics.median(values)), ms(percentile(values, 0.99))) if values else ("—", "—")

            for prefix, total, w, o, c in rows:
                print("| %s | %d | %s | %s | %s | %s | %s | %s |" % ((prefix, total) + cells(w) + cells(o) + cells(c)))
            print("| **all %d requests** | | %s | %s | %s | %s | %s | %s |" % ((len(wall),) + cells(wall) + cells(own) + cells(cpu)))
            print("\nThe server process's CPU over these %d requests and their warm-ups (/proc/PID/stat, every thread): %.2f s, %.2f ms a request"
                  % (requests, process_cpu, process_cpu / requests * 1000))
            if reference is not None:
                queries = [p for w in WORDS for p in prefixes(w)]
                cli = bench_cli_search(arguments.enote, arguments.vault, queries, 3)
                bare = bench_bare_fts(reference, queries, 5)
                print("\nReferences, the same queries (the last word a prefix from 3 letters): `enote search --json` as a whole process (3 runs each): p50 %s, p99 %s; "
                      "bare FTS5 (default tokenizer, bm25 + snippet LIMIT 50, and count) in Python's sqlite3 (5 runs each): p50 %s, p99 %s"
                      % (ms(statistics.median(cli)), ms(percentile(cli, 0.99)), ms(statistics.median(bare)), ms(percentile(bare, 0.99))))
        if "list" in only:
            wall, own, cpu, rows, size = bench_list(client, arguments.rounds * 5)
            print("\n### The list's first page (/, default sort, %d rows, %d KB of HTML, %d requests)\n" % (rows, size // 1024, len(wall)))
            print("p50 %s, p99 %s to the last byte; server p50 %s, p99 %s; server CPU p50 %s, p99 %s" % (
                ms(statistics.median(wall)), ms(percentile(wall, 0.99)), ms(statistics.median(own)) if own else "—",
                ms(percentile(own, 0.99)) if own else "—", ms(statistics.median(cpu)) if cpu else "—", ms(percentile(cpu, 0.99)) if cpu else "—"))
        if "load" in only:
            paths = note_paths(client, 200)
            before = server.rss_mb()
            print("\n### %d concurrent clients, %.0f s (20%% list, 50%% search as you type, 30%% a note)\n" % (
                arguments.concurrency, arguments.seconds))
            if shutil.which("wrk") and not arguments.python_load:
                w = bench_wrk(server, client.cookie, arguments.concurrency, arguments.seconds, paths, arguments.scratch)
                errors = w["errors_connect"] + w["errors_read"] + w["errors_write"] + w["errors_status"] + w["errors_timeout"]
                print("wrk: %d requests, %.0f requests/s, %d errors (connect %d, read %d, write %d, status %d, timeout %d); "
                      "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms" % (
                          w["requests"], w["requests"] / w["seconds"], errors, w["errors_connect"], w["errors_read"], w["errors_write"],
                          w["errors_status"], w["errors_timeout"], w["p50_ms"], w["p90_ms"], w["p99_ms"], w["max_ms"]))
            else:
                latencies, errors, elapsed = bench_load(server, client.cookie, arguments.concurrency, arguments.seconds, paths)
                print("Python threads: %d requests, %.0f requests/s, %d errors; p50 %s, p99 %s" % (
                    len(latencies), len(latencies) / elapsed, errors, ms(statistics.median(latencies)), ms(percentile(latencies, 0.99))))
            print("\nServer RSS %.1f MB before the load, %.1f MB after" % (before, server.rss_mb()))
        if "live" in only:
            saved, written, missed = bench_live(server, client, arguments.vault, arguments.saves)
            print("\n### Live: two pages on /events\n")
            if saved:
                print("A save through the editor's form → both streams report it: %d saves, p50 %s, p99 %s, max %s" % (
                    len(saved), ms(statistics.median(saved)), ms(percentile(saved, 0.99)), ms(max(saved))))
            if written:
                print("A file written on disk by another process → both streams: %d files, p50 %s, p99 %s, max %s" % (
                    len(written), ms(statistics.median(written)), ms(percentile(written, 0.99)), ms(max(written))))
            print("Missed (no event within 5 s): %d" % missed)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
