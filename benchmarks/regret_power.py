"""How many seed-paired plays separate a hint regret of 0.2 from 0?

Each simulated environment is played K times per arm. The agent wins an unhinted play with
probability p and a hinted one with probability p + 0.2 (the two arms drawn independently,
which is the hardest case: positively correlated arms separate sooner). The regret interval is
the run's own, ``spade.regret.paired_bootstrap_ci`` at 95%. Reported per K and p: the share of
environments whose interval lies wholly above 0 (power), and the same share when the true regret
is 0 (false alarms; a 95% two-sided interval gives about 2.5%).

    python benchmarks/regret_power.py [--trials 400] [--resamples 1000] [--pairs 3 16 64]
        [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random

from spade.regret import paired_bootstrap_ci, wilson_interval

PAIRS = (3, 4, 8, 16, 32, 64, 128)
UNHINTED = (0.05, 0.2, 0.4)
REGRET = 0.2


def above_zero(
    pairs: int, unhinted: float, regret: float, trials: int, resamples: int, seed: int
) -> int:
    """How many of ``trials`` simulated environments have a 95% interval above 0."""
    rng = random.Random(f"{seed}:{pairs}:{unhinted}:{regret}")
    found = 0
    for trial in range(trials):
        hinted = [float(rng.random() < unhinted + regret) for _ in range(pairs)]
        plain = [float(rng.random() < unhinted) for _ in range(pairs)]
        low, _ = paired_bootstrap_ci(hinted, plain, resamples, 0.95, seed=trial)
        found += low > 0
    return found


def _rate(count: int, trials: int, interval: tuple[float, float]) -> str:
    return f"{count / trials:.3f} [{interval[0]:.3f}, {interval[1]:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=400)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pairs", type=int, nargs="*", default=list(PAIRS))
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = []
    print(f"{'K':>3} {'p':>5}  power (regret {REGRET})        false alarms (regret 0)")
    for pairs in args.pairs:
        for unhinted in UNHINTED:
            hits = above_zero(pairs, unhinted, REGRET, args.trials, args.resamples, args.seed)
            alarms = above_zero(pairs, unhinted, 0.0, args.trials, args.resamples, args.seed)
            power, alarm = wilson_interval(hits, args.trials), wilson_interval(alarms, args.trials)
            rows.append(
                {
                    "pairs": pairs,
                    "unhinted": unhinted,
                    "power": hits / args.trials,
                    "power_ci": power,
                    "false_alarms": alarms / args.trials,
                    "false_alarms_ci": alarm,
                }
            )
            print(
                f"{pairs:>3} {unhinted:>5.2f}  {_rate(hits, args.trials, power)}      "
                f"{_rate(alarms, args.trials, alarm)}",
                flush=True,
            )
    if args.json:
        with open(args.json, "w") as sink:
            json.dump(
                {"trials": args.trials, "resamples": args.resamples, "rows": rows}, sink, indent=1
            )


if __name__ == "__main__":
    main()
