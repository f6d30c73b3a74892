"""Destroyed means gone (RELIABILITY row 178): after a note is destroyed (expiry with
`expiry = delete`, or `enote trash empty`), no file under the vault, `.enote/` included, holds
its text or its name: not the agent journal, not the index's pages, its write-ahead log or its
vocabulary, not the trash log. The sentinel is grepped in the raw bytes of every file; git's own
history is the one place left (the README says so).

The notes are written by an agent through the real `mcp` client (so the journal holds their
earlier text), indexed, searched (so SQLite's pages and the FTS5 segments hold every word), and
the client stays connected while the note is destroyed, as an agent's would.
"""
import os
import subprocess
from pathlib import Path

import anyio
import pytest

from harness import Vault, client, run, structured

SENTINEL = "Qzvorbex"
BODY_WORD = "plumvexzor"


@pytest.fixture
def vault():
    made = Vault(git=True)
    yield made
    made.close()


def holders(root: Path, needles: list[str]) -> dict[str, list[str]]:
    """Every file under the vault but git's own folder whose raw bytes hold a needle, in any case
    (ASCII), with the needles it holds."""
    found = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative == ".git" or relative.startswith(".git/") or not path.is_file() or path.is_symlink():
            continue
        try:
            data = path.read_bytes().lower()
        except (FileNotFoundError, PermissionError):
            continue
        hits = [needle for needle in needles if needle.lower().encode() in data]
        if hits:
            found[relative] = hits
    return found


async def write_and_search(mcp, vault: Vault, title: str, path: str) -> None:
    """An agent makes the note and edits it twice (the journal keeps the text before each edit);
    a search reads every word back through the index."""
    made = structured(await mcp.call_tool("create", {"title": title, "body": f"The {BODY_WORD} code is 4471.\n", "path": path}))
    revision = made["revision"]
    for line in (f"Second {BODY_WORD} line.", f"Third line, {SENTINEL.lower()}s all around."):
        revision = structured(await mcp.call_tool("append", {"note": path, "text": line, "revision": revision}))["revision"]
    found = structured(await mcp.call_tool("search", {"query": BODY_WORD}))
    assert path in str(found), found


def expire_with_delete(vault: Vault) -> None:
    """The vault's expiry deletes (set before any server starts, which then destroys as the
    config says whoever gets to a note first: the connected server's own expiry or the command)."""
    config = vault.path(".enote/config")
    config.write_text(config.read_text().replace("expiry = trash", "expiry = delete"))
    assert "expiry = delete" in config.read_text()


def destroy_by_expiry(vault: Vault, path: str) -> None:
    """The note gets a destroy date in the past, committed before it is written to the work
    tree (expiry deletes only bytes HEAD has, and the connected server may get to it first),
    then expiry runs."""
    text = vault.read(path)
    assert text.startswith("---\n"), text
    due = "---\ndestroy: 2020-01-01\n" + text[4:]
    git = ["git", "-C", str(vault.root)]
    blob = subprocess.run(git + ["hash-object", "-w", "--stdin"], input=due, text=True, capture_output=True, check=True, env=vault.env).stdout.strip()
    run(git + ["update-index", "--add", "--cacheinfo", f"100644,{blob},{path}"], env=vault.env)
    run(git + ["commit", "-qm", "secret"], env=vault.env)
    vault.write(path, due)
    vault.enote("index")
    expired = vault.enote("expire")
    assert not vault.path(path).exists(), expired.stdout + expired.stderr


def test_a_note_expired_with_delete_leaves_no_trace(vault):
    path = f"{SENTINEL.lower()}-plan.md"
    expire_with_delete(vault)

    async def main():
        async with client(vault) as mcp:
            await write_and_search(mcp, vault, f"{SENTINEL} plan", path)
            assert holders(vault.root, [SENTINEL, BODY_WORD]), "the sentinel should be on disk before the note is destroyed"
            await anyio.to_thread.run_sync(destroy_by_expiry, vault, path)
            # The connected agent can no longer bring it back.
            listed = vault.enote("mcp", "log").stdout
            assert SENTINEL.lower() not in listed.lower(), listed

    anyio.run(main)
    assert holders(vault.root, [SENTINEL, BODY_WORD]) == {}
    # Everything else still works: the index answers, and other notes are found.
    assert "grocery-list.md" in vault.enote("search", "potatoes").stdout


def test_notes_deleted_from_the_trash_leave_no_trace(vault):
    first, second, third = f"{SENTINEL.lower()}-one.md", f"inbox/{SENTINEL.lower()}-two.md", f"{SENTINEL.lower()}-three.md"

    async def main():
        async with client(vault) as mcp:
            await write_and_search(mcp, vault, f"{SENTINEL} one", first)
            await write_and_search(mcp, vault, f"{SENTINEL} two", second)
            await write_and_search(mcp, vault, f"{SENTINEL} three", third)
            # The third expires into the trash (`expiry = trash`, the default).
            text = vault.read(third)
            vault.write(third, "---\ndestroy: 2020-01-01\n" + text[4:])
            await anyio.to_thread.run_sync(lambda: vault.enote("expire"))
            assert not vault.path(third).exists()
            # One goes by the agent's delete (its journal keeps the whole text for undo), the
            # other by the person's `enote rm`; then the trash is emptied.
            revision = structured(await mcp.call_tool("read", {"note": first}))["revision"]
            deleted = await mcp.call_tool("delete", {"note": first, "revision": revision})
            assert not deleted.is_error, deleted.content[0].text
            await anyio.to_thread.run_sync(lambda: vault.enote("rm", second))
            await anyio.to_thread.run_sync(lambda: vault.enote("trash", "empty", "--yes"))

    anyio.run(main)
    assert holders(vault.root, [SENTINEL, BODY_WORD]) == {}
    assert "grocery-list.md" in vault.enote("search", "potatoes").stdout


def test_other_notes_keep_their_undo(vault):
    """Only the destroyed note's journal entries go: an agent's other writes can still be undone."""
    path = f"{SENTINEL.lower()}-plan.md"
    expire_with_delete(vault)

    async def main():
        async with client(vault) as mcp:
            base = structured(await mcp.call_tool("read", {"note": "garden.md"}))["revision"]
            kept = structured(await mcp.call_tool("append", {"note": "garden.md", "text": "Kept line.", "revision": base}))
            await write_and_search(mcp, vault, f"{SENTINEL} plan", path)
            await anyio.to_thread.run_sync(destroy_by_expiry, vault, path)
            undone = await mcp.call_tool("undo", {"write": kept["write"]})
            assert not undone.is_error, undone.content[0].text
            assert "Kept line." not in vault.read("garden.md")

    anyio.run(main)
    assert holders(vault.root, [SENTINEL, BODY_WORD]) == {}
