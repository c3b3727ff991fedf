"""Announce the host on the LAN as an `_http._tcp` service called "Sobremesa" (zeroconf)."""
from __future__ import annotations

import socket

from zeroconf import ServiceInfo, Zeroconf

SERVICE_TYPE = "_http._tcp.local."


def service_info(address: str, port: int) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"Sobremesa.{SERVICE_TYPE}",
                       addresses=[socket.inet_aton(address)], port=port,
                       properties={"path": "/"}, server="sobremesa.local.")


class Announcer:
    def __init__(self, address: str, port: int):
        self.info = service_info(address, port)
        self.zeroconf: Zeroconf | None = None

    def start(self) -> None:
        self.zeroconf = Zeroconf(interfaces=[self.info.parsed_addresses()[0]])
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def stop(self) -> None:
        if self.zeroconf:
            self.zeroconf.unregister_service(self.info)
            self.zeroconf.close()
            self.zeroconf = None
