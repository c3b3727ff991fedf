"""Building what a family installs (the wheel, the bundle) from a clean copy of the checkout:
only the files git knows (committed or new, not ignored), so nothing left over from an earlier
build, a virtualenv or a data folder can slip in."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.install.hosts import ROOT


def clean_copy(target: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        raise RuntimeError("building needs a git checkout: " + listed.stderr.decode())
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def wheel(work: Path) -> Path:
    """`pip wheel .` of a clean copy: the one wheel it builds."""
    source = clean_copy(work / "source")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                            str(work / "dist"), str(source)], capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    shutil.rmtree(source)
    (found,) = (work / "dist").glob("sobremesa-*.whl")
    return found


def bundle(work: Path) -> Path:
    """`scripts/bundle` on a clean copy: the bundle's folder (dist/Sobremesa)."""
    source = clean_copy(work / "source")
    (source / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    built = subprocess.run([str(source / "scripts" / "bundle"), "--distpath", str(work / "dist"),
                            "--workpath", str(work / "build")], cwd=work, capture_output=True,
                           text=True)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-8000:]
    shutil.rmtree(source)
    return work / "dist" / "Sobremesa"
