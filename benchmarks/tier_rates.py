"""Unhinted and hinted win rates of the embedded agent on each generated difficulty tier.

Plays generated quizzes (``spade.warmstart.generators``) that the warm-start never trained on:
files drawn with another generator seed (``--seed``, default 1; the packaged dataset uses 0)
for ``--docs`` training documents, one file per document and tier, ``--episodes`` paired seeds
each, at the run's rollout settings. Reports per tier the unhinted and hinted win rates with
95% Wilson intervals and the mean hint regret, and whether the unhinted rate lies in the
learnable band [0.2, 0.8]. ``--adapter warmstart`` merges the shipped warm-start first (as
``spade run`` does); ``--adapter none`` plays the bare model.

    python benchmarks/tier_rates.py [--adapter warmstart|none|FOLDER] [--episodes 16]
        [--docs 2] [--seed 1] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from spade.corpus import HELDOUT_DOCS
from spade.llm import ModelSpec, open_policy
from spade.llm.adapters import warmstart_adapter_for
from spade.regret import wilson_interval
from spade.rollout.paired import PairedPlay, play_many
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.generators import THEMES, TIERS, generate

BAND = (0.2, 0.8)


def tier_files(docs: int, seed: int) -> list[tuple[str, str, str]]:
    """(tier, label, source) of one file per tier for ``docs`` documents drawn with ``seed``."""
    rng = random.Random(f"{seed}:tier documents")
    chosen = {t.doc_id for t in rng.sample(THEMES, docs)} - set(HELDOUT_DOCS)
    return [(g.tier, g.label, g.source) for g in generate(1, seed, chosen)]


def summarise(results: list, files: list[tuple[str, str, str]]) -> dict[str, dict]:  # type: ignore[type-arg]
    rows: dict[str, dict] = {}  # type: ignore[type-arg]
    for (tier, _, _), result in zip(files, results, strict=True):
        row = rows.setdefault(tier, {"unhinted": [0, 0], "hinted": [0, 0], "regret": []})
        for arm, episodes in (("unhinted", result.unhinted), ("hinted", result.hinted)):
            played = [e for e in episodes if e.played]
            row[arm][0] += sum(e.won for e in played)
            row[arm][1] += len(played)
        row["regret"].append(result.estimate.regret)
    out = {}
    for tier in TIERS:
        if tier not in rows:
            continue
        row = rows[tier]
        entry = {}
        for arm in ("unhinted", "hinted"):
            wins, n = row[arm]
            entry[arm] = {"wins": wins, "episodes": n, "rate": wins / n if n else 0.0,
                          "ci": list(wilson_interval(wins, n)) if n else [0.0, 0.0]}  # fmt: skip
        entry["regret_mean"] = sum(row["regret"]) / len(row["regret"])
        entry["in_band"] = BAND[0] <= entry["unhinted"]["rate"] <= BAND[1]
        out[tier] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--adapter", default="warmstart")
    parser.add_argument("--episodes", type=int, default=16)
    parser.add_argument("--docs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()
    run = RunConfig()
    model = run.roles.agent.model
    merge = None if args.adapter == "none" else warmstart_adapter_for(
        model, True if args.adapter == "warmstart" else args.adapter
    )  # fmt: skip
    policy = open_policy(ModelSpec(name=model, merge=merge), "hf")
    files = tier_files(args.docs, args.seed)
    started = time.monotonic()
    with SandboxPool(run.sandbox, spares=4) as pool:
        play = PairedPlay(policy, args.episodes, run.rollout, pool, base_seed=2_000_000)
        results = play_many(play, [(source, label) for _, label, source in files])
    table = summarise(results, files)
    for tier, entry in table.items():
        u, h = entry["unhinted"], entry["hinted"]
        print(f"{tier:11s} unhinted {u['wins']:3d}/{u['episodes']:<3d} {u['rate']:.2f} "
              f"[{u['ci'][0]:.2f}, {u['ci'][1]:.2f}]  hinted {h['wins']:3d}/{h['episodes']:<3d} "
              f"{h['rate']:.2f} [{h['ci'][0]:.2f}, {h['ci'][1]:.2f}]  regret "
              f"{entry['regret_mean']:+.2f}  {'in band' if entry['in_band'] else ''}")  # fmt: skip
    seconds = round(time.monotonic() - started, 1)
    print(f"{len(files)} files, {args.episodes} pairs each, {seconds} s")
    if args.json_out:
        payload = {"adapter": str(merge) if merge else None, "files": [f[1] for f in files],
                   "episodes": args.episodes, "seconds": seconds, "tiers": table}  # fmt: skip
        with open(args.json_out, "w") as handle:
            json.dump(payload, handle, indent=2)


if __name__ == "__main__":
    main()
