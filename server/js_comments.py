"""JavaScript served without its whole-line `//` comments: they are about a third of each file's
compressed bytes, and a phone on the family's Wi-Fi has no use for them. A comment line becomes
an empty line, so that a line number in the browser's console is still the file's own.

Only a line whose first characters (after its indent) start a `//` comment in code is emptied:
not a line of a template literal's text, of a block comment or of a string, so the program is
the same. To know which, `comment_lines` reads the text as JavaScript's lexer would, in as
much as it takes for that: strings, template literals (with `${…}` inside, nested), block
comments and regular-expression literals (a `/` where a value may start begins one; one that
does not close on its line is taken as a division).
"""
from __future__ import annotations

# After these (or at the start of a line), a `/` begins a regular expression, not a division.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^") | {""}
_KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new",
                          "delete", "void", "throw", "yield", "await", "instanceof"}


def _regex_end(text: str, start: int) -> int | None:
    """Where the regular expression starting at `text[start] == "/"` ends (after its closing
    slash), or None when none closes on this line."""
    i, in_class = start + 1, False
    while i < len(text):
        c = text[i]
        if c == "\n":
            return None
        if c == "\\":
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            return i + 1
        i += 1
    return None


def _last_word(text: str, end: int) -> str:
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_$"):
        start -= 1
    return text[start:end]


def comment_lines(text: str) -> set[int]:
    """The numbers (from 0) of the lines that hold only a `//` comment, in code."""
    found: set[int] = set()
    # One entry per template literal open: -1 in its text, else the depth of `{` in its `${…}`.
    stack: list[int] = []
    previous, previous_end = "", 0     # the last token's last character, and where it ended
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if stack and stack[-1] == -1:                # a template literal's text
            if c == "\\":
                i += 2
            elif c == "`":
                stack.pop()
                previous, previous_end, i = "`", i + 1, i + 1
            elif text.startswith("${", i):
                stack[-1] = 0
                previous, i = "{", i + 2
            else:
                i += 1
            continue
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            line_start = text.rfind("\n", 0, i) + 1
            if not text[line_start:i].strip():
                found.add(text.count("\n", 0, i))
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] not in (c, "\n"):
                j += 2 if text[j] == "\\" else 1
            previous, previous_end, i = c, j + 1, j + 1
        elif c == "`":
            stack.append(-1)
            i += 1
        elif c == "/" and _starts_regex(text, previous, previous_end) \
                and (closed := _regex_end(text, i)) is not None:
            previous, previous_end, i = "/", closed, closed
        else:
            if stack and c == "{":
                stack[-1] += 1
            elif stack and c == "}":
                stack[-1] -= 1              # at -1: the `${…}` closed, back to the text
                if stack[-1] == -1:
                    i += 1
                    continue
            previous, previous_end, i = c, i + 1, i + 1
    return found


def _starts_regex(text: str, previous: str, previous_end: int) -> bool:
    if previous in _BEFORE_REGEX:
        return True
    return (previous.isalnum() or previous in "_$") \
        and _last_word(text, previous_end) in _KEYWORDS_BEFORE_REGEX


def without_comment_lines(source: bytes) -> bytes:
    text = source.decode("utf-8")
    lines = text.split("\n")
    for number in comment_lines(text):
        lines[number] = ""
    return "\n".join(lines).encode("utf-8")
