"""Nothing the host runs works only on Linux: Windows and macOS families run the same engine/
and server/. Checked on the source, since CI runs on Linux only."""
import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("engine", "server")
# Modules that exist only on POSIX systems (or only on Windows): an import of one would fail
# on some family's laptop. `signal` exists everywhere, but the host must not depend on it.
PLATFORM_ONLY = {"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "crypt",
                 "spwd", "syslog", "nis", "curses", "readline", "msvcrt", "winreg", "_winapi",
                 "signal"}
# Attributes of `os` missing on Windows: allowed only where a missing one is expected (inside a
# `try` whose handlers catch AttributeError).
POSIX_OS = {"fork", "forkpty", "getuid", "geteuid", "getgid", "setsid", "setpgid", "getpgid",
            "killpg", "nice", "sched_setscheduler", "sched_param", "SCHED_IDLE", "chown",
            "lchown", "mkfifo", "getpwnam", "getloadavg", "WNOHANG", "O_NONBLOCK", "setuid"}
WINDOWS_FORBIDDEN = re.compile(r'[<>:"|?*\\]|[ .]$')
WINDOWS_RESERVED = re.compile(r"^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$", re.I)


def sources():
    for package in SHIPPED:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def parents_of(tree):
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def catches_attribute_error(node: ast.Try) -> bool:
    for handler in node.handlers:
        caught = handler.type
        names = [caught] if not isinstance(caught, ast.Tuple) else caught.elts
        if caught is None or any(isinstance(n, ast.Name) and n.id in
                                 ("AttributeError", "Exception") for n in names):
            return True
    return False


def test_no_module_the_host_imports_is_missing_on_windows_or_macos():
    found = []
    for path, tree in sources():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in names
                      if name.split(".")[0] in PLATFORM_ONLY]
    assert found == []


def test_posix_only_calls_are_guarded_where_a_missing_one_is_expected():
    unguarded = []
    for path, tree in sources():
        parents = parents_of(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "os" and node.attr in POSIX_OS):
                continue
            up = parents.get(node)
            while up is not None and not (isinstance(up, ast.Try) and catches_attribute_error(up)):
                up = parents.get(up)
            if up is None:
                unguarded.append(f"{path.relative_to(ROOT)}:{node.lineno} os.{node.attr}")
    assert unguarded == []


def test_worker_processes_are_spawned_never_forked():
    contexts = []
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("get_context", "set_start_method"):
                contexts.append((path.name, [ast.literal_eval(a) for a in node.args]))
    assert contexts and all(args == ["spawn"] for _, args in contexts), contexts


def test_text_files_are_read_and_written_as_utf8_whatever_the_systems_encoding():
    # Windows' default text encoding is not UTF-8: a lesson's «ñ» would read wrong there.
    loose = []
    for path, tree in sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in ("open", "read_text", "write_text") or \
                    (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                     and func.value.id in ("sqlite3", "webbrowser", "gzip", "os")):
                continue
            mode = next((ast.literal_eval(a) for a in node.args[1:2]
                         if isinstance(a, ast.Constant)), "r")
            if "b" not in str(mode) and not any(k.arg == "encoding" for k in node.keywords):
                loose.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert loose == []


def shipped_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "engine", "server", "templates", "static"],
                            cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return listed.stdout.split("\n")[:-1]


def test_every_file_that_ships_has_a_name_windows_accepts():
    files = shipped_files()
    assert len(files) > 100
    bad = [f for f in files for part in f.split("/")
           if WINDOWS_FORBIDDEN.search(part) or WINDOWS_RESERVED.match(part)]
    assert bad == []
    folded: dict[str, str] = {}
    clashes = [(folded.setdefault(f.lower(), f), f) for f in files if folded.get(f.lower(), f) != f]
    assert clashes == []       # a case-insensitive disk (Windows, macOS) would merge them
