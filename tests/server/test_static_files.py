"""Static files and pages sent compressed (gzip when asked) with ETags and cache headers."""
import gzip
import re
import time

import pytest

from server.static_files import StaticFiles, as_served
from tests.live import ROOT

SCRIPT = "/static/js/shell/phone-kit.js"


@pytest.fixture
def client(harness):
    return harness.app.test_client()


def served(path: str) -> bytes:
    """A script as the host sends it: without its comment lines (test_js_comments.py)."""
    return as_served(ROOT / path.lstrip("/"), ROOT / "static")


def test_gzip_when_the_browser_asks_for_it(client):
    plain = served(SCRIPT)
    for offer in ("gzip", "gzip, deflate", "gzip, deflate, br, zstd", "br;q=1, gzip;q=0.5"):
        response = client.get(SCRIPT, headers={"Accept-Encoding": offer})
        assert response.status_code == 200
        assert response.headers["Content-Encoding"] == "gzip", offer
        assert response.headers["Vary"] == "Accept-Encoding"
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert int(response.headers["Content-Length"]) < len(plain) / 2
        assert gzip.decompress(response.data) == plain


@pytest.mark.parametrize("offer", [None, "identity", "br", "gzip;q=0"])
def test_the_plain_file_to_a_browser_without_gzip(client, offer):
    headers = {"Accept-Encoding": offer} if offer else {}
    response = client.get(SCRIPT, headers=headers)
    assert "Content-Encoding" not in response.headers
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.data == served(SCRIPT)
    assert response.headers["ETag"] != client.get(
        SCRIPT, headers={"Accept-Encoding": "gzip"}).headers["ETag"]


def test_an_address_without_its_hash_is_revalidated_and_answered_304(client):
    first = client.get(SCRIPT, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Cache-Control"] == "no-cache"
    tag = first.headers["ETag"]
    again = client.get(SCRIPT, headers={"Accept-Encoding": "gzip", "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-cache"
    assert again.headers["Vary"] == "Accept-Encoding"
    stale = client.get(SCRIPT, headers={"If-None-Match": '"0123456789ab"'})
    assert stale.status_code == 200 and stale.data


def test_pages_link_static_files_by_content_hash_and_those_are_kept_for_good(client):
    html = client.get("/j/ABCD").get_data(as_text=True)
    linked = re.findall(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]{12})"', html)
    names = {path for path, _ in linked}
    assert {"/static/css/base.css", "/static/css/phone.css",
            "/static/js/shell/phone.js"} <= names
    for path, version in linked:
        response = client.get(f"{path}?v={version}")
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # an old hash (the host upgraded under a cached page) is not kept for good
    old = client.get("/static/css/phone.css?v=000000000000")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"


def test_a_changed_file_gets_a_new_hash_and_new_bytes(tmp_path):
    (tmp_path / "a.css").write_text("body { color: red; }\n" * 100)
    files = StaticFiles(tmp_path)
    before = files.version("a.css")
    time.sleep(0.01)
    (tmp_path / "a.css").write_text("body { color: blue; }\n" * 100)
    assert files.version("a.css") != before
    assert files.version("missing.css") is None and files.version("../etc/passwd") is None


def test_pages_are_sent_compressed(client):
    for path in ("/", "/j/ABCD", "/solo", "/replay?room=ABCD"):
        response = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert response.headers["Content-Encoding"] == "gzip", path
        assert response.headers["Vary"] == "Accept-Encoding"
        assert b"<!doctype html>" in gzip.decompress(response.data)
        plain = client.get(path)
        assert "Content-Encoding" not in plain.headers and b"<!doctype html>" in plain.data


def test_media_keeps_byte_ranges_and_no_compression(client):
    response = client.get("/static/media/keep-awake.mp4", headers={
        "Accept-Encoding": "gzip", "Range": "bytes=0-99"})
    assert response.status_code == 206 and len(response.data) == 100
    assert "Content-Encoding" not in response.headers
    assert response.headers["Cache-Control"] == "no-cache" and response.headers["ETag"]


def test_nothing_outside_static_is_served(client):
    for path in ("/static/../server/app.py", "/static/%2e%2e/server/app.py",
                 "/static/missing.js"):
        assert client.get(path).status_code == 404, path


def test_no_module_imports_a_pages_entry_script():
    """A page loads its entry module as `...?v=<hash>`; a module that imported the same file by
    a plain path would run a second copy of it (another address, another module)."""
    templates = "".join(p.read_text() for p in (ROOT / "templates").glob("*.html"))
    entries = {(ROOT / "static" / name).resolve() for name in re.findall(
        r"type=\"module\" src=\"\{\{ url_for\('static', filename='([^']+)'\) \}\}\"", templates)}
    assert len(entries) == 4, entries         # tv, phone, solo, replay
    imports = 0
    for source in (ROOT / "static" / "js").rglob("*.js"):
        for spec in re.findall(r"""(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""",
                               source.read_text()):
            imports += 1
            assert (source.parent / spec).resolve() not in entries, (source, spec)
    assert imports > 100          # the pattern does find the modules' imports
