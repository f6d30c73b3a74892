"""No byte a person writes is lost when a program saves a note in place while enote writes it.

Editors and sync tools that save in place (vim with `backupcopy=yes`, `cat > note.md`, many
network tools) open the note, truncating it to nothing, and write their bytes a moment later
through the descriptor they hold. Each iteration here does exactly that to one note, with a
pause of 0–2 s (drawn at random, most of them short) between the open and the write, and starts
one of enote's writes at a random moment inside that pause:

- `cli`:    `enote set race --title T-N` (the command line; `enote task done` and the rest share
            its writer);
- `web`:    the editor page of `enote serve` opened and saved with Done (its revision read in the
            pause, so the page builds on the empty file; a page that already showed the person's
            finished save replaces that text, as its user asked);
- `agent`:  the `append` tool of `enote mcp` without a revision (raw JSON-RPC, one server for
            the whole run);
- `expiry`: `enote expire` on a note past its destroy date, committed in git, with
            `expiry = delete`; here the person's program appends (`>>`) instead of truncating,
            so the note still holds its destroy date when enote decides.

Afterwards both sides must be whole: the person's line in the note or in a conflict copy beside
it (or, for expiry, in the trash: a note whose date passed may go once the person's save is
done), and enote's change in the note or a conflict copy unless enote refused with exit status
3 and wrote nothing. Run by scripts/test (through scripts/test-in-place); ENOTE names the binary,
IN_PLACE_ITERATIONS the iterations per path (200), IN_PLACE_PATHS a comma-separated subset.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "MCP"))
sys.path.insert(0, str(HERE.parents[1] / "scripts"))

from harness import ENOTE, RawServer, Vault, run  # noqa: E402
import bench_web_http as web  # noqa: E402

ITERATIONS = int(os.environ.get("IN_PLACE_ITERATIONS", "200"))
PATHS = [p for p in os.environ.get("IN_PLACE_PATHS", "cli,web,agent,expiry").split(",") if p]
ORIGINAL = "---\ntitle: Race\n---\nThe text before the save.\n"


def pause(rng: random.Random) -> float:
    """0–2 s, most of them short (a cube of a uniform draw): many iterations, every length."""
    return 2.0 * rng.random() ** 3


def person_saves(note: Path, text: str, delay: float, started: threading.Event, append: bool = False) -> None:
    """A save in place: open (truncating, or appending), wait `delay`, write, close."""
    flags = os.O_WRONLY | (os.O_APPEND if append else os.O_TRUNC)
    descriptor = os.open(note, flags)
    started.set()
    try:
        time.sleep(delay)
        os.write(descriptor, text.encode())
    finally:
        os.close(descriptor)


def everything_beside(note: Path, vault_root: Path) -> str:
    """The note, its conflict copies and (for expiry) the trash, as one text to search."""
    texts = []
    if note.exists():
        texts.append(note.read_text())
    for copy in note.parent.glob(note.stem + ".conflict-*"):
        texts.append(copy.read_text())
    trash = vault_root / ".trash"
    if trash.exists():
        for item in trash.rglob("*.md"):
            texts.append(item.read_text())
    return "\n".join(texts)


def clear_copies(note: Path, vault_root: Path) -> None:
    for copy in note.parent.glob(note.stem + ".conflict-*"):
        copy.unlink()
    trash = vault_root / ".trash"
    if trash.exists():
        for item in trash.rglob("*.md"):
            item.unlink()


class Path_:
    """One writing path: set up once, then `iteration(i, rng)` returns a failure or None."""

    name = ""

    def __init__(self) -> None:
        self.vault = Vault()
        self.note = self.vault.path("race.md")

    def close(self) -> None:
        self.vault.close()

    def race(self, i: int, rng: random.Random, enote_write, append: bool = False) -> tuple[str, str | None]:
        """Runs the person's save and `enote_write()` inside its pause; returns the person's line
        and what enote_write returned (its marker, or None when it refused)."""
        person_line = f"person {self.name} {i} {rng.getrandbits(64):016x}"
        self.person_line = person_line
        self.overwrote_person = False
        delay = pause(rng)
        started = threading.Event()
        text = (f"More from the person.\n{person_line}\n" if append else f"---\ntitle: Race\n---\n{person_line}\n")
        person = threading.Thread(target=person_saves, args=(self.note, text, delay, started, append))
        person.start()
        started.wait()
        time.sleep(rng.uniform(0, delay))
        marker = enote_write()
        person.join()
        return person_line, marker

    def check(self, i: int, person_line: str, marker: str | None) -> str | None:
        seen = everything_beside(self.note, self.vault.root)
        if person_line not in seen and not self.overwrote_person:
            return f"{self.name} #{i}: the person's line {person_line!r} is lost; left: {seen!r}"
        if marker is not None and marker not in seen:
            return f"{self.name} #{i}: enote's change {marker!r} is lost; left: {seen!r}"
        return None

    def reset(self) -> None:
        clear_copies(self.note, self.vault.root)
        self.note.write_text(ORIGINAL)


class CLI(Path_):
    name = "cli"

    def iteration(self, i: int, rng: random.Random) -> str | None:
        self.reset()
        title = f"T-{i}-{rng.getrandbits(32):08x}"

        def write():
            done = self.vault.enote("set", "race.md", "--title", title, check=False)
            if done.returncode == 3:
                return None
            assert done.returncode == 0, done.stderr
            return f"title: {title}"

        person_line, marker = self.race(i, rng, write)
        return self.check(i, person_line, marker)


class Agent(Path_):
    name = "agent"

    def __init__(self) -> None:
        super().__init__()
        self.reset()
        self.server = RawServer(self.vault)
        self.server.initialize()
        self.next_id = 1

    def close(self) -> None:
        self.server.close()
        super().close()

    def iteration(self, i: int, rng: random.Random) -> str | None:
        self.reset()
        line = f"agent {i} {rng.getrandbits(32):08x}"

        def write():
            self.next_id += 1
            answer = self.server.request(self.next_id, "tools/call", {"name": "append", "arguments": {"note": "race.md", "text": line}})
            result = answer.get("result", {})
            if result.get("isError"):
                text = result["content"][0]["text"]
                assert "being written" in text or "changed" in text, text
                return None
            return line

        person_line, marker = self.race(i, rng, write)
        return self.check(i, person_line, marker)


class Web(Path_):
    name = "web"

    def __init__(self) -> None:
        super().__init__()
        self.reset()
        self.server = web.Server(ENOTE, str(self.vault.root), str(self.vault.base / "serve.log"))
        self.client = web.Client(self.server).sign_in()

    def close(self) -> None:
        self.server.stop()
        super().close()

    def iteration(self, i: int, rng: random.Random) -> str | None:
        self.reset()
        line = f"web {i} {rng.getrandbits(32):08x}"

        def write():
            status, _, page = self.client.get("/edit/race.md")
            assert status == 200, status
            revision = page.decode().split('name="revision" value="', 1)[1].split('"', 1)[0]
            # A page that showed the person's finished save replaces its text, as asked.
            self.overwrote_person = self.person_line in page.decode()
            from urllib.parse import urlencode
            body = urlencode({"csrf": self.client.csrf, "revision": revision, "original_title": "Race", "title": "Race", "body": line + "\n"})
            status, _, answer, _, _ = self.client.request("POST", "/edit/race.md", body=body,
                                                          headers={"Content-Type": "application/x-www-form-urlencoded"})
            assert status in (303, 409), (status, answer[:300])
            return line

        person_line, marker = self.race(i, rng, write)
        return self.check(i, person_line, marker)


class Expiry(Path_):
    name = "expiry"

    def __init__(self) -> None:
        super().__init__()
        config = self.vault.root / ".enote" / "config"
        config.write_text(config.read_text() + "\nexpiry = delete\n")
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "start"]):
            run(["git", "-C", str(self.vault.root)] + args, env=self.vault.env)

    def iteration(self, i: int, rng: random.Random) -> str | None:
        clear_copies(self.note, self.vault.root)
        self.note.write_text(f"---\ntitle: Race\ndestroy: 2020-01-01\n---\nExpiring {i}.\n")
        run(["git", "-C", str(self.vault.root), "add", "race.md"], env=self.vault.env)
        run(["git", "-C", str(self.vault.root), "commit", "-qm", f"race {i}"], env=self.vault.env)

        def write():
            done = self.vault.enote("expire", check=False)
            assert done.returncode in (0, 1, 3), done.stderr
            return None

        person_line, marker = self.race(i, rng, write, append=True)
        return self.check(i, person_line, marker)


def test_no_byte_lost_to_a_save_in_place():
    kinds = {"cli": CLI, "web": Web, "agent": Agent, "expiry": Expiry}
    failures: dict[str, list[str]] = {}
    counts: dict[str, int] = {}

    def drive(name: str) -> None:
        rng = random.Random(f"in-place-{name}")
        path = kinds[name]()
        failures[name] = []
        try:
            for i in range(ITERATIONS):
                failure = path.iteration(i, rng)
                counts[name] = i + 1
                if failure:
                    failures[name].append(failure)
        finally:
            path.close()

    threads = [threading.Thread(target=drive, args=(name,)) for name in PATHS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    summary = ", ".join(f"{name}: {len(failures.get(name, []))} lost of {counts.get(name, 0)}" for name in PATHS)
    print("in-place writers:", summary)
    lost = [f for name in PATHS for f in failures.get(name, [])]
    assert all(counts.get(name) == ITERATIONS for name in PATHS), summary
    assert not lost, summary + "\n" + "\n".join(lost[:10])
