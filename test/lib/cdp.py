"""One headless Chromium driven over its DevTools pipe (--remote-debugging-pipe),
to open many pages in one process: each page's console messages, script
exceptions and log entries, and expressions evaluated in it.

usage:
    from cdp import Chromium
    with Chromium("chromium") as c:
        p = c.open("file:///tmp/x.svg")      # waits for the load event
        p.console                            # ["error: ...", ...]
        c.eval("document.documentElement.localName")

The protocol: JSON messages ended by a NUL byte, commands on fd 3 of the
browser, replies and events on its fd 4; one page target, attached with
"flatten" so its commands carry a sessionId.
"""
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class Page:
    def __init__(self, url):
        self.url = url
        self.console = []       # "level: text" of console calls, exceptions, log entries
        self.loaded = False


class Chromium:
    def __init__(self, binary="chromium", timeout=60):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="ssdq-cdp.")
        to_chrome_r, self.w = os.pipe()
        self.r, from_chrome_w = os.pipe()
        def fds():
            # fds 3 and 4 of the browser, by way of fds above them (a pipe end
            # may itself be 3 or 4)
            hi = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_chrome_r, from_chrome_w)]
            for want, fd in zip((3, 4), hi):
                os.dup2(fd, want)
                os.set_inheritable(want, True)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-extensions",
             "--user-data-dir=" + self.profile, "--remote-debugging-pipe",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buf = b""
        self.next_id = 0
        self.page = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable", session=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.r, self.w):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read(self):
        """The next message, or an error after the timeout."""
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.r], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer within %d s" % self.timeout)
            chunk = os.read(self.r, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed its pipe (exit %s)" % self.proc.poll())
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def _event(self, m):
        p, method, params = self.page, m.get("method"), m.get("params", {})
        if p is None:
            return
        if method == "Page.loadEventFired":
            p.loaded = True
        elif method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            p.console.append("%s: %s" % (params["type"], text))
        elif method == "Runtime.exceptionThrown":
            d = params["exceptionDetails"]
            p.console.append("exception: %s" % d.get("exception", {}).get("description", d["text"]))
        elif method == "Log.entryAdded":
            e = params["entry"]
            p.console.append("%s: %s (%s)" % (e["level"], e["text"], e.get("url", "")))

    def call(self, method, params=None, session=False):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self._event(m)

    def open(self, url):
        """Load URL in the page; its console messages come with the Page."""
        self.page = Page(url)
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.monotonic() + self.timeout
        while not self.page.loaded:
            if time.monotonic() > deadline:
                raise TimeoutError("%s: no load event within %d s" % (url, self.timeout))
            self._event(self._read())
        # what a page logs right after its load event comes in before this answer
        self.eval("0")
        return self.page

    def eval(self, expr):
        """The value of a JavaScript expression in the page."""
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True},
                      session=True)
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expr[:60], r["exceptionDetails"].get("text")))
        return r["result"].get("value")
