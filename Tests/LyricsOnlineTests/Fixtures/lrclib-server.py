#!/usr/bin/env python3
"""A local LRCLIB-compatible server for the tests (never the internet).

Follows LRCLIB's public API documentation: GET /api/get (track_name, artist_name, album_name,
duration: names matched lower-cased, the duration within +-2 s), GET /api/get/<id>,
GET /api/search (q or track_name, artist_name, album_name: keywords, no duration filter, at
most 20 results). Errors as the server sends them: 404
{"message": "Failed to find specified track", "name": "TrackNotFound", "statusCode": 404}, 400
ValidationError.

Usage: lrclib-server.py --records FILE [--mode MODE] [--log FILE]
Prints the port it listens on (127.0.0.1, a free port) as its first line of output.
MODE, for every request: ok (default), status500, hang (never answers), slow:SECONDS (answers
after that long), malformed (a 200 that is not JSON), oversized (a 2 MiB body with its
length declared), oversized-undeclared (the same without a Content-Length).
--log appends one JSON line per request: path, query, User-Agent and Lrclib-Client.
"""
import argparse
import json
import sys
import threading
import time
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


def fold(text):
    """What FTS5's unicode61 tokenizer compares: lower case, diacritics removed."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text):
    return "".join(c if c.isalnum() else " " for c in fold(text)).split()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "lrclib-test"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        self.server.record_request(url.path, query, self.headers)
        mode = self.server.mode
        if mode == "hang":
            time.sleep(3600)
            return
        if mode.startswith("slow:"):
            time.sleep(float(mode.split(":", 1)[1]))
        if mode == "status500":
            return self.send_json(500, {"statusCode": 500, "name": "UnknownError",
                                        "message": "Something bad happened when processing your request"})
        if mode == "malformed":
            return self.send_bytes(200, b'{"id": 1, "trackName": "cut off', "application/json")
        if mode in ("oversized", "oversized-undeclared"):
            return self.send_bytes(200, b"[" + b" " * (2 << 20) + b"]", "application/json",
                                   declare=(mode == "oversized"))
        if url.path == "/api/get":
            return self.get(query)
        if url.path.startswith("/api/get/"):
            return self.get_by_id(url.path[len("/api/get/"):])
        if url.path == "/api/search":
            return self.search(query)
        self.send_json(404, {"statusCode": 404, "name": "NotFound", "message": "Not found"})

    def not_found(self):
        self.send_json(404, {"message": "Failed to find specified track", "name": "TrackNotFound",
                             "statusCode": 404})

    def invalid(self, message):
        self.send_json(400, {"statusCode": 400, "name": "ValidationError", "message": message})

    def get(self, query):
        name = query.get("track_name", "")
        artist = query.get("artist_name", "")
        if not name or not artist:
            return self.invalid("track_name, artist_name: cannot be empty")
        duration = None
        if "duration" in query:
            try:
                duration = float(query["duration"])
            except ValueError:
                return self.invalid("duration: must be a number")
            if not 1.0 <= duration <= 3600.0:
                return self.invalid("duration: must be between 1 and 3600")
        album = query.get("album_name")
        for record in self.server.records:
            if record["trackName"].lower() != name.lower():
                continue
            if record["artistName"].lower() != artist.lower():
                continue
            if album is not None and (record.get("albumName") or "").lower() != album.lower():
                continue
            if duration is not None and not (duration - 2.0 <= record["duration"] <= duration + 2.0):
                continue
            return self.send_json(200, record)
        self.not_found()

    def get_by_id(self, text):
        for record in self.server.records:
            if str(record["id"]) == text:
                return self.send_json(200, record)
        self.not_found()

    def search(self, query):
        if not query.get("q") and not query.get("track_name"):
            return self.invalid("At least one of q or track_name must be present")
        fields = [("q", None), ("track_name", "trackName"), ("artist_name", "artistName"),
                  ("album_name", "albumName")]
        found = []
        for record in self.server.records:
            everything = words(" ".join(record.get(k) or "" for k in ("trackName", "artistName", "albumName")))
            matches = True
            for parameter, field in fields:
                if parameter not in query:
                    continue
                have = everything if field is None else words(record.get(field) or "")
                if not all(word in have for word in words(query[parameter])):
                    matches = False
            if matches:
                found.append(record)
        self.send_json(200, found[:20])

    def send_json(self, status, value):
        self.send_bytes(status, json.dumps(value).encode(), "application/json")

    def send_bytes(self, status, body, content_type, declare=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if declare:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, records, mode, log):
        super().__init__(("127.0.0.1", 0), Handler)
        self.records = records
        self.mode = mode
        self.log = log
        self.lock = threading.Lock()

    def record_request(self, path, query, headers):
        if not self.log:
            return
        line = json.dumps({"path": path, "query": query,
                           "userAgent": headers.get("User-Agent"),
                           "lrclibClient": headers.get("Lrclib-Client")})
        with self.lock, open(self.log, "a") as log:
            log.write(line + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", required=True)
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--log")
    arguments = parser.parse_args()
    with open(arguments.records) as file:
        records = json.load(file)
    server = Server(records, arguments.mode, arguments.log)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
