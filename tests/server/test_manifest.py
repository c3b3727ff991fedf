"""The web app manifests (phone and solo pages) and every icon they list."""
import json
import re

import pytest


@pytest.fixture
def client(harness):
    return harness.app.test_client()


PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("page, manifest, start", [("/j/ABCD", "phone", "/j"),
                                                    ("/solo", "solo", "/solo")])
def test_the_manifest_and_each_icon(client, page, manifest, start):
    html = client.get(page).get_data(as_text=True)
    href = re.search(r'<link rel="manifest" href="([^"]+)"', html).group(1)
    assert href.startswith(f"/static/{manifest}.webmanifest?v=")
    response = client.get(href)
    assert response.headers["Content-Type"] == "application/manifest+json"
    data = json.loads(response.data)
    assert data["name"] == "Sobremesa" and data["display"] == "standalone"
    assert data["start_url"] == start and data["scope"] == "/"
    assert data["theme_color"] == data["background_color"] == "#0a3b24"
    assert re.search(r'<meta name="theme-color" content="#0a3b24">', html)
    sizes = set()
    for icon in data["icons"]:
        url = "/static/" + icon["src"]            # relative to the manifest's own address
        got = client.get(url)
        assert got.status_code == 200 and got.headers["Content-Type"].startswith(icon["type"])
        if icon["type"] == "image/png":
            assert got.data.startswith(PNG)
            width, height = int.from_bytes(got.data[16:20]), int.from_bytes(got.data[20:24])
            assert icon["sizes"] == f"{width}x{height}", url
            sizes.add((width, icon["purpose"]))
        else:
            assert b"<svg" in got.data
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', html).group(1)
    assert client.get(touch).data.startswith(PNG)
