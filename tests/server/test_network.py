"""The LAN address, QR codes, zeroconf's service record and the vendored client."""
import hashlib
import ipaddress
import socket
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from server import netaddr, qr
from server.discovery import SERVICE_TYPE, service_info

ROOT = Path(__file__).resolve().parents[2]


def adapter(name, *ips):
    return NS(name=name, ips=[NS(ip=ip) for ip in ips])


def test_the_default_route_interface_wins_over_the_others():
    adapters = [adapter("lo", "127.0.0.1"), adapter("docker0", "172.17.0.1"),
                adapter("eth0", "10.0.0.7"), adapter("wlan0", "192.168.1.20", ("fe80::1", 0, 2))]
    assert netaddr.lan_address(adapters=adapters, route_interface="wlan0") == "192.168.1.20"
    assert netaddr.lan_address(adapters=adapters, route_interface="eth0") == "10.0.0.7"


def test_without_a_kernel_route_table_the_systems_source_address_picks_the_interface():
    # macOS and Windows: no /proc/net/route; the address the system sends from decides
    adapters = [adapter("en0", "192.168.1.20"), adapter("en5", "10.0.0.7")]
    assert netaddr.lan_address(adapters=adapters, route_interface="",
                               route_address="10.0.0.7") == "10.0.0.7"
    assert netaddr.lan_address(adapters=adapters, route_interface="",
                               route_address="172.16.9.9") == "192.168.1.20"   # the first
    found = netaddr.default_route_address()        # this machine's, sent nowhere
    assert found is None or ipaddress.ip_address(found).version == 4


def test_loopback_link_local_and_virtual_interfaces_are_skipped():
    adapters = [adapter("lo", "127.0.0.1"), adapter("veth12", "10.1.0.1"),
                adapter("tailscale0", "100.64.0.3"), adapter("eth0", "169.254.3.3"),
                adapter("wlp2s0", "192.168.0.14")]
    assert netaddr.candidates(adapters) == [("wlp2s0", "192.168.0.14")]
    assert netaddr.lan_address(adapters=adapters, route_interface="nope") == "192.168.0.14"


def test_with_no_network_the_laptop_alone_uses_loopback_and_the_flag_overrides():
    assert netaddr.lan_address(adapters=[adapter("lo", "127.0.0.1")],
                               route_interface=None) == "127.0.0.1"
    assert netaddr.lan_address("192.168.5.5", adapters=[]) == "192.168.5.5"


def test_the_default_route_is_read_from_the_kernel_table(tmp_path):
    table = tmp_path / "route"
    table.write_text("Iface\tDestination\tGateway\n"
                     "docker0\t000011AC\t00000000\n"
                     "wlan0\t00000000\t0101A8C0\n")
    assert netaddr.default_route_interface(str(table)) == "wlan0"
    assert netaddr.default_route_interface(str(tmp_path / "missing")) is None


@pytest.mark.parametrize("ssid,password,expected", [
    ("Casa", "secreto", "WIFI:T:WPA;S:Casa;P:secreto;;"),
    ("Mi;Red", 'p:a"b', 'WIFI:T:WPA;S:Mi\\;Red;P:p\\:a\\"b;;'),
    ("Abierta", None, "WIFI:T:nopass;S:Abierta;;"),
])
def test_the_wifi_qr_uses_the_standard_format_with_escapes(ssid, password, expected):
    assert qr.wifi_payload(ssid, password) == expected


def test_the_wifi_flag_keeps_colons_in_the_password():
    assert qr.parse_wifi_flag("Casa:una:clave") == ("Casa", "una:clave")
    assert qr.parse_wifi_flag("Abierta") == ("Abierta", None)
    with pytest.raises(ValueError):
        qr.parse_wifi_flag(":x")


def test_qr_codes_are_svg_and_encode_what_they_are_given():
    first, second = qr.svg("http://192.168.1.20:8000/j/ABCD"), qr.svg("http://x/j/ZZZZ")
    assert first.startswith("<svg") and first != second
    assert qr.terminal("http://192.168.1.20:8000/j").count("\n") > 10


def test_the_wifi_qr_is_served_when_the_host_names_a_network():
    from tests.server.conftest import Harness
    h = Harness(wifi=("Casa", "secreto"))
    svg = h.app.test_client().get("/wifi.svg")
    assert svg.status_code == 200
    assert svg.get_data(as_text=True) == qr.svg("WIFI:T:WPA;S:Casa;P:secreto;;")


def test_zeroconf_announces_an_http_service_called_sobremesa():
    info = service_info("192.168.1.20", 8000)
    assert info.type == SERVICE_TYPE == "_http._tcp.local."
    assert info.name == "Sobremesa._http._tcp.local."
    assert info.port == 8000
    assert info.addresses == [socket.inet_aton("192.168.1.20")]


def test_the_vendored_socketio_client_is_the_pinned_file():
    vendor = ROOT / "static" / "vendor"
    for line in (vendor / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((vendor / name).read_bytes()).hexdigest() == digest
