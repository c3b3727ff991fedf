"""QR codes: SVG for the pages, text for the terminal, and the Wi-Fi joining format."""
from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str) -> str:
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathFillImage, border=2)
    return image.to_string(encoding="unicode")


def terminal(data: str) -> str:
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def _escape(text: str) -> str:
    for ch in '\\;,:"':
        text = text.replace(ch, "\\" + ch)
    return text


def wifi_payload(ssid: str, password: str | None) -> str:
    """The standard `WIFI:` text phones' cameras understand."""
    if not password:
        return f"WIFI:T:nopass;S:{_escape(ssid)};;"
    return f"WIFI:T:WPA;S:{_escape(ssid)};P:{_escape(password)};;"


def parse_wifi_flag(flag: str) -> tuple[str, str | None]:
    """`SSID:PASSWORD` (the password may itself contain colons); `SSID` for an open network."""
    ssid, _, password = flag.partition(":")
    if not ssid:
        raise ValueError("--wifi needs SSID:PASSWORD")
    return ssid, password or None
