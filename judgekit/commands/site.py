"""``judgekit build`` and ``judgekit serve``: the static rules site."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from judgekit.commands.common import guarded, warning_line
from judgekit.i18n import gettext as _
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
    """Build the static rules site (rules, glossary, lint, history, coverage, scenarios).

    Incremental: what did not change since the last build of the folder is not rendered again.
    """
    report = build_and_report(out)
    typer.echo(_("open {url}").format(url=report.home.as_uri()))


def build_and_report(out: Path, *, plain: bool = False) -> BuildReport:
    """Build the site into ``out`` and print what was written to stderr; the build report.

    Progress shows on a terminal; ``plain``: as a line too when stderr is not one (the main job's log).
    """
    from judgekit.commands.progress import progress
    from judgekit.site.build import build_site

    with progress(_("building the site"), None, plain=plain) as bar:
        report = build_site(out, progress=bar.step)
    if report.up_to_date:
        said = _("nothing changed since the last build ({pages} pages): {out}")
    elif report.reused:
        said = _("built {pages} pages ({files} files, {reused} unchanged) in {seconds}s: {out}")
    else:
        said = _("built {pages} pages ({files} files) in {seconds}s: {out}")
    values = {"files": report.files, "reused": report.reused, "seconds": f"{report.seconds:.1f}"}
    typer.echo(said.format(pages=report.pages, out=report.out, **values), err=True)
    for warning in report.warnings:
        typer.echo(warning_line(warning), err=True)
    return report


@guarded
def serve(
    out: OutOpt = Path("build/site"),
    port: Annotated[int, typer.Option("--port", "-p", help="Port on 127.0.0.1 (0: any free port).")] = 8000,
    rebuild: Annotated[bool, typer.Option("--build/--no-build", help="Build the site first.")] = True,
) -> None:
    """Preview the site on http://127.0.0.1 (Ctrl-C stops)."""
    from judgekit.commands.preview import QuietHandler, bind

    root = out.resolve()
    handler = functools.partial(QuietHandler, directory=str(root))
    with bind(port, handler) as httpd:  # the port first: a port in use is reported before a build
        if rebuild:
            build_and_report(out)
        if not (root / "index.html").is_file():
            raise JudgekitError.from_message(
                "no site at {root}; run `judgekit build --out {out}` first", root=root, out=out
            )
        bound = httpd.server_address[1]
        typer.echo(_("serving {root} at {url} (Ctrl-C stops)").format(root=root, url=f"http://127.0.0.1:{bound}/"))
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            typer.echo(_("stopped"), err=True)
