#!/usr/bin/env python3
"""Opens a page in headless Chromium over the Chrome DevTools Protocol and reports what happened, as JSON.

Call:  browser_check.py DIR [PAGE] [options]
       DIR        a folder, served on 127.0.0.1 at a free port for the run (PAGE is a path inside it,
                  default index.html)
Options:
  --wait EXPR           wait until the JS expression EXPR is truthy (default: document.readyState == 'complete')
  --timeout S           give up on --wait after S seconds (default 30): exit 4, the JSON still printed
  --eval EXPR           after the screenshots, evaluate EXPR (a promise is awaited) and report its value as JSON
                        ("result"; "evalError" when it threw)
  --screenshot PATH[@S] a PNG of the page S seconds (default 0) after it was ready; repeatable, taken in time order
  --compare A,B         compare the screenshots A and B (their PATHs) pixel by pixel: "comparisons" gives whether
                        they differ, how many pixels do and the largest channel difference; repeatable
  --size WxH            the viewport in CSS pixels (default 800x600), device scale 1
  --chromium PATH       the browser (default: $CHROMIUM, else chromium, chromium-browser, google-chrome on the PATH)
Output (stdout, one JSON document): page, url, ready (bool), seconds, console (every console API call and log entry:
level, text, source, url, line), exceptions (uncaught: text, url, line, column), result, screenshots (path, at,
width, height), comparisons, processes (the pids of the browser's processes before it was closed, all gone when the
script ends), tempDir (the browser's temporary folder, removed when the script ends), error (when something failed).
Exit: 0 the page was ready (console errors and exceptions are reported, not judged: the caller decides),
2 bad arguments, 3 no Chromium or it did not start, 4 the page was not ready within --timeout, 5 the protocol
failed or the page crashed.
Chromium runs with its own temporary profile and TMPDIR in a new process group, with this script as the subreaper of
what it starts (Linux): killed with every process it started (and that folder removed) however the run ends, except
by SIGKILL; the server stops with it.

WebGL in headless Chromium without a GPU: ANGLE on SwiftShader (--use-angle=swiftshader --enable-unsafe-swiftshader).
The websocket client below is written for this script from RFC 6455 (client handshake, masked frames, fragments,
ping/pong, close); the CDP methods used are Target.createTarget/attachToTarget (flat sessions), Runtime.enable,
Runtime.evaluate, Log.enable, Page.enable/navigate/captureScreenshot, Emulation.setDeviceMetricsOverride,
Inspector.enable (targetCrashed), Browser.close.
"""
import base64, functools, hashlib, http.server, json, os, shutil, signal, socket, struct, subprocess, sys
import tempfile, threading, time, urllib.parse


TRACE = os.environ.get("BROWSER_CHECK_TRACE") == "1"
T0 = time.monotonic()


def trace(what):
    if TRACE:
        print(f"browser_check: {time.monotonic() - T0:7.3f} s {what}", file=sys.stderr)


class Failure(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------------------------------- websocket (RFC 6455)

class WebSocket:
    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, url, timeout=10):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws":
            raise Failure(5, f"not a ws:// address: {url}")
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        path = parts.path + ("?" + parts.query if parts.query else "")
        request = (f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Failure(5, "the DevTools endpoint closed during the websocket handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if len(lines[0].split()) < 2 or lines[0].split()[1] != "101":
            raise Failure(5, f"websocket handshake refused: {lines[0]}")
        fields = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
        accept = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        if fields.get("sec-websocket-accept") != accept:
            raise Failure(5, "websocket handshake: wrong Sec-WebSocket-Accept")

    def _send_frame(self, opcode, payload):
        head = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        # XOR with the repeated mask, as one big-integer operation (fast for megabyte payloads).
        reps = mask * (n // 4 + 1)
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(reps[:n], "big")).to_bytes(n, "big") if n else b""
        self.sock.sendall(head + mask + masked)

    def send_text(self, text):
        self._send_frame(0x1, text.encode())

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise Failure(5, "the DevTools connection closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive_text(self, timeout):
        """The next text message, or None when nothing came within `timeout` seconds."""
        self.sock.settimeout(timeout)
        try:
            if not self.buffer:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise Failure(5, "the DevTools connection closed")
                self.buffer += chunk
        except socket.timeout:
            return None
        self.sock.settimeout(30)  # a message that started arrives whole
        parts, first = [], None
        while True:
            b0, b1 = self._read(2)
            opcode, fin, n = b0 & 0x0F, b0 & 0x80, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            if opcode == 0x8:
                raise Failure(5, "the DevTools connection was closed by the browser")
            if opcode in (0x1, 0x2):
                first = opcode
            parts.append(payload)
            if fin:
                return b"".join(parts).decode("utf-8", "replace") if first == 0x1 else None

    def close(self):
        try:
            self._send_frame(0x8, struct.pack(">H", 1000))
        except OSError:
            pass
        self.sock.close()


# ---------------------------------------------------------------------------------------------- the protocol

class DevTools:
    """One websocket to the browser; commands go to one flat page session; events go to `on_event`."""

    def __init__(self, url, on_event):
        self.ws = WebSocket(url)
        self.next_id = 0
        self.session = None
        self.on_event = on_event

    def call(self, method, params=None, browser=False, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            message["sessionId"] = self.session
        self.ws.send_text(json.dumps(message))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(5, f"no answer to {method} within {timeout} s")
            text = self.ws.receive_text(left)
            if text is None:
                continue
            m = json.loads(text)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise Failure(5, f"{method}: {m['error'].get('message')} {m['error'].get('data', '')}".strip())
                return m.get("result", {})
            if "method" in m:
                self.on_event(m["method"], m.get("params", {}))

    def pump(self, seconds):
        """Handles events for `seconds`."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            text = self.ws.receive_text(left)
            if text is not None:
                m = json.loads(text)
                if "method" in m:
                    self.on_event(m["method"], m.get("params", {}))


def remote_text(obj):
    """A console argument (a CDP RemoteObject) as text."""
    if "value" in obj:
        v = obj["value"]
        return v if isinstance(v, str) else json.dumps(v)
    if obj.get("unserializableValue"):
        return obj["unserializableValue"]
    return obj.get("description", obj.get("type", ""))


# ---------------------------------------------------------------------------------------------- browser and server

def find_chromium(given):
    for name in [given] if given else [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and (path := shutil.which(name)):
            return path
    return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript",
                      ".mjs": "text/javascript", ".glb": "model/gltf-binary", ".json": "application/json"}

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def start_server(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=directory))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    return server, thread


def become_subreaper():
    """Makes this process the one that reaps the browser's helpers when the browser exits before them (Linux
    PR_SET_CHILD_SUBREAPER), so that none waits as a zombie for PID 1 to reap it."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def reap_orphans():
    """Reaps every exited child this process inherited as the subreaper."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def browser_processes(pgid):
    """{pid: state} of the browser's processes (from /proc; state "Z" is a zombie): those of its process group, and
    every descendant of this script (the crash handler starts its own session; as the subreaper this script
    inherits it)."""
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid pgrp ...
            table[int(entry)] = (fields[0], int(fields[1]), int(fields[2]))
    found = {pid for pid, (_, _, group) in table.items() if group == pgid}
    parents = {os.getpid()}
    while True:
        children = {pid for pid, (_, ppid, _) in table.items() if ppid in parents} - found
        if not children:
            break
        found |= children
        parents = children
    return {pid: table[pid][0] for pid in found}


class Browser:
    def __init__(self, binary, size):
        # One temporary folder for all the browser writes: its profile, and its TMPDIR (with --disable-dev-shm-usage
        # its shared memory files go there, and it leaves some behind).
        # (A short path: the singleton socket Chromium makes in its TMPDIR must fit in a socket address's 108 bytes.)
        self.root = tempfile.mkdtemp(prefix="browser-check-", dir="/tmp" if os.path.isdir("/tmp") else None)
        self.profile = os.path.join(self.root, "profile")
        os.makedirs(os.path.join(self.root, "tmp"))
        args = [binary, "--headless=new", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--remote-debugging-port=0", f"--user-data-dir={self.profile}", f"--window-size={size[0]},{size[1]}",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--mute-audio",
                "--hide-scrollbars", "--password-store=basic", "--use-mock-keychain", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.stderr_lines = []
        become_subreaper()
        # A new session: the browser and every process it starts share one process group we can kill.
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, start_new_session=True,
                                        env={**os.environ, "TMPDIR": os.path.join(self.root, "tmp")})
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.reader.start()

    def _read_stderr(self):
        for raw in self.process.stderr:
            self.stderr_lines.append(raw.decode("utf-8", "replace").rstrip())

    def websocket_url(self, timeout=30):
        """The browser endpoint: from the "DevTools listening on" line, or the DevToolsActivePort file."""
        deadline = time.monotonic() + timeout
        active = os.path.join(self.profile, "DevToolsActivePort")
        while time.monotonic() < deadline:
            for line in list(self.stderr_lines):
                if "DevTools listening on " in line:
                    return line.split("DevTools listening on ", 1)[1].strip()
            try:
                with open(active) as f:
                    port, path = f.read().split("\n")[:2]
                if port.strip() and path.strip():
                    return f"ws://127.0.0.1:{port.strip()}{path.strip()}"
            except (OSError, ValueError):
                pass
            if self.process.poll() is not None:
                tail = "\n".join(self.stderr_lines[-15:])
                raise Failure(3, f"chromium exited with status {self.process.returncode} before DevTools listened:\n{tail}")
            time.sleep(0.05)
        raise Failure(3, f"chromium did not open DevTools within {timeout} s:\n" + "\n".join(self.stderr_lines[-15:]))

    def stop(self):
        """Kills the browser and every process it started, waits until they are gone, removes its folder."""
        trace("stopping chromium")
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            pass
        trace(f"chromium exited: {self.process.poll()}")
        # Whatever is left (helpers that outlived the browser, or a browser that ignored SIGTERM), until none is
        # left, not even one waiting to be reaped.
        deadline = time.monotonic() + 10
        while (left := browser_processes(self.process.pid)) and time.monotonic() < deadline:
            for pid, state in left.items():
                if state != "Z":
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
            self.process.poll()  # reaps the browser itself
            reap_orphans()
            time.sleep(0.02)
        trace(f"browser processes gone: {browser_processes(self.process.pid)}")
        if self.process.poll() is None:
            self.process.wait(timeout=5)
        self.reader.join(timeout=2)
        trace("stderr closed")
        shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------------------------------------- the run

COMPARE_JS = """(async () => {
  const pixels = async (b64) => {
    const blob = await (await fetch('data:image/png;base64,' + b64)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    return g.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const a = await pixels(%s), b = await pixels(%s);
  if (a.width !== b.width || a.height !== b.height)
    return {differ: true, sizeDiffers: true, changedPixels: null, maxDelta: null};
  let changed = 0, maxDelta = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(a.data[i + c] - b.data[i + c]));
    if (d > 0) changed++;
    maxDelta = Math.max(maxDelta, d);
  }
  return {differ: changed > 0, sizeDiffers: false, changedPixels: changed, totalPixels: a.width * a.height, maxDelta};
})()"""


def parse_arguments(argv):
    o = {"dir": None, "page": "index.html", "wait": "document.readyState === 'complete'", "timeout": 30.0,
         "eval": None, "shots": [], "compare": [], "size": (800, 600), "chromium": None}
    positional = []
    i = 0
    try:
        while i < len(argv):
            a = argv[i]
            if a in ("-h", "--help"):
                print(__doc__)
                sys.exit(0)
            if a.startswith("--"):
                value = argv[i + 1]
                i += 2
                if a == "--wait":
                    o["wait"] = value
                elif a == "--timeout":
                    o["timeout"] = float(value)
                elif a == "--eval":
                    o["eval"] = value
                elif a == "--screenshot":
                    path, _, at = value.rpartition("@") if "@" in value else (value, "", "0")
                    o["shots"].append((float(at), os.path.abspath(path)))
                elif a == "--compare":
                    first, second = value.split(",")
                    o["compare"].append((os.path.abspath(first), os.path.abspath(second)))
                elif a == "--size":
                    w, h = value.lower().split("x")
                    o["size"] = (int(w), int(h))
                elif a == "--chromium":
                    o["chromium"] = value
                else:
                    raise ValueError(f"unknown option {a}")
            else:
                positional.append(a)
                i += 1
        if not 1 <= len(positional) <= 2:
            raise ValueError("give the folder to serve and, optionally, the page in it")
        o["dir"] = positional[0]
        if len(positional) == 2:
            o["page"] = positional[1]
        if not os.path.isdir(o["dir"]):
            raise ValueError(f"no folder {o['dir']}")
        shot_paths = {p for _, p in o["shots"]}
        for pair in o["compare"]:
            if not set(pair) <= shot_paths:
                raise ValueError(f"--compare {pair[0]},{pair[1]}: both must be --screenshot paths")
    except (IndexError, ValueError) as e:
        raise Failure(2, f"browser_check: {e}\n(see browser_check.py --help)")
    o["shots"].sort(key=lambda s: s[0])
    return o


def run(o, report):
    binary = find_chromium(o["chromium"])
    if not binary:
        raise Failure(3, "browser_check: no Chromium found (install Debian's `chromium`, or set CHROMIUM=/path/to/chrome)")
    report["chromium"] = binary
    server, thread = start_server(o["dir"])
    browser = None
    devtools = None
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{o['page'].lstrip('/')}"
        report["url"] = url
        browser = Browser(binary, o["size"])
        report["tempDir"] = browser.root
        trace("chromium started")

        def on_event(method, p):
            if method == "Runtime.consoleAPICalled":
                frame = (p.get("stackTrace") or {}).get("callFrames") or [{}]
                level = {"warning": "warning", "error": "error", "assert": "error"}.get(p.get("type"), p.get("type"))
                report["console"].append({"level": level, "text": " ".join(remote_text(a) for a in p.get("args", [])),
                                          "source": "console-api", "url": frame[0].get("url"),
                                          "line": frame[0].get("lineNumber")})
            elif method == "Log.entryAdded":
                e = p.get("entry", {})
                report["console"].append({"level": e.get("level"), "text": e.get("text"), "source": e.get("source"),
                                          "url": e.get("url"), "line": e.get("lineNumber")})
            elif method == "Inspector.targetCrashed":
                raise Failure(5, "browser_check: the page crashed")
            elif method == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                ex = d.get("exception") or {}
                report["exceptions"].append({"text": ex.get("description") or d.get("text"), "url": d.get("url"),
                                             "line": d.get("lineNumber"), "column": d.get("columnNumber")})

        devtools = DevTools(browser.websocket_url(), on_event)
        trace("devtools connected")
        target = devtools.call("Target.createTarget", {"url": "about:blank"}, browser=True)
        attached = devtools.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, browser=True)
        devtools.session = attached["sessionId"]
        for domain in ("Runtime", "Log", "Page", "Inspector"):
            devtools.call(f"{domain}.enable")
        devtools.call("Emulation.setDeviceMetricsOverride",
                      {"width": o["size"][0], "height": o["size"][1], "deviceScaleFactor": 1, "mobile": False})
        started = time.monotonic()
        nav = devtools.call("Page.navigate", {"url": url})
        if nav.get("errorText"):
            raise Failure(5, f"browser_check: could not open {url}: {nav['errorText']}")
        deadline = started + o["timeout"]
        while True:
            # The page's own document (not the about:blank before it), then the caller's condition.
            expression = f"location.href !== 'about:blank' && !!({o['wait']})"
            r = devtools.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
            if r.get("result", {}).get("value") is True:
                break
            if time.monotonic() >= deadline:
                raise Failure(4, f"browser_check: the page was not ready within {o['timeout']} s (waiting for {o['wait']})")
            devtools.pump(0.1)
        ready = time.monotonic()
        trace("page ready")
        report["ready"] = True
        report["seconds"] = round(ready - started, 3)
        images = {}
        for at, path in o["shots"]:
            devtools.pump(max(0.0, ready + at - time.monotonic()))
            shot = devtools.call("Page.captureScreenshot", {"format": "png"})
            data = base64.b64decode(shot["data"])
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            images[path] = shot["data"]
            width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
            report["screenshots"].append({"path": path, "at": round(time.monotonic() - ready, 3),
                                          "width": width, "height": height})
        if o["eval"] is not None:
            r = devtools.call("Runtime.evaluate", {"expression": o["eval"], "returnByValue": True, "awaitPromise": True},
                              timeout=max(30, o["timeout"]))
            if "exceptionDetails" in r:
                d = r["exceptionDetails"]
                report["evalError"] = (d.get("exception") or {}).get("description") or d.get("text")
            report["result"] = r.get("result", {}).get("value")
        for a, b in o["compare"]:
            expression = COMPARE_JS % (json.dumps(images[a]), json.dumps(images[b]))
            r = devtools.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
            report["comparisons"].append({"a": a, "b": b, **(r.get("result", {}).get("value") or {"error": str(r)})})
        devtools.pump(0.05)  # messages logged last
        trace("screenshots, eval and comparisons done")
        try:
            devtools.call("Browser.close", browser=True, timeout=5)
            trace("Browser.close answered")
        except Failure:
            pass
    finally:
        if devtools:
            devtools.ws.close()
        if browser:
            report["processes"] = sorted(browser_processes(browser.process.pid))
            browser.stop()
            trace("chromium stopped")
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        trace("server stopped")


def main():
    # A SIGTERM (a test's timeout) unwinds through the cleanup like an exception.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    report = {"page": None, "url": None, "ready": False, "seconds": None, "console": [], "exceptions": [],
              "result": None, "screenshots": [], "comparisons": []}
    try:
        o = parse_arguments(sys.argv[1:])
        report["page"] = o["page"]
        run(o, report)
        code = 0
    except Failure as e:
        report["error"] = str(e)
        print(str(e), file=sys.stderr)
        code = e.code
    except OSError as e:
        report["error"] = f"browser_check: {e}"
        print(report["error"], file=sys.stderr)
        code = 5
    if code != 2:
        print(json.dumps(report, indent=1))
    return code


if __name__ == "__main__":
    sys.exit(main())
