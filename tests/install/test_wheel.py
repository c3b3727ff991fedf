"""The wheel is the app: built from the checkout, installed into a fresh virtualenv, and started
as `sobremesa` from an empty folder with a home of its own, it serves every page and everything
they link, plays, and keeps the family's games in that home's data folder, reading nothing from
the checkout (the copy it was built from is gone before it starts)."""
import os
import subprocess
import sys
import zipfile

import pytest

from server.version import VERSION
from tests.install import builds
from tests.install.hosts import crawl, differing_static_files, play_a_little, start, stop
from tests.live import free_port

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("wheel")
    wheel = builds.wheel(work)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          str(wheel)], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    return wheel, venv


def test_the_wheel_carries_the_pages_the_files_and_the_lessons(installed):
    wheel, _ = installed
    assert wheel.name == f"sobremesa-{VERSION}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("server/templates/tv.html", "server/templates/phone.html",
                   "server/static/vendor/socket.io-4.8.4.min.js", "server/static/phone.webmanifest",
                   "server/static/icons/icon-192.png", "server/static/js/games/tren/manifest.js",
                   "engine/ferrocarril/lessons/01-robar-y-descartar.json", "sobremesa.py"):
        assert needed in names
    assert not [n for n in names if n.startswith(("bench/", "tests/", "packaging/"))]


def test_sobremesa_serves_the_whole_app_from_any_folder_and_keeps_games_in_the_users_data(
        installed, tmp_path):
    _, venv = installed
    home, here = tmp_path / "home", tmp_path / "desktop"
    home.mkdir()
    here.mkdir()
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import engine, server; print(engine.__file__, server.__file__)"],
                           cwd=here, env=env, capture_output=True, text=True, check=True)
    assert all(line.startswith(str(venv)) for line in where.stdout.split()), where.stdout
    for command in (["sobremesa"], [str(venv / "bin" / "python"), "-m", "sobremesa"]):
        version = subprocess.run([*command, "--version"], cwd=here, env=env, capture_output=True,
                                 text=True)
        assert version.stdout.strip() == f"sobremesa {VERSION}", command

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "host.log"
    process, _ = start(["sobremesa", "--port", str(port), "--host", "127.0.0.1",
                        "--address", "127.0.0.1", "--no-browser", "--no-discovery"],
                       cwd=here, env=env, log=log, url=url)
    try:
        fetched = crawl(url)
        assert {path: status for path, status in fetched.items() if status != 200} == {}
        assert len(fetched) > 60 and "/static/js/games/canasta/phone.js" in fetched
        assert differing_static_files(url) == []
        state = play_a_little(url)
        assert state["room"]["game"] == "tren"
    finally:
        stop(process)
    data = home / ".local" / "share" / "sobremesa"
    assert (data / "sobremesa.sqlite3").is_file()
    assert list(here.iterdir()) == []                 # nothing written where it was started
    printed = log.read_text()
    assert f"games saved in:  {data}" in printed and f"{url}/j" in printed
    assert "Traceback" not in printed
