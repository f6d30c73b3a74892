"""What the end-to-end tests of `enote mcp` share: a copy of SampleVault made by the real
`enote init --sample`, the real Python `mcp` client (PyPI) driving `enote mcp` over stdio, a raw
line-by-line client for what a polite client never sends, and a byte-for-byte picture of the
vault's files.

The binary is $ENOTE (scripts/test-mcp sets it to .build/debug/enote)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

ENOTE = os.environ.get("ENOTE", str(Path(__file__).resolve().parents[2] / ".build" / "debug" / "enote"))


class Vault:
    """A temporary vault with the sample notes, a home of its own (for ~/.config/enote/config)."""

    def __init__(self, git: bool = False):
        self.base = Path(tempfile.mkdtemp(prefix="enote-mcp-"))
        self.root = self.base / "vault"
        self.home = self.base / "home"
        self.home.mkdir()
        run([ENOTE, "init", str(self.root), "--sample"], env=self.env)
        # The sample's note past its destroy date goes now, not while a test watches the vault
        # (the server keeps the index live as enote watch does, expiry included).
        run([ENOTE, "--vault", str(self.root), "expire"], env=self.env)
        if git:
            for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "start"]):
                run(["git", "-C", str(self.root)] + args, env=self.env)

    @property
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ENOTE_") and k not in ("XDG_CONFIG_HOME",)}
        env.update(HOME=str(self.home), LC_ALL="C.UTF-8", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@e", GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@e")
        return env

    def user_config(self, text: str) -> None:
        folder = self.home / ".config" / "enote"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "config").write_text(text)

    def path(self, name: str) -> Path:
        return self.root / name

    def read(self, name: str) -> str:
        return self.path(name).read_text()

    def write(self, name: str, text: str) -> None:
        self.path(name).parent.mkdir(parents=True, exist_ok=True)
        self.path(name).write_text(text)

    def picture(self) -> dict[str, bytes]:
        """Every file of the vault but enote's own state (.enote/: the index, the journal), by path."""
        files = {}
        for path in sorted(self.root.rglob("*")):
            relative = path.relative_to(self.root).as_posix()
            if relative.startswith(".enote/") or relative.startswith(".git/") or not path.is_file():
                continue
            try:
                files[relative] = path.read_bytes()
            except FileNotFoundError:
                continue  # a write's temporary file, renamed away between listing and reading
        return files

    def enote(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run([ENOTE, "--vault", str(self.root), *args], env=self.env, check=check)

    def close(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)


def run(args, env=None, check=True) -> subprocess.CompletedProcess:
    result = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} failed ({result.returncode}): {result.stderr}")
    return result


@asynccontextmanager
async def client(vault: Vault, *extra: str, mode: str = "auto", name: str = "pytest"):
    """The real mcp client, connected to `enote mcp` on `vault`."""
    from mcp_types import Implementation

    params = StdioServerParameters(command=ENOTE, args=["mcp", "--vault", str(vault.root), *extra], env=vault.env)
    async with Client(params, mode=mode, client_info=Implementation(name=name, version="1.0"), cache=None) as connected:
        yield connected


def structured(result) -> dict:
    """A tool result's structured content (its JSON)."""
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


class RawServer:
    """`enote mcp` spoken to line by line, for what the mcp client never sends."""

    def __init__(self, vault: Vault, *extra: str):
        self.process = subprocess.Popen([ENOTE, "mcp", "--vault", str(vault.root), *extra], env=vault.env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.pending: list[dict] = []
        # Bytes read from the server but not yet split into lines: read with os.read, because a
        # buffered readline after select can swallow a second message that came in the same
        # read, and select then never wakes for it.
        self.unread = b""

    def send_bytes(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict) -> None:
        self.send_bytes(json.dumps(message).encode() + b"\n")

    def receive(self, timeout: float = 20) -> dict:
        if self.pending:
            return self.pending.pop(0)
        import select
        deadline = time.time() + timeout
        while b"\n" not in self.unread:
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.time()))
            if not ready:
                raise AssertionError("no message within the time")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise AssertionError("the server closed its output")
            self.unread += chunk
        line, self.unread = self.unread.split(b"\n", 1)
        return json.loads(line)

    def answer(self, id_, timeout: float = 30) -> dict:
        """The response to request `id_` (notifications in between are kept for later)."""
        kept = []
        try:
            while True:
                message = self.receive(timeout)
                if message.get("id") == id_ and ("result" in message or "error" in message):
                    return message
                kept.append(message)
        finally:
            self.pending = kept + self.pending

    def request(self, id_, method: str, params: dict | None = None) -> dict:
        message = {"jsonrpc": "2.0", "id": id_, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.answer(id_)

    def initialize(self) -> dict:
        answer = self.request(0, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def close(self) -> int:
        self.process.stdin.close()
        code = self.process.wait(timeout=30)
        self.process.stdout.close()
        self.process.stderr.close()
        return code


MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": {"name": "raw-modern", "version": "2"}}
