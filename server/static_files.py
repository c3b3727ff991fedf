"""Static files sent small and cached right: text compressed with gzip when the browser asks
for it, every file with an ETag of its content, and a long max-age only on an address that
carries that content's hash (`?v=`), which templates get from url_for (see `version`).

A file is read, hashed and compressed once, then again only when its size or modification time
changes, so an upgraded host (or a file edited while it runs) never serves stale bytes: an
address without `?v=` is revalidated on every load (`no-cache`, a 304 when nothing changed), and
a new content gets a new `?v=`.

Our own JavaScript goes without its whole-line comments (server/js_comments.py).

No brotli: Chrome and Firefox offer `br` only over https, and phones reach the host at
http://192.168.x.x, so a brotli library would be a dependency almost no phone uses.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from dataclasses import dataclass
from pathlib import Path

from flask import Request, Response, abort, send_from_directory
from werkzeug.security import safe_join

from server.js_comments import without_comment_lines

COMPRESSIBLE = {".js", ".css", ".svg", ".json", ".webmanifest", ".html", ".txt"}
TYPES = {".webmanifest": "application/manifest+json", ".js": "text/javascript",
         ".mjs": "text/javascript"}
SCRIPTS = {".js", ".mjs"}             # sent without their comment lines (server/js_comments.py)
VENDOR = "vendor"                     # libraries kept as their makers ship them
MIN_COMPRESSED = 512                  # smaller than this, gzip's header is not worth it
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"               # may be kept, but asked about (ETag) before each use


@dataclass(frozen=True)
class Entry:
    stamp: tuple[int, int]            # (size, mtime_ns) of the file these bytes came from
    version: str                      # a short hash of the content
    body: bytes
    gzipped: bytes | None             # None: not worth compressing
    mimetype: str


def accepts_gzip(request: Request) -> bool:
    return request.accept_encodings.quality("gzip") > 0


def mimetype_of(path: Path) -> str:
    return TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] \
        or "application/octet-stream"


def as_served(path: Path, root: Path) -> bytes:
    """A file's bytes as the host sends them: our scripts without their comment lines."""
    body = path.read_bytes()
    if path.suffix in SCRIPTS and VENDOR not in path.relative_to(root).parts:
        return without_comment_lines(body)
    return body


def gzip_if_needed(response: Response, request: Request) -> Response:
    """An HTML page (rendered per request) compressed when the browser takes gzip."""
    if response.direct_passthrough or response.status_code != 200 \
            or response.mimetype != "text/html" or "Content-Encoding" in response.headers:
        return response
    body = response.get_data()
    response.vary.add("Accept-Encoding")
    if len(body) >= MIN_COMPRESSED and accepts_gzip(request):
        response.set_data(gzip.compress(body, 6, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
    return response


class StaticFiles:
    """Serves `root` at /static/<filename>."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self._entries: dict[str, Entry] = {}
        self._lock = threading.Lock()

    def _path(self, filename: str) -> Path | None:
        joined = safe_join(str(self.root), filename)
        if joined is None:
            return None
        path = Path(joined)
        try:
            return path if path.is_file() else None
        except OSError:         # a name longer than the system allows is no file either
            return None

    def _entry(self, filename: str, path: Path) -> Entry:
        stat = path.stat()
        stamp = (stat.st_size, stat.st_mtime_ns)
        entry = self._entries.get(filename)
        if entry is not None and entry.stamp == stamp:
            return entry
        body = as_served(path, self.root)
        gzipped = None
        if path.suffix in COMPRESSIBLE and len(body) >= MIN_COMPRESSED:
            gzipped = gzip.compress(body, 9, mtime=0)
        entry = Entry(stamp, hashlib.sha256(body).hexdigest()[:12], body, gzipped,
                      mimetype_of(path))
        with self._lock:
            self._entries[filename] = entry
        return entry

    def version(self, filename: str) -> str | None:
        """The content hash for `?v=`, or None for a file that is not there."""
        path = self._path(filename)
        return None if path is None else self._entry(filename, path).version

    def serve(self, filename: str, request: Request) -> Response:
        path = self._path(filename)
        if path is None:
            abort(404)
        cache = FOREVER if request.args.get("v") == self.version(filename) else REVALIDATE
        if path.suffix not in COMPRESSIBLE:
            # media and the like: Flask's own sending, with its ETag, 304 and byte ranges
            response = send_from_directory(self.root, filename, conditional=True, etag=True,
                                           max_age=None)
            response.headers["Cache-Control"] = cache
            return response
        entry = self._entry(filename, path)
        gzipped = entry.gzipped is not None and accepts_gzip(request)
        tag = entry.version + ("-gz" if gzipped else "")
        response = Response(mimetype=entry.mimetype)
        response.headers["Cache-Control"] = cache
        response.set_etag(tag)
        if entry.gzipped is not None:
            response.vary.add("Accept-Encoding")
        asked = {t.removesuffix("-gz") for t in request.if_none_match.as_set()}
        if entry.version in asked or request.if_none_match.star_tag:
            response.status_code = 304
            return response
        if gzipped:
            response.set_data(entry.gzipped)   # type: ignore[arg-type]
            response.headers["Content-Encoding"] = "gzip"
        else:
            response.set_data(entry.body)
        return response
