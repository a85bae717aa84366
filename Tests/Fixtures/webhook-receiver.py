#!/usr/bin/env python3
"""A webhook receiver on loopback: keeps every POST's path, JSON body and signature headers.

    webhook-receiver.py

Prints `ready PORT` once it listens. POST to any path answers 204 (or, for paths under /fail/, 500);
GET /_received answers [{"path", "body", "timestamp"}, …] in the order they came; GET /_received?key=SECRET adds
"verified": whether X-OHK-Signature is `sha256=` and the HMAC-SHA256 with SECRET of X-OHK-Timestamp, "." and the
body as received, as a receiver checks it.
"""
import hashlib, hmac, json, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

lock = threading.Lock()
received = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, data=b""):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            value = json.loads(body)
        except ValueError:
            value = body.decode(errors="replace")
        with lock:
            received.append({"path": self.path, "body": value, "raw": body,
                             "timestamp": self.headers.get("X-OHK-Timestamp"), "signature": self.headers.get("X-OHK-Signature")})
        self.answer(500 if self.path.startswith("/fail/") else 204)

    def do_GET(self):
        key = parse_qs(urlparse(self.path).query).get("key", [None])[0]
        answers = []
        with lock:
            for entry in received:
                answer = {"path": entry["path"], "body": entry["body"], "timestamp": entry["timestamp"]}
                if key is not None:
                    expected = "sha256=" + hmac.new(key.encode(), (entry["timestamp"] or "").encode() + b"." + entry["raw"], hashlib.sha256).hexdigest()
                    answer["verified"] = entry["signature"] is not None and hmac.compare_digest(expected, entry["signature"])
                answers.append(answer)
        self.answer(200, json.dumps(answers).encode())


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"ready {server.server_address[1]}", flush=True)
server.serve_forever()
