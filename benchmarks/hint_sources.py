"""Grounding, hints and hint regret of saved designs, per hint source.

Reads ``spade warmstart measure --save`` files (the designs a warm-started designer wrote for
held-out or unseen documents), re-checks every valid design under the run's settings, measures
its grounding in the document chunk its prompt showed, and counts its distinct and generic
hints (``spade.designer.grounded``). With ``--episodes K`` the embedded agent then plays each
valid design K seed-paired times per arm for every hint source asked (``--sources env,model``:
the design's own ``hint()``, or a strategy tip the same model writes from the source, as the
SPADE authors' code does) and reports the pooled regret with its paired-bootstrap 95% interval,
whatever its sign.

    python benchmarks/hint_sources.py FILE... [--episodes 8] [--sources env,model]
        [--adapter warmstart|none|FOLDER] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from spade.checker.run import check_source
from spade.designer.grounded import shown_grounding
from spade.llm import ModelSpec, open_policy
from spade.llm.adapters import warmstart_adapter_for
from spade.rollout.paired import PairedPlay, estimate_from_episodes, play_many
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.warmstart.measure import HeldOutDraw, Reply, document_texts, grounding_summary


def regrade(path: Path, run: RunConfig, pool: SandboxPool) -> list[dict]:  # type: ignore[type-arg]
    """Every valid design of a saved measurement, re-checked, with its grounding and hints."""
    saved = json.loads(path.read_text())
    # Measurements saved before `measure --save` wrote "corpus" are told apart by file name.
    guessed = "benchmarks/unseen_docs" if "unseen" in path.name else None
    texts = document_texts(HeldOutDraw.of_corpus(1, 0, saved.get("corpus", guessed)), run.designer)
    rows = []
    for number, reply in enumerate(saved["per_reply"]):
        if not reply["valid"] or not reply["source"]:
            continue
        check = run.designer.check.model_copy(update={"check_seed": 1000 + number})
        verdict = check_source(
            reply["source"], reply["doc_id"], check, pool, max_turns=run.rollout.max_turns
        )
        grounding = shown_grounding(verdict.shown, texts[reply["doc_id"]], run.designer.grounding)
        rows.append(
            {
                "file": path.name,
                "doc_id": reply["doc_id"],
                "valid": verdict.passed,
                "grounding": grounding.score,
                "covered": list(grounding.covered[:6]),
                "hints": list(verdict.hints),
                "shown": verdict.shown[0] if verdict.shown else "",
                "source": reply["source"],
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--episodes", type=int, default=0)
    parser.add_argument("--sources", default="env,model")
    parser.add_argument("--adapter", default="warmstart")
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()
    run = RunConfig()
    started = time.monotonic()
    with SandboxPool(run.sandbox, spares=4) as pool:
        rows = [row for path in args.files for row in regrade(path, run, pool)]
        rows = [row for row in rows if row["valid"]]
        replies = [
            Reply(
                doc_id=r["doc_id"],
                template="quiz_v1",
                valid=True,
                ladder=1.0,
                failed=None,
                message=None,
                nearest_target=None,
                similarity=0.0,
                tokens=0,
                grounding=r["grounding"],
                hints=tuple(r["hints"]),
            )
            for r in rows
        ]
        summary = grounding_summary(replies, run.designer.grounding.grounded_at, seed=0)
        for row in rows:
            print(
                f"{row['doc_id']:28s} grounding {row['grounding']:.2f} "
                f"{', '.join(row['covered'][:4])!s:40s} hint: {(row['hints'] or [''])[0][:60]}"
            )
        print(
            f"{len(rows)} valid designs: {summary['valid_and_grounded']} grounded "
            f"(>= {summary['grounded_at']}), mean grounding {summary['grounding_mean']}, "
            f"{summary['distinct_hints']} distinct hints, {summary['generic_hints']} generic"
        )
        regret = {}
        if args.episodes:
            model = run.roles.agent.model
            merge = (
                None
                if args.adapter == "none"
                else warmstart_adapter_for(
                    model, True if args.adapter == "warmstart" else args.adapter
                )
            )
            policy = open_policy(ModelSpec(name=model, merge=merge), "hf")
            for source in args.sources.split(","):
                rollout = run.rollout.model_copy(update={"hint_source": source})
                play = PairedPlay(policy, args.episodes, rollout, pool, base_seed=3_000_000)
                results = play_many(play, [(r["source"], r["doc_id"]) for r in rows])
                hinted = [e for res in results for e in res.hinted]
                unhinted = [e for res in results for e in res.unhinted]
                pooled = estimate_from_episodes(hinted, unhinted, run.regret)
                regret[source] = {
                    "regret": pooled.regret,
                    "ci": [pooled.ci_low, pooled.ci_high],
                    "pairs": pooled.pairs,
                    "hinted_win_rate": pooled.hinted_win_rate,
                    "unhinted_win_rate": pooled.unhinted_win_rate,
                    "model_hints_rejected": sum(res.hint_rejected is not None for res in results),
                }
                print(
                    f"hint source {source}: regret {pooled.regret:+.3f} "
                    f"[{pooled.ci_low:+.3f}, {pooled.ci_high:+.3f}] over {pooled.pairs} pairs; "
                    f"win rate unhinted {pooled.unhinted_win_rate:.2f}, "
                    f"hinted {pooled.hinted_win_rate:.2f}"
                )
    seconds = round(time.monotonic() - started, 1)
    print(f"{seconds} s")
    if args.json_out:
        payload = {
            "files": [str(f) for f in args.files],
            "episodes": args.episodes,
            "summary": summary,
            "regret": regret,
            "designs": rows,
            "seconds": seconds,
        }
        Path(args.json_out).write_text(json.dumps(payload, indent=2) + "\n")


if __name__ == "__main__":
    main()
