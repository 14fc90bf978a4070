"""Choosing archived environments to replay, and exporting an archive, as plain functions."""

from __future__ import annotations

import json
import random
from pathlib import Path

from spade.archive.store import ArchivedEnv
from spade.regret import RegretConfig, replay_distribution, sample_index


def choose_replay(
    envs: list[ArchivedEnv], count: int, iteration: int, rng: random.Random, regret: RegretConfig
) -> list[int]:
    """Ids of up to ``count`` distinct environments, by PLR: regret rank mixed with staleness
    (``regret.plr_temperature``, ``regret.plr_age_mix``).

    Environments never played rank by a regret of 0. How many to replay is the caller's fixed
    count, not a coin flip per slot: see ``replay_envs`` in the run's settings.
    """
    pool = list(envs)
    chosen: list[int] = []
    while pool and len(chosen) < count:
        scores = [(e.latest or {}).get("regret") or 0.0 for e in pool]
        weights = replay_distribution(
            scores,
            [e.last_sampled for e in pool],
            iteration,
            regret.plr_temperature,
            regret.plr_age_mix,
        )
        chosen.append(pool.pop(sample_index(weights, rng)).id)
    return chosen


def export(envs: list[ArchivedEnv], folder: Path) -> Path:
    """``envs.jsonl`` (sources with metadata) and one ``.py`` file per environment."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for env in envs:
        name = f"env_{env.id:05d}.py"
        (folder / name).write_text(env.source if env.source.endswith("\n") else env.source + "\n")
        lines.append(
            json.dumps(
                {
                    "id": env.id,
                    "file": name,
                    "hash": env.hash,
                    "origin": env.origin,
                    "skill": env.skill,
                    "passed": env.passed,
                    "ladder": env.ladder,
                    "parent_id": env.parent_id,
                    "relation": env.relation,
                    "doc_id": env.doc_id,
                    "template_version": env.template_version,
                    "latest": env.latest,
                    "win_ema": env.win_ema,
                    "times_sampled": env.times_sampled,
                    "source": env.source,
                }
            )
        )
    path = folder / "envs.jsonl"
    path.write_text("\n".join(lines) + ("\n" if lines else ""))
    return path
