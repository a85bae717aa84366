#!/usr/bin/env python3
"""Strava's and intervals.icu's upload endpoints on loopback, from their published API documents.

    fake-ride-services.py CONFIG.json STATE_DIR

Prints `ready PORT` once it listens. CONFIG (every key optional):

    {"strava": {"client_id": "1", "client_secret": "s", "refresh_token": "r0", "expires_in": 21600,
                "processing_polls": 2, "processing_seconds": null, "rate_limited_uploads": 0, "failed_uploads": 0,
                "revoke_access_after_uploads": null, "lost_answers": 0},
     "intervals": {"athlete": "i42", "api_key": "k", "failed_uploads": 0, "rate_limited_uploads": 0, "lost_answers": 0}}

Strava (developers.strava.com, "Authentication", "Uploads", "Rate Limits"):
  POST /oauth/token            grant_type=refresh_token|authorization_code; every refresh rotates the
                               refresh token and the old one stops working; 400 for an unknown one.
  POST /api/v3/uploads         multipart file, data_type=fit, name, external_id, trainer; 201 with an
                               upload id "still being processed"; 401 for an unknown access token;
                               the first `rate_limited_uploads` get 429 with X-RateLimit-* headers,
                               the next `failed_uploads` get 500; once `revoke_access_after_uploads`
                               uploads are in, every access token is revoked (one 401).
  GET  /api/v3/uploads/{id}    processing for `processing_polls` questions (or, asked or not, until
                               `processing_seconds` have passed; default a quarter second a question),
                               then an activity id, or the error "<file> duplicate of activity N" for a
                               file (same bytes) or external id already uploaded.
  GET  /api/v3/athlete/activities?after=&before=&per_page=   the athlete's activities (id, external_id,
                               upload_id, start_date), uploads done processing by then included.
  The first `lost_answers` uploads are taken and then the connection is closed without an answer, as when
  the network drops after the upload arrived.
intervals.icu (intervals.icu "Open API"; the API's forum thread):
  POST /api/v1/athlete/{id}/activities?name=&external_id=   multipart `file`, HTTP Basic API_KEY:key;
                               a file already uploaded (same hash) answers the activity it made; the first
                               `lost_answers` are taken and answered with a closed connection.
  GET  /api/v1/athlete/{id}/activities?oldest=&newest=   the athlete's activities (id, external_id).
GET /_state answers what happened, for the tests: every request, activities, tokens.
Uploaded files are written to STATE_DIR as strava-<activity>.fit and intervals-<activity>.fit.
"""
import base64, email.parser, email.policy, hashlib, json, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

config = json.load(open(sys.argv[1]))
state_dir = sys.argv[2]
strava_config = {"client_id": "1", "client_secret": "s", "refresh_token": "r0", "expires_in": 21600,
                 "processing_polls": 2, "processing_seconds": None, "rate_limited_uploads": 0, "failed_uploads": 0,
                 "revoke_access_after_uploads": None, "lost_answers": 0, **config.get("strava", {})}
if strava_config["processing_seconds"] is None:
    strava_config["processing_seconds"] = strava_config["processing_polls"] * 0.25
intervals_config = {"athlete": "i42", "api_key": "k", "failed_uploads": 0, "rate_limited_uploads": 0, "lost_answers": 0,
                    **config.get("intervals", {})}
lock = threading.Lock()
state = {
    "requests": [],
    "refresh_tokens": [strava_config["refresh_token"]],
    "used_refresh_tokens": [],
    "access_tokens": [],
    "strava_upload_posts": 0,
    "strava_uploads": {},      # id -> {polls, sha, external_id, activity, error, file}
    "strava_activities": {},   # activity -> {sha, external_id, name, trainer}
    "intervals_posts": 0,
    "lost_answers": 0,         # uploads taken whose answer the connection lost
    "intervals_activities": {},  # id -> {sha, external_id, name}
    "next_id": 1000,
}


def next_id():
    state["next_id"] += 1
    return state["next_id"]


def parse_form(handler, body):
    content_type = handler.headers.get("Content-Type", "")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    if not message.is_multipart():
        return None
    fields = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        fields[name] = {"filename": part.get_filename(), "data": part.get_payload(decode=True)}
    return fields


def is_fit(data):
    return data is not None and len(data) >= 14 and data[8:12] == b".FIT"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value, headers=()):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, text in headers:
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length", "0"))
        return self.rfile.read(length) if length else b""

    def bearer(self):
        auth = self.headers.get("Authorization", "")
        return auth[7:] if auth.startswith("Bearer ") else None

    def lose_answer(self):
        """Takes what was sent, and closes the connection without a word."""
        state["lost_answers"] += 1
        self.close_connection = True
        try:
            self.connection.shutdown(2)
        except OSError:
            pass

    def do_GET(self):
        parsed = urllib.parse.urlparse(self.path)
        path = parsed.path
        query = urllib.parse.parse_qs(parsed.query)
        with lock:
            state["requests"].append(["GET", path])
            if path == "/_state":
                return self.answer(200, state)
            if path == "/api/v3/athlete/activities":
                if self.bearer() not in state["access_tokens"]:
                    return self.answer(401, {"message": "Authorization Error", "errors": [{"resource": "Athlete", "field": "access_token", "code": "invalid"}]})
                for upload_id, upload in state["strava_uploads"].items():
                    self.upload_status(upload_id, upload)
                activities = [{"id": int(a), "external_id": v["external_id"], "upload_id": v.get("upload_id"), "name": v["name"]}
                              for a, v in state["strava_activities"].items()]
                return self.answer(200, activities)
            if path.startswith("/api/v1/athlete/") and path.endswith("/activities"):
                auth = self.headers.get("Authorization", "")
                expected = "Basic " + base64.b64encode(f"API_KEY:{intervals_config['api_key']}".encode()).decode()
                if auth != expected or path.split("/")[4] != intervals_config["athlete"]:
                    return self.answer(401, {"status": 401, "error": "Access denied"})
                if "oldest" not in query:
                    return self.answer(422, {"status": 422, "error": "oldest is required"})
                return self.answer(200, [{"id": a, "external_id": v["external_id"], "name": v["name"]}
                                         for a, v in state["intervals_activities"].items()])
            if path.startswith("/api/v3/uploads/"):
                if self.bearer() not in state["access_tokens"]:
                    return self.answer(401, {"message": "Authorization Error", "errors": [{"resource": "Athlete", "field": "access_token", "code": "invalid"}]})
                upload = state["strava_uploads"].get(path.rsplit("/", 1)[1])
                if upload is None:
                    return self.answer(404, {"message": "Record Not Found", "errors": [{"resource": "Upload", "field": "id", "code": "not found"}]})
                upload["polls"] += 1
                return self.answer(200, self.upload_status(path.rsplit("/", 1)[1], upload))
        self.answer(404, {"message": "Not Found"})

    def upload_status(self, upload_id, upload):
        base = {"id": int(upload_id), "id_str": upload_id, "external_id": upload["external_id"]}
        processed = time.time() - upload["posted"] >= strava_config["processing_seconds"]
        if upload["polls"] < strava_config["processing_polls"] and not processed:
            return {**base, "error": None, "status": "Your activity is still being processed.", "activity_id": None}
        if upload["activity"] is None and upload["error"] is None:
            duplicate = next((a for a, v in state["strava_activities"].items()
                              if v["sha"] == upload["sha"] or (upload["external_id"] and v["external_id"] == upload["external_id"])), None)
            if duplicate is not None:
                upload["error"] = f"{upload['file']} duplicate of activity {duplicate}"
            else:
                activity = str(next_id())
                state["strava_activities"][activity] = {"sha": upload["sha"], "external_id": upload["external_id"],
                                                        "name": upload["name"], "trainer": upload["trainer"], "upload_id": int(upload_id)}
                open(f"{state_dir}/strava-{activity}.fit", "wb").write(upload["data"])
                upload["activity"] = activity
        if upload["error"]:
            return {**base, "error": upload["error"], "status": "There was an error processing your activity.", "activity_id": None}
        return {**base, "error": None, "status": "Your activity is ready.", "activity_id": int(upload["activity"])}

    def do_POST(self):
        parsed = urllib.parse.urlparse(self.path)
        path = parsed.path
        body = self.body()
        with lock:
            state["requests"].append(["POST", path])
            if path == "/oauth/token":
                return self.token(urllib.parse.parse_qs(body.decode()))
            if path == "/api/v3/uploads":
                return self.strava_upload(body)
            if path.startswith("/api/v1/athlete/") and path.endswith("/activities"):
                return self.intervals_upload(path.split("/")[4], urllib.parse.parse_qs(parsed.query), body)
        self.answer(404, {"message": "Not Found"})

    def token(self, form):
        def one(name):
            return form.get(name, [None])[0]
        if one("client_id") != strava_config["client_id"] or one("client_secret") != strava_config["client_secret"]:
            return self.answer(401, {"message": "Bad Request", "errors": [{"resource": "Application", "field": "client_id", "code": "invalid"}]})
        grant = one("grant_type")
        if grant == "refresh_token":
            token = one("refresh_token")
            if token not in state["refresh_tokens"]:
                return self.answer(400, {"message": "Bad Request", "errors": [{"resource": "RefreshToken", "field": "refresh_token", "code": "invalid"}]})
            state["refresh_tokens"].remove(token)
            state["used_refresh_tokens"].append(token)
        elif grant == "authorization_code":
            if one("code") != "good-code":
                return self.answer(400, {"message": "Bad Request", "errors": [{"resource": "AuthorizationCode", "field": "code", "code": "invalid"}]})
        else:
            return self.answer(400, {"message": "Bad Request", "errors": [{"resource": "Token", "field": "grant_type", "code": "invalid"}]})
        refresh = f"r{next_id()}"
        access = f"a{next_id()}"
        state["refresh_tokens"].append(refresh)
        state["access_tokens"].append(access)
        answer = {"token_type": "Bearer", "access_token": access, "refresh_token": refresh,
                  "expires_at": int(time.time()) + strava_config["expires_in"], "expires_in": strava_config["expires_in"]}
        if grant == "authorization_code":
            answer["athlete"] = {"id": 7, "firstname": "Ada", "lastname": "Lovelace"}
        self.answer(200, answer)

    def strava_upload(self, body):
        if self.bearer() not in state["access_tokens"]:
            return self.answer(401, {"message": "Authorization Error", "errors": [{"resource": "Athlete", "field": "access_token", "code": "invalid"}]})
        state["strava_upload_posts"] += 1
        posts = state["strava_upload_posts"]
        revoke = strava_config["revoke_access_after_uploads"]
        if revoke is not None and posts == revoke + 1 and not state.get("revoked"):
            state["revoked"] = True
            state["access_tokens"].clear()
            state["strava_upload_posts"] -= 1
            return self.answer(401, {"message": "Authorization Error", "errors": [{"resource": "Athlete", "field": "access_token", "code": "invalid"}]})
        if posts <= strava_config["rate_limited_uploads"]:
            return self.answer(429, {"message": "Rate Limit Exceeded", "errors": [{"resource": "Application", "field": "rate limit", "code": "exceeded"}]},
                               headers=[("X-RateLimit-Limit", "200,2000"), ("X-RateLimit-Usage", "201,812")])
        if posts <= strava_config["rate_limited_uploads"] + strava_config["failed_uploads"]:
            return self.answer(500, {"message": "Internal Server Error"})
        form = parse_form(self, body)
        if form is None or "file" not in form or form.get("data_type", {}).get("data") != b"fit":
            return self.answer(400, {"message": "Bad Request", "errors": [{"resource": "Upload", "field": "file", "code": "missing"}]})
        data = form["file"]["data"]
        upload_id = str(next_id())
        upload = {"polls": 0, "posted": time.time(), "sha": hashlib.sha256(data).hexdigest(),
                  "external_id": (form.get("external_id") or {}).get("data", b"").decode(),
                  "name": (form.get("name") or {}).get("data", b"").decode(),
                  "trainer": (form.get("trainer") or {}).get("data", b"").decode(),
                  "file": form["file"]["filename"], "activity": None, "error": None, "data": None}
        if not is_fit(data):
            upload["error"] = "Improperly formatted data."
        upload["data"] = data
        state["strava_uploads"][upload_id] = upload
        status = self.upload_status(upload_id, upload)
        if state["strava_upload_posts"] <= strava_config["lost_answers"]:
            return self.lose_answer()
        self.answer(201, status)

    def intervals_upload(self, athlete, query, body):
        auth = self.headers.get("Authorization", "")
        expected = "Basic " + base64.b64encode(f"API_KEY:{intervals_config['api_key']}".encode()).decode()
        if auth != expected or athlete != intervals_config["athlete"]:
            return self.answer(401, {"status": 401, "error": "Access denied"})
        state["intervals_posts"] += 1
        posts = state["intervals_posts"]
        if posts <= intervals_config["rate_limited_uploads"]:
            return self.answer(429, {"status": 429, "error": "Too many requests"}, headers=[("Retry-After", "1")])
        if posts <= intervals_config["rate_limited_uploads"] + intervals_config["failed_uploads"]:
            return self.answer(500, {"status": 500, "error": "Internal error"})
        form = parse_form(self, body)
        if form is None or "file" not in form or not is_fit(form["file"]["data"]):
            return self.answer(422, {"status": 422, "error": "Unable to read file"})
        data = form["file"]["data"]
        sha = hashlib.sha256(data).hexdigest()
        existing = next((a for a, v in state["intervals_activities"].items() if v["sha"] == sha), None)
        if existing is None:
            existing = f"i{next_id()}"
            state["intervals_activities"][existing] = {"sha": sha, "external_id": query.get("external_id", [""])[0],
                                                       "name": query.get("name", [""])[0]}
            open(f"{state_dir}/intervals-{existing}.fit", "wb").write(data)
        if posts <= intervals_config["rate_limited_uploads"] + intervals_config["failed_uploads"] + intervals_config["lost_answers"]:
            return self.lose_answer()
        self.answer(201, {"icu_athlete_id": athlete, "id": existing, "activities": [{"id": existing}]})


def dump(value):
    return {k: v for k, v in value.items() if k != "data"} if isinstance(value, dict) else value


_answer = Handler.answer


def answer_without_bytes(self, status, value, headers=()):
    if value is state:
        value = {**state, "strava_uploads": {k: dump(v) for k, v in state["strava_uploads"].items()}}
    _answer(self, status, value, headers)


Handler.answer = answer_without_bytes

# A backlog of more than socketserver's five: a busy machine's clients queue up rather than find the door shut.
ThreadingHTTPServer.request_queue_size = 128
ThreadingHTTPServer.daemon_threads = True
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"ready {server.server_address[1]}", flush=True)
server.serve_forever()
