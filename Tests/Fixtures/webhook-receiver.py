#!/usr/bin/env python3
"""A webhook receiver on loopback: keeps every POST's path and JSON body.

    webhook-receiver.py

Prints `ready PORT` once it listens. POST to any path answers 204 (or, for paths under /fail/, 500);
GET /_received answers [{"path", "body"}, …] in the order they came.
"""
import json, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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
            received.append({"path": self.path, "body": value})
        self.answer(500 if self.path.startswith("/fail/") else 204)

    def do_GET(self):
        with lock:
            data = json.dumps(received).encode()
        self.answer(200, data)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"ready {server.server_address[1]}", flush=True)
server.serve_forever()
