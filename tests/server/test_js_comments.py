"""Our JavaScript is served without its whole-line comments (server/js_comments.py): each such
line comes empty, every other line as it was, and nothing that only looks like a comment (a
template literal's text, a string, a regular expression, a block comment) is touched."""
import pytest

from server.js_comments import comment_lines, without_comment_lines
from tests.live import ROOT


def stripped(source: str) -> str:
    return without_comment_lines(source.encode()).decode()


def test_a_comment_line_comes_empty_and_the_lines_keep_their_numbers():
    source = "// what the file is\nconst a = 1; // kept: code comes first\n  // indented\nf(a);\n"
    assert stripped(source) == "\nconst a = 1; // kept: code comes first\n\nf(a);\n"


@pytest.mark.parametrize("source", [
    "const help = `first line\n// a line of the text\nlast`;\n",
    "const nested = `a ${cond ? `inner\n// text of the inner one\n` : \"\"} b\n// outer text\n`;\n",
    "const o = `${ {a: 1}.a }\n// after an object in ${\"{\"}\n`;\n",
    "/* a block\n// inside the block */\n",
    "const url = 'http://host/' + \"//x\";\n",
])
def test_what_only_looks_like_a_comment_is_kept(source):
    assert comment_lines(source) == set()
    assert stripped(source) == source


@pytest.mark.parametrize("source, lines", [
    ("const re = /`/;\n// a comment after a regex holding a backtick\n", {1}),
    ("const re = /['`]\\//g;\n// after a class and an escaped slash\n", {1}),
    ("x = a / b / c; s = `t`;\n// after two divisions\n", {1}),
    ("function f() { return /`/.test(s); }\n// after return's regex\n", {1}),
    ("const t = `x ${a / 2} y`;\n// after a division in a template's ${}\n", {1}),
    ("const s = \"a \\\" `\";\n// after a string holding a quote and a backtick\n", {1}),
])
def test_strings_templates_and_regexes_are_read_as_javascript_reads_them(source, lines):
    assert comment_lines(source) == lines


def test_every_script_of_ours_loses_only_its_comment_lines():
    scripts = [p for p in (ROOT / "static" / "js").rglob("*.js")]
    assert len(scripts) > 50
    emptied = 0
    for path in scripts:
        before = path.read_text(encoding="utf-8").split("\n")
        after = stripped(path.read_text(encoding="utf-8")).split("\n")
        assert len(after) == len(before), path
        for old, new in zip(before, after, strict=True):
            if old.strip().startswith("//"):
                assert new == "", (path, old)
                emptied += 1
            else:
                assert new == old, (path, old)
    assert emptied > 1000


def test_the_host_serves_our_scripts_without_comments_and_vendored_files_as_shipped(harness):
    client = harness.app.test_client()
    ours = client.get("/static/js/shell/phone-kit.js").data.decode()
    source = (ROOT / "static/js/shell/phone-kit.js").read_text(encoding="utf-8")
    assert "//" in source.split("\n")[0] and ours.split("\n")[0] == ""
    assert ours.count("\n") == source.count("\n")
    vendored = client.get("/static/vendor/socket.io-4.8.4.min.js").data
    assert vendored == (ROOT / "static/vendor/socket.io-4.8.4.min.js").read_bytes()
