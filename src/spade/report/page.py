"""The report's HTML page: self-contained, no scripts, styles inline, plots by relative path.

Every piece of text taken from the run (metric names, skills, sources, configuration) goes
through ``html.escape``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from spade import metric_names as m
from spade.archive import ArchivedEnv
from spade.report.data import RunData, iteration_of, latest_eval, number
from spade.report.plots import Rendered

TOP_ENVS = 15
"""Environments listed in the table of highest latest regret."""

SUMMARY_KEYS: tuple[tuple[str, str], ...] = (
    (m.VALIDITY_RATE, "validity rate"),
    (m.LADDER_MEAN, "ladder mean"),
    (m.DESIGNS_GROUNDED, "valid designs grounded in their document"),
    (m.GROUNDING_MEAN, "grounding mean (valid designs)"),
    (m.DISTINCT_HINTS, "distinct hints (valid designs)"),
    (m.GENERIC_HINTS, "generic hints (valid designs)"),
    (m.DESIGNED_REGRET_MEAN, "regret mean on new designs"),
    (m.DESIGNED_REGRET_CI_LOW, "regret CI low on new designs"),
    (m.DESIGNED_REGRET_CI_HIGH, "regret CI high on new designs"),
    (m.REGRET_MEAN, "regret mean"),
    (m.REGRET_CI_LOW, "regret CI low"),
    (m.REGRET_CI_HIGH, "regret CI high"),
    (m.HINTED_WIN_RATE, "hinted win rate"),
    (m.UNHINTED_WIN_RATE, "unhinted win rate"),
    (m.EDGE_SHARE, "edge share"),
    (m.DIVERSITY, "diversity (Vendi)"),
    (m.ARCHIVE_SIZE, "archive size"),
    (m.LOSS_AGENT, "agent loss"),
    (m.LOSS_DESIGNER, "designer loss"),
    (m.TOKENS_PER_S, "tokens / s"),
)

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .5em 0 1.5em; font-size: .92em; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
img { max-width: 100%; border: 1px solid #eee; }
.note { color: #866; font-style: italic; }
pre { background: #f7f7f7; padding: .8em; overflow-x: auto; font-size: .85em; }
"""


class RawHtml(str):
    """Markup built here from escaped parts, placed in a table cell as is."""

    __slots__ = ()


def fmt(value: object) -> str:
    """A number compactly (integers whole, others to four significant digits); else text."""
    found = number(value)
    if found is None:
        return "—" if value is None else str(value)
    if found.is_integer() and abs(found) < 1e15:
        return str(int(found))
    return f"{found:.4g}"


def _table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_cell(value) for value in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(value: object) -> str:
    if isinstance(value, RawHtml):
        return f"<td>{value}</td>"
    css = ' class="num"' if number(value) is not None else ""
    return f"<td{css}>{html.escape(fmt(value))}</td>"


def _note(text: str) -> str:
    return f'<p class="note">{html.escape(text)}</p>'


# -- sections -------------------------------------------------------------------------------------
def _header(data: RunData) -> str:
    name = data.run_dir.resolve().name or str(data.run_dir)
    rows = data.metrics.rows
    malformed = data.metrics.malformed
    parsed = f"{len(rows)} metrics line{'s' if len(rows) != 1 else ''} read"
    skipped = (
        f"; skipped {malformed} malformed line{'s' if malformed != 1 else ''} of metrics.jsonl"
        if malformed
        else "; 0 malformed lines"
    )
    return (
        f"<h1>spade run report: {html.escape(name)}</h1>"
        f"<p>Run directory: <code>{html.escape(str(data.run_dir))}</code></p>"
        f"<p>{html.escape(parsed + skipped)}.</p>"
    )


def _latest(rows: list[dict[str, Any]], key: str) -> tuple[int, float] | None:
    for position in range(len(rows) - 1, -1, -1):
        value = number(rows[position].get(key))
        if value is not None:
            return iteration_of(rows[position], position), value
    return None


def _latest_seconds(rows: list[dict[str, Any]]) -> tuple[int, str] | None:
    for position in range(len(rows) - 1, -1, -1):
        seconds = rows[position].get(m.SECONDS)
        if isinstance(seconds, dict) and seconds:
            parts = [f"{phase} {fmt(value)}" for phase, value in seconds.items()]
            total = sum(number(value) or 0.0 for value in seconds.values())
            return iteration_of(
                rows[position], position
            ), f"{', '.join(parts)} (total {fmt(total)})"
    return None


def _summary(data: RunData) -> str:
    rows = data.metrics.rows
    if not rows:
        return "<h2>Latest metrics</h2>" + _note("metrics.jsonl holds no well-formed line yet.")
    last = iteration_of(rows[-1], len(rows) - 1)
    table: list[tuple[object, ...]] = []
    for key, label in SUMMARY_KEYS:
        found = _latest(rows, key)
        if found is not None:
            table.append((label, found[1], found[0]))
    seconds = _latest_seconds(rows)
    if seconds is not None:
        table.append(("seconds per phase", seconds[1], seconds[0]))
    evaluation = latest_eval(rows)
    if evaluation is not None:
        iteration, found_eval = evaluation
        suite = found_eval.get(m.EVAL_SUITE, "?")
        for key in (m.EVAL_WIN_RATE, m.EVAL_MEAN_RETURN):
            if number(found_eval.get(key)) is not None:
                table.append(
                    (f"eval {key.replace('_', ' ')} ({suite})", found_eval[key], iteration)
                )
    body = (
        _table(("metric", "latest value", "from iteration"), table)
        if table
        else _note("No metric in metrics.jsonl holds a number.")
    )
    return f"<h2>Latest metrics (last iteration: {html.escape(str(last))})</h2>{body}"


def _plots(rendered: list[Rendered]) -> str:
    parts = ["<h2>Plots</h2>"]
    for item in rendered:
        parts.append(f"<h3>{html.escape(item.plot.title)}</h3>")
        if item.path is None:
            parts.append(_note(f"Skipped: the run records no {item.plot.needs}."))
        else:
            src = html.escape(item.path.name, quote=True)
            parts.append(f'<img src="{src}" alt="{html.escape(item.plot.title, quote=True)}">')
    return "".join(parts)


def _eval_envs(data: RunData) -> str:
    evaluation = latest_eval(data.metrics.rows)
    if evaluation is None or not isinstance(evaluation[1].get(m.EVAL_PER_ENV), dict):
        return ""
    iteration, found = evaluation
    per_env: dict[str, Any] = found[m.EVAL_PER_ENV]
    title = f"Evaluation per environment ({found.get(m.EVAL_SUITE, '?')}, iteration {iteration})"
    rows = sorted(per_env.items(), key=lambda item: -(number(item[1]) or 0.0))
    return f"<h2>{html.escape(title)}</h2>" + _table(("environment", "win rate"), rows)


def _skill_rows(envs: list[ArchivedEnv]) -> list[tuple[object, ...]]:
    groups: dict[str, list[ArchivedEnv]] = {}
    for env in envs:
        groups.setdefault(env.skill or "(none)", []).append(env)
    rows: list[tuple[object, ...]] = []
    for skill, members in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        passed = sum(env.passed for env in members)
        ladder = sum(env.ladder for env in members) / len(members)
        rows.append((skill, passed, len(members) - passed, len(members), ladder))
    return rows


def _env_row(env: ArchivedEnv) -> tuple[object, ...]:
    latest = env.latest or {}
    ci = f"[{fmt(latest.get('ci_low'))}, {fmt(latest.get('ci_high'))}]"
    source = RawHtml(
        f"<details><summary>{len(env.source.splitlines())} lines</summary>"
        f"<pre>{html.escape(env.source)}</pre></details>"
    )
    return (
        env.id,
        env.skill or "(none)",
        env.origin,
        "yes" if env.passed else "no",
        env.ladder,
        env.grounding,
        latest.get("regret"),
        ci,
        latest.get("unhinted_win_rate"),
        latest.get("hinted_win_rate"),
        latest.get("episodes"),
        latest.get("iteration"),
        env.times_sampled,
        source,
    )


def _archive(data: RunData) -> str:
    head = "<h2>Archive</h2>"
    if data.archive.note is not None:
        return head + _note(data.archive.note)
    envs = data.archive.envs
    passed = sum(env.passed for env in envs)
    parts = [head, f"<p>{len(envs)} environments, {passed} passed the checker.</p>"]
    parts.append("<h3>Composition by skill</h3>")
    parts.append(
        _table(("skill", "passed", "not passed", "total", "mean ladder"), _skill_rows(envs))
    )
    played = [env for env in envs if env.latest and number(env.latest.get("regret")) is not None]
    played.sort(key=lambda env: -(number((env.latest or {}).get("regret")) or 0.0))
    parts.append(f"<h3>Top environments by latest regret ({min(len(played), TOP_ENVS)})</h3>")
    if not played:
        parts.append(_note("No archived environment has been played yet."))
    else:
        headers = (
            "id",
            "skill",
            "origin",
            "passed",
            "ladder",
            "grounding",
            "regret",
            "regret CI",
            "unhinted win",
            "hinted win",
            "episodes",
            "iteration",
            "sampled",
            "source",
        )
        parts.append(_table(headers, [_env_row(env) for env in played[:TOP_ENVS]]))
    return "".join(parts)


def _config(data: RunData) -> str:
    if data.config is None:
        return "<h2>Configuration</h2>" + _note("No config.json or config.toml in the run.")
    name, text = data.config
    return f"<h2>Configuration ({html.escape(name)})</h2><pre>{html.escape(text)}</pre>"


def render_page(data: RunData, rendered: list[Rendered]) -> str:
    """The whole report page as one HTML document."""
    title = html.escape(f"spade report: {data.run_dir.resolve().name}")
    body = "".join(
        (
            _header(data),
            _summary(data),
            _plots(rendered),
            _eval_envs(data),
            _archive(data),
            _config(data),
        )
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
