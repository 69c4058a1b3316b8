#!/usr/bin/env python3
"""Latency of `vedl lsp` on a 5,000-line document, over stdio as an editor talks to it.

    bench.py VEDL [--edits N] [--lines L]

Measures, over N edits (each changes one clip's duration, so every edit changes the
timeline and the file stays valid):
  * diagnostics: from sending `didChange` to receiving its `publishDiagnostics`;
  * completion:  round trip of `textDocument/completion` at the start of a line in a clip's
                 block (statements valid there), sent once the diagnostics are in;
  * hover:       round trip of `textDocument/hover` on a clip (schema docs + resolved timing);
  * typing:      round trip of a completion sent right behind a `didChange`, before the
                 analysis of that change (what a completion popup costs while typing).
Prints p50/p95/max in milliseconds. Uses only the standard library.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time


def make_document(lines_wanted: int):
    """A valid edit of about `lines_wanted` lines: generated sources only (no media), a main
    track of clips with modifier blocks and transitions, and an overlay of titles placed
    relative to the clips' ids. Returns the text and the line of each main clip."""
    out = [
        "vedl 1",
        "",
        "// Language-server benchmark document (Benchmarks/lsp/bench.py).",
        'param title: String = "Benchmark"',
        "canvas 1080x1920 fps: 30 background: #000000",
        "",
        "let bars = testpattern()",
        "let paint = color(#1E3A8A)",
        "",
        "track main {",
    ]
    clip_lines = []
    k = 0
    # Each main clip is 5 lines plus a transition line every other clip; each title 3 lines.
    clips = max(1, int((lines_wanted - 20) / 7.0) + 1)
    for k in range(clips):
        clip_lines.append(len(out))
        source = "bars" if k % 2 else "paint"
        out.append(f"  clip {source} duration: {3 + k % 3}s id: c{k} {{")
        out.append("    crop 9:16 anchor: top")
        out.append("    adjust brightness: 0.05 contrast: 1.1")
        out.append("    fade in: 200ms")
        out.append("  }")
        if k % 2 == 0:
            out.append("  crossfade 500ms")
    out.append("}")
    out.append("")
    out.append('track overlay "titles" {')
    for k in range(0, clips, 2):
        out.append(f'  text "\\(title) {k}" at: c{k}.start + 1s duration: 1s {{')
        out.append("    position bottom margin: 120")
        out.append("  }")
    out.append("}")
    out.append("")
    out.append('export "out/bench.mp4" quality: medium')
    return "\n".join(out) + "\n", clip_lines


class Server:
    """`vedl lsp` in a subprocess with a reading thread that files each message."""

    def __init__(self, vedl: str):
        self.process = subprocess.Popen(
            [vedl, "lsp", "--log-level", "error"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.lock = threading.Condition()
        self.responses = {}
        self.published = {}  # version -> arrival time
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(stream.read(length))
            now = time.perf_counter()
            with self.lock:
                if "id" in message and "method" not in message:
                    self.responses[message["id"]] = (now, message)
                elif message.get("method") == "textDocument/publishDiagnostics":
                    self.published[message["params"].get("version")] = (now, message["params"]["diagnostics"])
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        """Sends a request; returns its id and the send time."""
        request_id = self.next_id
        self.next_id += 1
        sent = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return request_id, sent

    def wait_response(self, request_id, timeout=60):
        with self.lock:
            if not self.lock.wait_for(lambda: request_id in self.responses, timeout):
                raise TimeoutError(f"no response to {request_id}")
            return self.responses.pop(request_id)

    def wait_published(self, version, timeout=60):
        with self.lock:
            if not self.lock.wait_for(lambda: version in self.published, timeout):
                raise TimeoutError(f"no diagnostics for version {version}")
            return self.published.pop(version)


def percentile(values, p):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def report(name, samples):
    print(
        f"{name:12} n={len(samples):4}  p50 {percentile(samples, 50):7.2f} ms  "
        f"p95 {percentile(samples, 95):7.2f} ms  max {max(samples):7.2f} ms  mean {statistics.mean(samples):7.2f} ms"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("vedl")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--lines", type=int, default=5000)
    args = parser.parse_args()

    text, clip_lines = make_document(args.lines)
    line_count = text.count("\n")
    uri = "file:///tmp/vedl-lsp-bench/bench.vedl"
    server = Server(args.vedl)
    request_id, _ = server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    server.wait_response(request_id)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = time.perf_counter()
    server.send({
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": uri, "languageId": "vedl", "version": 1, "text": text}},
    })
    arrived, diagnostics = server.wait_published(1)
    if diagnostics:
        sys.exit(f"the benchmark document has diagnostics: {diagnostics[:3]}")
    print(f"document: {line_count} lines, {len(text.encode())} bytes, {len(clip_lines)} main clips")
    print(f"open → first diagnostics: {(arrived - started) * 1000:.1f} ms")

    lines = text.split("\n")
    diagnostics_ms, completion_ms, hover_ms, typing_ms = [], [], [], []
    version = 1
    for n in range(args.edits):
        clip_line = clip_lines[(n * 7919) % len(clip_lines)]
        line = lines[clip_line]
        column = line.index("duration: ") + len("duration: ")
        old = line[column]
        new = "4" if old != "4" else "5"
        lines[clip_line] = line[:column] + new + line[column + 1:]
        version += 1
        change = {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{
                "range": {"start": {"line": clip_line, "character": column},
                          "end": {"line": clip_line, "character": column + 1}},
                "text": new,
            }],
        }
        sent = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
        if n % 2 == 1:
            # Completion right behind the change, before its analysis.
            request_id, asked = server.request("textDocument/completion", {
                "textDocument": {"uri": uri}, "position": {"line": clip_line + 1, "character": 4}})
            answered, response = server.wait_response(request_id)
            typing_ms.append((answered - asked) * 1000)
        arrived, diagnostics = server.wait_published(version)
        if diagnostics:
            sys.exit(f"edit {n} produced diagnostics: {diagnostics[:3]}")
        diagnostics_ms.append((arrived - sent) * 1000)

        request_id, asked = server.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": clip_line + 1, "character": 4}})
        answered, response = server.wait_response(request_id)
        labels = {item["label"] for item in response["result"]["items"]}
        if "crop" not in labels:
            sys.exit("completion in a clip's block did not offer `crop`")
        completion_ms.append((answered - asked) * 1000)

        request_id, asked = server.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": clip_line, "character": 3}})
        answered, response = server.wait_response(request_id)
        if "frame" not in response["result"]["contents"]:
            sys.exit("hover on a clip did not show its frames")
        hover_ms.append((answered - asked) * 1000)

    report("diagnostics", diagnostics_ms)
    report("completion", completion_ms)
    report("hover", hover_ms)
    report("typing", typing_ms)

    request_id, _ = server.request("shutdown", None)
    server.wait_response(request_id)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=10)


if __name__ == "__main__":
    main()
