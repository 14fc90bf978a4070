"""Model-written hints: the same model reads an environment's source and writes a strategy tip.

A written hint is checked before any hinted play (``model_hint_leak``): the model sees the source,
so it can copy answers out of it; a hint that gives an episode away is discarded.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence

from spade.checker.judge import SeedView, judge_hints
from spade.checker.policies import look, replay
from spade.errors import SpadeError
from spade.llm.base import Policy, SamplingParams
from spade.sandbox import Limits, SandboxedEnv, SandboxPool
from spade.sandbox.text import clean_hint as capped_hint

HINT_PROMPT = (
    "Below is the Python source of a text game. Write a short strategy hint (one or two "
    "sentences) for a player who cannot see the code. Describe how to approach the game; do not "
    "state any specific answer, number, password or the solution.\n\n```python\n{source}\n```"
)
MAX_SOURCE_CHARS = 6000


def write_model_hint(policy: Policy, source: str, seed: int = 0) -> str:
    """One value-free strategy hint for the environment in ``source``."""
    prompt = HINT_PROMPT.format(source=source[:MAX_SOURCE_CHARS])
    params = SamplingParams(temperature=0.7, top_p=0.95, max_new_tokens=96)
    completion = policy.chat([[{"role": "user", "content": prompt}]], params, seeds=[seed])[0]
    return clean_hint(completion.text)


def clean_hint(text: str) -> str:
    """The hint's prose: code blocks dropped, whitespace collapsed, at most three sentences,
    then made clean text within the hint cap (``spade.sandbox.text.clean_hint``), as every hint
    the agent reads is."""
    text = re.sub(r"```.*?(```|$)", " ", text, flags=re.DOTALL)
    text = re.sub(r"\s+", " ", text).strip()
    sentences = re.split(r"(?<=[.!?])\s+", text)
    prose = " ".join(sentences[:3]) or "Explore carefully and use the feedback you get."
    return capped_hint(prose) or "Explore carefully and use the feedback you get."


def model_hint_leak(
    hint: str,
    source: str,
    seeds: Sequence[int],
    limits: Limits | None = None,
    pool: SandboxPool | None = None,
) -> str | None:
    """Why ``hint`` gives away an episode of one of ``seeds``, or ``None`` when it is clean.

    The checker's one hint-leak judge (``judge_hints``, per seed), on the sandbox's replay: per
    seed, read ``solution()`` from a fresh copy, replay its actions, then judge the hint.
    Payloads that every seed's first observation shows are public (option words); tool-call
    argument values the seed's own first observation gives are the task, not a secret. A hint
    that cannot be checked (the environment fails to open, reset, give or replay its solution)
    is reported as such: unchecked hints never reach hinted play.
    """
    try:
        env = pool.open(source) if pool is not None else SandboxedEnv(source, limits or Limits())
    except SpadeError as exc:
        return f"the hint could not be checked: {type(exc).__name__}: {exc}"
    try:
        firsts: dict[int, str] = {}
        solved: dict[int, list[str]] = {}
        for seed in seeds:
            seen = look(env, seed)  # from a fresh copy: the played episodes never see it
            if seen.solution_error is not None:
                raise seen.solution_error
            solution = seen.solution or []
            if isinstance(solution, str):  # a description: it stands for itself, unreplayed
                firsts[seed], solved[seed] = seen.observation, [solution]
            else:
                trace = replay(env, seed, solution)
                firsts[seed], solved[seed] = trace.first_observation, trace.actions
    except SpadeError as exc:
        return f"the hint could not be checked: {type(exc).__name__}: {exc}"
    finally:
        with contextlib.suppress(Exception):
            env.close()
    views = [SeedView(seed, firsts[seed], actions, hint) for seed, actions in solved.items()]
    return judge_hints(views, "per_seed", observations=False)
