"""What the `sobremesa` command does once it runs as it should (server/__main__.py): read its
flags, start the host, print its address and QR code, open the table in the laptop's browser."""
from __future__ import annotations

import argparse
import contextlib
import logging
import logging.handlers
import os
import sys
import threading
import webbrowser
from pathlib import Path

from server import house_key, instance, netaddr, places, ports, qr, wire
from server.app import create_app
from server.rooms import MAX_ROOMS, ROUND_END_SHOWN
from server.version import VERSION

LOG_FILE = "sobremesa.log"


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="sobremesa", description="Sobremesa: la mesa en la tele, la mano en el móvil.")
    parser.add_argument("--version", action="version", version=f"sobremesa {VERSION}")
    parser.add_argument("--port", type=int, default=None,
                        help=f"port (default {ports.DEFAULT_PORT}, or one of the next "
                             f"{ports.NEXT_TRIES} when it is taken)")
    parser.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    parser.add_argument("--address", help="the LAN address phones should use (default: found)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"where games are saved (default {places.default_data_dir()})")
    parser.add_argument("--no-browser", action="store_true", help="do not open the TV page")
    parser.add_argument("--no-discovery", action="store_true",
                        help="do not announce the host on the LAN (zeroconf)")
    parser.add_argument("--wifi", metavar="SSID:PASSWORD",
                        help="show a second QR code that joins phones to this Wi-Fi")
    parser.add_argument("--bot-delay", type=float, default=1.0,
                        help="seconds a computer player waits before each move")
    parser.add_argument("--round-end-seconds", type=float, default=ROUND_END_SHOWN,
                        help="seconds the end of a round stays before computer players are ready "
                             f"(default {ROUND_END_SHOWN:g})")
    parser.add_argument("--away-timeout", type=float, default=60.0,
                        help="seconds before a disconnected player is played by a bot")
    parser.add_argument("--max-rooms", type=int, default=MAX_ROOMS,
                        help=f"open rooms at most (default {MAX_ROOMS})")
    parser.add_argument("--allow-test-deals", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def has_display() -> bool:
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def table_url(port: int, key: str) -> str:
    """The TV page on this laptop, with the house key (after '#': never sent to the server in a
    request line, and the page takes it out of the address bar)."""
    return f"http://localhost:{port}/#house={key}"


def open_table(url: str, args: argparse.Namespace) -> None:
    if not args.no_browser and has_display():
        threading.Timer(1.0, webbrowser.open, (url,)).start()


def run(argv=None) -> int:
    for stream in (sys.stdout, sys.stderr):     # a console that cannot show "ñ" or the QR's
        if stream is not None and hasattr(stream, "reconfigure"):    # blocks gets "?", not a crash;
            stream.reconfigure(errors="replace", line_buffering=True)   # a log file each line now
    status = serve(parse_args(argv))
    if status and getattr(sys, "frozen", False) and sys.stdin is not None and sys.stdin.isatty():
        # the bundle started by a double-click: its window would close before anyone reads why
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            input("\n  Pulsa Intro para cerrar / Press Enter to close ")
    return status


def keep_log(data_dir: Path) -> None:
    """Warnings and errors also go to sobremesa.log in the data folder (two old ones kept), for
    whoever looks into a problem after the window is closed."""
    handler = logging.handlers.RotatingFileHandler(data_dir / LOG_FILE, maxBytes=1_000_000,
                                                   backupCount=2, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)


def serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)   # its dev-server notices confuse hosts
    logging.getLogger("werkzeug").addFilter(wire.QuietWerkzeug())
    # Threads answering phones wait less for the GIL while bots keep another thread busy.
    sys.setswitchinterval(0.0005)
    try:
        wifi = qr.parse_wifi_flag(args.wifi) if args.wifi else None
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    data_dir = (args.data_dir or places.default_data_dir()).expanduser().resolve()
    already = instance.running(data_dir)
    if already is not None:
        print(f"\n  Sobremesa ya está en marcha / is already running: http://localhost:{already}/\n")
        open_table(table_url(already, house_key.load_or_create(data_dir)), args)
        return 0
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        keep_log(data_dir)
    except OSError as error:
        print(f"No se puede guardar en / Cannot save in {data_dir}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    try:
        port = ports.choose(args.host, args.port)
    except ports.PortBusy as busy:
        print(busy.sentence(), file=sys.stderr)
        return 1
    mark = instance.Mark(data_dir)
    key = house_key.load_or_create(data_dir)
    address = netaddr.lan_address(args.address)
    base_url = f"http://{address}:{port}"
    app, socketio = create_app(data_dir=data_dir, base_url=base_url, instance=mark.instance,
                               house_key=key,
                               bot_delay=args.bot_delay, away_timeout=args.away_timeout,
                               wifi=wifi, allow_test_deals=args.allow_test_deals,
                               max_rooms=args.max_rooms, round_end_shown=args.round_end_seconds)
    announcer = None
    if not args.no_discovery and address != "127.0.0.1":
        from server.discovery import Announcer
        announcer = Announcer(address, port)
        try:
            announcer.start()
        except OSError as error:
            print(f"(zeroconf: {error})", file=sys.stderr)
            announcer = None

    phone_url = f"{base_url}/j"
    lines = [("Tele / TV (este portátil / this laptop):", table_url(port, key)),
             ("Móviles / phones:", phone_url),
             ("Partidas guardadas en / games saved in:", str(data_dir)),
             ("Para terminar / to stop:", "Ctrl+C, o cierra esta ventana / or close this window")]
    width = max(len(label) for label, _ in lines) + 1
    print(f"\n  Sobremesa {VERSION} está en marcha / is running.\n")
    print("\n".join(f"  {label:<{width}}{value}" for label, value in lines) + "\n")
    print(qr.terminal(phone_url))
    open_table(table_url(port, key), args)
    import flask.cli
    flask.cli.show_server_banner = lambda *args, **kwargs: None
    mark.claim(port)
    try:
        socketio.run(app, host=args.host, port=port, allow_unsafe_werkzeug=True,
                     log_output=False, request_handler=wire.OneRequestPerWebSocket)
    except KeyboardInterrupt:
        pass
    except OSError as error:        # the port was taken in the instant after it was chosen
        print(ports.PortBusy(port, port).sentence() if ports.answers(port) else
              f"No se puede abrir el puerto {port} / Cannot listen on port {port}: {error}",
              file=sys.stderr)
        return 1
    finally:
        mark.release()
        if announcer:
            announcer.stop()
    return 0

