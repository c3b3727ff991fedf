"""What a family installs, measured: the wheel's size, the bundle's size and build time, and how
long each takes from the command to a host that answers, beside the checkout's `python -m
server` in the same run.

    python -m bench.install [--starts 5]        (scripts/bench install)
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.install import builds
from tests.install.hosts import ROOT, start, stop
from tests.live import free_port

FLAGS = ["--host", "127.0.0.1", "--address", "127.0.0.1", "--no-browser", "--no-discovery"]


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.lstat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def start_times(command: list[str], work: Path, starts: int, env: dict) -> list[float]:
    """Seconds from the command to /health answering, `starts` times (a new data folder each)."""
    times = []
    for n in range(starts):
        port = free_port()
        process, took = start([*command, "--port", str(port), *FLAGS, "--data-dir",
                               str(work / f"data-{n}")], cwd=work, env=env,
                              log=work / "host.log", url=f"http://127.0.0.1:{port}")
        stop(process)
        times.append(took)
    return times


def line(label: str, times: list[float]) -> str:
    return (f"  {label:<34} first {times[0]:5.2f} s   median {statistics.median(times):5.2f} s"
            f"   max {max(times):5.2f} s")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.install")
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        began = time.monotonic()
        wheel = builds.wheel(work / "wheel")
        wheel_seconds = time.monotonic() - began
        venv = work / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        str(wheel)], check=True)
        began = time.monotonic()
        bundle = builds.bundle(work / "bundle")
        bundle_seconds = time.monotonic() - began
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        print(f"wheel   {wheel.name}: {size(wheel) / 1e6:.2f} MB, built in {wheel_seconds:.1f} s")
        print(f"        installed with its libraries: {size(venv) / 1e6:.0f} MB in the virtualenv")
        print(f"bundle  {bundle.name}/: {size(bundle) / 1e6:.0f} MB in "
              f"{sum(1 for f in bundle.rglob('*') if f.is_file() and not f.is_symlink())} files, "
              f"built in {bundle_seconds:.1f} s")
        print(f"start-up, command to a host that answers ({args.starts} starts each):")
        checkout = [sys.executable, "-m", "server"]
        print(line("checkout: python -m server", start_times(
            checkout, work, args.starts, {**env, "PYTHONPATH": str(ROOT)})))
        print(line("wheel: sobremesa", start_times(
            [str(venv / "bin" / "sobremesa")], work, args.starts, env)))
        print(line("bundle: Sobremesa/sobremesa", start_times(
            [str(bundle / "sobremesa")], work, args.starts, env)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
