"""``judgekit build`` and ``judgekit serve``: the static rules site."""

from __future__ import annotations

import errno
import functools
import http.server
import socketserver
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from judgekit.commands.common import guarded
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.site.build import BuildReport

OutOpt = Annotated[Path, typer.Option("--out", "-o", help="Where to write the site (replaced whole, atomically).")]


def register(app: typer.Typer) -> None:
    """Add the site commands to ``app``."""
    app.command("build")(build)
    app.command("serve")(serve)


@guarded
def build(out: OutOpt = Path("build/site")) -> None:
    """Build the static rules site (rules, glossary, lint, history, coverage, scenarios)."""
    report = build_and_report(out)
    typer.echo(f"open {report.home.as_uri()}")


def build_and_report(out: Path) -> BuildReport:
    """Build the site into ``out`` and print what was written to stderr; the build report."""
    from judgekit.site.build import build_site

    report = build_site(out)
    typer.echo(f"built {report.pages} pages ({report.files} files) in {report.seconds:.1f}s: {report.out}", err=True)
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    return report


@guarded
def serve(
    out: OutOpt = Path("build/site"),
    port: Annotated[int, typer.Option("--port", "-p", help="Port on 127.0.0.1 (0: any free port).")] = 8000,
    rebuild: Annotated[bool, typer.Option("--build/--no-build", help="Build the site first.")] = True,
) -> None:
    """Preview the site on http://127.0.0.1 (Ctrl-C stops)."""
    root = out.resolve()
    handler = functools.partial(_QuietHandler, directory=str(root))
    with _bind(port, handler) as httpd:  # the port first: a port in use is reported before a build
        if rebuild:
            build_and_report(out)
        if not (root / "index.html").is_file():
            raise JudgekitError(f"no site at {root}; run `judgekit build --out {out}` first")
        bound = httpd.server_address[1]
        typer.echo(f"serving {root} at http://127.0.0.1:{bound}/ (Ctrl-C stops)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            typer.echo("stopped", err=True)


def _bind(port: int, handler: Callable[..., http.server.BaseHTTPRequestHandler]) -> _Server:
    """A server listening on 127.0.0.1:``port``; a JudgekitError when the port cannot be had."""
    if not 0 <= port <= 65535:
        raise JudgekitError(f"--port {port}: expected a port number from 0 to 65535 (0: any free port)")
    try:
        return _Server(("127.0.0.1", port), handler)
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


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
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


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site; logs requests to stderr in one short line each."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {**self.extensions_map, **_TYPES}
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        typer.echo(f"{self.command} {self.path} {args[1] if len(args) > 1 else ''}", err=True)
