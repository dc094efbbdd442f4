"""The HTTP server of ``judgekit serve`` (imported only by that command: http.server is costly to import)."""

from __future__ import annotations

import errno
import http.server
import socketserver
from collections.abc import Callable
from typing import Any

import typer

from rules_index.errors import JudgekitError


def bind(port: int, handler: Callable[..., http.server.BaseHTTPRequestHandler]) -> Server:
    """A server listening on 127.0.0.1:``port``; a JudgekitError when the port cannot be had."""
    if not 0 <= port <= 65535:
        raise JudgekitError(f"--port {port}: expected a port number from 0 to 65535 (0: any free port)")
    try:
        return Server(("127.0.0.1", port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            why = "another program is already listening on it"
        elif exc.errno == errno.EACCES:
            why = "this user may not listen on it (ports below 1024 need privileges)"
        else:
            why = exc.strerror or str(exc)
        raise JudgekitError(
            f"cannot serve on 127.0.0.1:{port}: {why}; choose another with --port, or --port 0 for any free port"
        ) from exc


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """A threading server on 127.0.0.1 whose threads do not keep the process alive."""

    daemon_threads = True
    allow_reuse_address = True


_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""Content types with their charset, so that Japanese text is never guessed at."""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site; logs requests to stderr in one short line each."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {**self.extensions_map, **_TYPES}
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        typer.echo(f"{self.command} {self.path} {args[1] if len(args) > 1 else ''}", err=True)
