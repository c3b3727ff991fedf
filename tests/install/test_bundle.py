"""The bundle, for a family with no Python: `scripts/bundle` builds a folder app with its own
interpreter (PyInstaller) and it runs with nothing else: the TV and phone pages and everything
they link, a room created and joined, and computer players thinking in their own process (a
frozen program starts that process by running itself again)."""
import os
import subprocess

import pytest

from server.version import VERSION
from tests.install import builds
from tests.install.hosts import crawl, differing_static_files, play_a_little, start, stop
from tests.live import free_port

pytestmark = pytest.mark.slow


def test_the_bundle_runs_the_whole_app_on_its_own(tmp_path):
    folder = builds.bundle(tmp_path)
    program = folder / "sobremesa"
    assert program.is_file()
    assert any(folder.rglob("highspy*")) and any(folder.rglob("numpy*"))
    home, here = tmp_path / "home", tmp_path / "desktop"
    home.mkdir()
    here.mkdir()
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), PATH="/usr/bin:/bin")
    version = subprocess.run([str(program), "--version"], cwd=here, env=env, capture_output=True,
                             text=True, timeout=120)
    assert version.stdout.strip() == f"sobremesa {VERSION}", version.stderr
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "host.log"
    process, _ = start([str(program), "--port", str(port), "--host", "127.0.0.1",
                        "--address", "127.0.0.1", "--no-browser", "--no-discovery",
                        "--bot-delay", "0.05"], cwd=here, env=env, log=log, url=url)
    try:
        fetched = crawl(url)
        assert {path: status for path, status in fetched.items() if status != 200} == {}
        assert "/static/js/shell/phone.js" in fetched and "/static/js/shell/tv.js" in fetched
        assert differing_static_files(url) == []
        play_a_little(url, moves=4)         # moves made by the bots' own process
    finally:
        stop(process)
    assert (home / ".local" / "share" / "sobremesa" / "sobremesa.sqlite3").is_file()
    assert list(here.iterdir()) == []
    printed = log.read_text()
    assert "Traceback" not in printed and "bots' process stopped" not in printed, printed
