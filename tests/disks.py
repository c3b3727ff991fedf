"""A small disk to fill up: a tmpfs mounted for one test (the tests run as root in CI; a test
that needs one is skipped where mounting is not allowed)."""
import os
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(folder: Path, size: str = "3m"):
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip("a small tmpfs cannot be mounted here: " + mounted.stderr.strip())
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Every byte left on the disk, taken by one file (returned, to free them again)."""
    filler = folder / "filler"
    out = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(out, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(out)
    return filler
