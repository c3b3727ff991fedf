"""Which address the phones should use to reach this laptop on the home network."""
from __future__ import annotations

import ipaddress
import socket

import ifaddr

VIRTUAL_PREFIXES = ("lo", "docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap",
                    "wg", "tailscale", "zt", "utun", "ppp", "cni", "flannel", "podman")


def default_route_interface(route_table: str = "/proc/net/route") -> str | None:
    """The interface of the IPv4 default route (Linux), read without sending anything."""
    try:
        with open(route_table, encoding="ascii", errors="replace") as table:
            next(table)
            for line in table:
                fields = line.split()
                if len(fields) > 2 and fields[1] == "00000000":
                    return fields[0]
    except OSError:
        return None
    return None


def default_route_address() -> str | None:
    """The address this laptop would send from to reach other networks, on any system (macOS
    and Windows have no /proc): a UDP socket aimed at a documentation address sends nothing,
    but the system picks its source address."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
    except OSError:
        return None


def usable(address: str, interface: str) -> bool:
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified:
        return False
    return not interface.lower().startswith(VIRTUAL_PREFIXES)


def candidates(adapters=None) -> list[tuple[str, str]]:
    """(interface, IPv4 address) pairs worth offering to phones, best first."""
    adapters = ifaddr.get_adapters() if adapters is None else adapters
    found = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and usable(ip.ip, adapter.name):
                found.append((adapter.name, ip.ip))
    private = [c for c in found if ipaddress.ip_address(c[1]).is_private]
    return private + [c for c in found if c not in private]


def lan_address(override: str | None = None, adapters=None, route_interface=None,
                route_address=None) -> str:
    """The host's override, else the default route's interface address (by the kernel's table
    on Linux, by the source address the system picks elsewhere), else the first usable
    interface, else loopback (the laptop alone)."""
    if override:
        return override
    options = candidates(adapters)
    wanted = route_interface if route_interface is not None else default_route_interface()
    for name, address in options:
        if name == wanted:
            return address
    source = route_address if route_address is not None else default_route_address()
    for _, address in options:
        if address == source:
            return address
    return options[0][1] if options else "127.0.0.1"
