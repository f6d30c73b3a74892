"""The HTTP side of scripts/bench-web.py: `enote serve` as a process, a signed-in keep-alive
client that reads the server's own time (Server-Timing), a raw reader of the live-update stream
(/events), and the percentile helpers. No third-party modules.
"""

import http.client
import json
import os
import re
import socket
import subprocess
import threading
import time


def percentile(values, share):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, int(round(share * (len(ordered) - 1)))))
    return ordered[index]


def ms(seconds):
    return "%.1f ms" % (seconds * 1000)


class Server:
    """`enote serve --port 0` on the vault; stdout gives the URL with the secret."""

    def __init__(self, enote, vault, log):
        self.log = open(log, "w")
        self.process = subprocess.Popen(
            [enote, "serve", "--port", "0", "--vault", vault], stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://([^/:]+):(\d+)/\?token=(\w+)", line)
        if not match:
            self.stop()
            raise SystemExit("enote serve printed no URL: %r (see %s)" % (line, log))
        self.host, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)

    def rss_mb(self):
        # enote serve replaces itself with enote-web (exec), so the pid is the server's.
        with open("/proc/%d/status" % self.process.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self):
        """The server process's processor time so far (user + system, every thread), from
        /proc/PID/stat: a measure any build gives, unlike the Server-Timing header's `cpu`."""
        with open("/proc/%d/stat" % self.process.pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait_until_idle(self, quiet=1.0, longest=60.0):
        """Waits until the server's processor time stops rising for `quiet` seconds (its first walk
        of the vault done), at most `longest` seconds; returns the seconds waited."""
        start = time.monotonic()
        last, since = self.cpu_seconds(), time.monotonic()
        while time.monotonic() - start < longest:
            time.sleep(0.25)
            now = self.cpu_seconds()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                break
        return time.monotonic() - start

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


class Client:
    """One keep-alive connection with the session cookie."""

    def __init__(self, server, cookie=None):
        self.server = server
        self.connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
        self.cookie = cookie
        self.csrf = None
        self.cpu = None  # the server thread's processor time for the last request (Server-Timing)

    def sign_in(self):
        status, headers, _ = self.get("/?token=" + self.server.token)
        assert status == 303, "signing in answered %d" % status
        self.cookie = headers["set-cookie"].split(";")[0]
        status, _, page = self.get("/")
        self.csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.decode()).group(1)
        return self

    def request(self, method, path, body=None, headers=None):
        """(status, headers, body, seconds to the last byte, server's own seconds or None)."""
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (http.client.HTTPException, OSError):
            self.connection.close()
            raise
        elapsed = time.perf_counter() - start
        answer = {name.lower(): value for name, value in response.getheaders()}
        timing = answer.get("server-timing", "")
        own = re.search(r"app;dur=([\d.]+)", timing)
        cpu = re.search(r"cpu;dur=([\d.]+)", timing)
        self.cpu = float(cpu.group(1)) / 1000 if cpu else None
        return response.status, answer, data, elapsed, (float(own.group(1)) / 1000 if own else None)

    def get(self, path):
        status, headers, body, _, _ = self.request("GET", path)
        return status, headers, body


class EventReader(threading.Thread):
    """A raw /events stream; records when each `change` event naming a path arrives."""

    def __init__(self, server, cookie):
        super().__init__(daemon=True)
        self.socket = socket.create_connection((server.host, server.port))
        request = "GET /events HTTP/1.1\r\nHost: %s:%d\r\nCookie: %s\r\nAccept: text/event-stream\r\n\r\n" % (
            server.host, server.port, cookie)
        self.socket.sendall(request.encode())
        self.arrivals = []  # (time, data)
        self.ready = threading.Event()
        self.condition = threading.Condition()

    def run(self):
        buffer = b""
        while True:
            try:
                chunk = self.socket.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            now = time.perf_counter()
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                if line.startswith(b": connected"):
                    self.ready.set()
                elif line.startswith(b"data: {"):
                    with self.condition:
                        self.arrivals.append((now, json.loads(line[6:]).get("paths", [])))
                        self.condition.notify_all()

    def wait_for(self, name, since, timeout=5.0):
        deadline = time.perf_counter() + timeout
        with self.condition:
            while True:
                for arrived, paths in self.arrivals:
                    if arrived >= since and (name in paths or "*" in paths):
                        return arrived
                left = deadline - time.perf_counter()
                if left <= 0:
                    return None
                self.condition.wait(left)

    def close(self):
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.socket.close()
