"""``spade archive``: list, show and export a run's archive of environments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from spade.cli.console import console
from spade.errors import UsageError

app = typer.Typer(help="Inspect and export a run's archive of environments.", no_args_is_help=True)


def _open_archive(run: Path) -> Any:
    from spade.archive import Archive

    path = run / "archive.sqlite" if run.is_dir() else run
    if not path.exists():
        raise UsageError(f"no archive at {path}: pass a run folder or an archive.sqlite file")
    return Archive(path)


@app.command("list")
def archive_list(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Every archived environment: verdict, ladder, lineage, latest regret and win rate."""
    from rich.table import Table

    with _open_archive(run) as archive:
        envs = archive.environments()
    if as_json:
        print(json.dumps([{k: v for k, v in vars(e).items() if k != "source"} for e in envs]))
        return
    table = Table(title=f"{run}: {len(envs)} environments")
    for column in (
        "id",
        "origin",
        "valid",
        "ladder",
        "grounding",
        "parent",
        "regret",
        "unhinted win",
        "sampled",
    ):
        table.add_column(column)
    for env in envs:
        latest = env.latest or {}
        table.add_row(
            str(env.id),
            env.origin,
            "yes" if env.passed else ("revoked" if env.revoked else "no"),
            f"{env.ladder:.2f}",
            f"{env.grounding:.2f}" if env.grounding is not None else "",
            f"{env.parent_id} ({env.relation})" if env.parent_id else "",
            f"{latest['regret']:+.3f}" if latest else "",
            f"{latest['unhinted_win_rate']:.2f}" if latest else "",
            str(env.times_sampled),
        )
    console.print(table)


@app.command("show")
def archive_show(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    env_id: Annotated[int, typer.Argument(help="The environment's id.")],
) -> None:
    """One environment's metadata and source."""
    with _open_archive(run) as archive:
        env = archive.get(env_id)
    for key, value in vars(env).items():
        if key != "source":
            console.print(f"[bold]{key}[/]: {value}")
    print(env.source)


@app.command("export")
def archive_export(
    run: Annotated[Path, typer.Argument(help="A run folder or its archive.sqlite.")],
    out: Annotated[Path, typer.Option(help="Folder for envs.jsonl and the .py files.")],
    all_envs: Annotated[bool, typer.Option("--all", help="Include invalid environments.")] = False,
) -> None:
    """JSONL of sources with metadata, and .py files that check, play and eval accept."""
    from spade.archive import export

    with _open_archive(run) as archive:
        envs = archive.environments(valid_only=not all_envs)
    path = export(envs, out)
    console.print(f"exported {len(envs)} environments to {out} ({path.name})")
