"""The raw protocol over stdio, without a client library: framing errors, malformed JSON,
batches, and the exit codes of `shutdown`/`exit`."""

import json
import os
import subprocess

VEDL = os.environ.get("VEDL_BIN", "vedl")


def frame(message) -> bytes:
    body = json.dumps(message).encode() if not isinstance(message, bytes) else message
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(data: bytes):
    messages = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages


def run(*messages, timeout=30):
    process = subprocess.run(
        [VEDL, "lsp"], input=b"".join(messages), capture_output=True, timeout=timeout
    )
    return process.returncode, read_messages(process.stdout), process.stderr.decode()


INITIALIZE = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})


def test_clean_shutdown_exits_zero():
    code, messages, _ = run(
        INITIALIZE,
        frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "method": "exit"}),
    )
    assert code == 0
    assert [m.get("id") for m in messages] == [1, 2]


def test_exit_without_shutdown_exits_one():
    code, _, _ = run(INITIALIZE, frame({"jsonrpc": "2.0", "method": "exit"}))
    assert code == 1


def test_malformed_input_is_answered_and_survived():
    code, messages, stderr = run(
        frame({"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}}),
        INITIALIZE,
        b"Content-Length: nonsense\r\n\r\n",
        frame(b'{"jsonrpc": "2.0", "id": 3, "method": '),
        frame([{"jsonrpc": "2.0", "id": 4, "method": "shutdown"}]),
        frame({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"textDocument": {}}}),
        frame({"jsonrpc": "2.0", "id": 6, "method": "no/such/method"}),
        frame({"jsonrpc": "2.0", "method": "$/ignored"}),
        frame({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "method": "exit"}),
    )
    assert code == 0
    errors = [(m.get("id"), m["error"]["code"]) for m in messages if "error" in m]
    assert errors == [(0, -32002), (None, -32700), (None, -32600), (5, -32602), (6, -32601)]
    assert "malformed frame" in stderr
    assert all("jsonrpc" in m for m in messages), "stdout carries only protocol messages"


def test_end_of_input_without_exit():
    code, _, _ = run(INITIALIZE)
    assert code == 1
