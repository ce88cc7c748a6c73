#!/usr/bin/env python3
"""Opens a page in headless Chromium at a given viewport, as a phone or a desktop would show
it, and prints what a measuring script finds there: one "key value" line per measure.

  report_probe.py CHROMIUM URL WIDTH HEIGHT SCRIPT.js [--mobile] [--screenshot FILE.png]

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
messages ended by a NUL byte on file descriptors 3 and 4), with nothing but the standard
library. Emulation.setDeviceMetricsOverride sets a real viewport of WIDTH css pixels (a
headless window is never narrower than 500), so media queries and the viewport meta tag act
as on a phone. SCRIPT.js is an expression whose value (a flat object) is printed.
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Browser:
    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="crowns-probe-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def fds():  # the child's fd 3 reads our commands, fd 4 writes its answers
            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
             "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def _read_message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read_message()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method):
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._read_message())

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)  # the browser's profile: ours to remove


def main():
    args = sys.argv[1:]
    mobile = "--mobile" in args
    if mobile:
        args.remove("--mobile")
    screenshot = None
    if "--screenshot" in args:
        at = args.index("--screenshot")
        screenshot = args[at + 1]
        del args[at:at + 2]
    chromium, url, width, height, script = args
    with open(script, encoding="utf-8") as f:
        expression = f.read()
    browser = Browser(chromium)
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget",
                               {"targetId": target, "flatten": True})["sessionId"]
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": int(width), "height": int(height), "deviceScaleFactor": 1,
                      "mobile": mobile}, session)
        browser.call("Page.enable", {}, session)
        browser.call("Page.navigate", {"url": url}, session)
        browser.wait_for("Page.loadEventFired")
        result = browser.call("Runtime.evaluate",
                              {"expression": expression, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:500])
        for key, value in result["result"]["value"].items():
            print(key, value)
        if screenshot:
            shot = browser.call("Page.captureScreenshot",
                                {"format": "png", "captureBeyondViewport": True}, session)
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            # PROBE_SEGMENTS=H also writes the page in pieces H pixels high (FILE-0.png, ...),
            # small enough to look at.
            segment = int(os.environ.get("PROBE_SEGMENTS", "0"))
            if segment > 0:
                height = browser.call("Runtime.evaluate", {
                    "expression": "document.documentElement.scrollHeight",
                    "returnByValue": True}, session)["result"]["value"]
                for i, top in enumerate(range(0, height, segment)):
                    clip = {"x": 0, "y": top, "width": int(width),
                            "height": min(segment, height - top), "scale": 1}
                    piece = browser.call("Page.captureScreenshot",
                                         {"format": "png", "clip": clip,
                                          "captureBeyondViewport": True}, session)
                    with open(screenshot.replace(".png", f"-{i}.png"), "wb") as f:
                        f.write(base64.b64decode(piece["data"]))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
