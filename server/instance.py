"""One host per data folder. Started a second time (a second double-click), Sobremesa does not
open the same games file twice: it finds the host already running and opens its table.

The running host writes `host.json` in its data folder (its port and a random id, which its
/health also answers) and removes it when it stops; a file left by a host that was killed names
a port where nobody, or somebody else, answers, and is simply replaced.
"""
from __future__ import annotations

import contextlib
import json
import secrets
import urllib.request
from pathlib import Path

FILE = "host.json"


def running(data_dir: Path) -> int | None:
    """The port of the host already serving `data_dir`, or None."""
    try:
        mark = json.loads((data_dir / FILE).read_text(encoding="utf-8"))
        port, instance = int(mark["port"]), str(mark["instance"])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as answer:
            health = json.loads(answer.read())
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return port if isinstance(health, dict) and health.get("instance") == instance else None


class Mark:
    """This host's mark in its data folder, from `claim` until `release`."""

    def __init__(self, data_dir: Path):
        self.path = data_dir / FILE
        self.instance = secrets.token_hex(8)

    def claim(self, port: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"port": port, "instance": self.instance}),
                             encoding="utf-8")

    def release(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            if json.loads(self.path.read_text(encoding="utf-8")).get("instance") == self.instance:
                self.path.unlink()
