"""Settings of the environment checker."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

HintSource = Literal["env", "model"]
"""Where the hinted arm's hint comes from: 'env', the environment's hint() (the checker requires
and checks it); 'model', the same model reads the source and writes a value-free strategy hint,
so hint() is optional (SPADE's code does this). A run sets it once, ``rollout.hint_source``, and
its checks are given that value."""
MIN_ANSWER_CHARS = 3
"""Payloads shorter than this are not searched for in first observations and replies (a '7'
in a question is no leak); hints are searched for answers of one or two characters stated
alone. The checker, the play-time audit and the rollouts' hint guard all read it."""
RETURN_TOLERANCE = 1e-6
"""Slack allowed on the [0, 1] bounds of an episode return (float rounding, not a setting)."""
MIN_ACTION_CHARS = 8
"""Solution actions at least this long must not appear in the hint (checker and audit)."""


class CheckConfig(BaseModel):
    """How ``spade check`` validates one environment.

    The sandbox limits (import policy included) come with the pool or ``Limits`` the checker is
    given, and the runner's turn cap with ``max_turns``: the same values the rollouts of a run
    use, so an environment is judged under the conditions it will be played in. So does the
    hint source (``check_source(..., hint_source=...)``): a run's is ``rollout.hint_source``.
    An episode is won as ``spade.types.WIN_THRESHOLD`` says, in checks and in play alike.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seeds: int = Field(
        5,
        ge=1,
        le=100,
        description="Seeds each stage plays, drawn from a generator seeded with check_seed.",
    )
    population_seeds: int = Field(
        32,
        ge=0,
        le=200,
        description="More seeds, drawn the same way, whose first observations and solutions the "
        "informed checks compare: the 'marginal-answers' policy sends the answers of other "
        "seeds, and 'undetermined' looks for seeds the agent cannot tell apart that need "
        "different answers. 0 turns both off.",
    )
    check_seed: int | None = Field(
        None,
        ge=0,
        description="Seeds the generator of the checked environment seeds. None: fresh entropy "
        "(spade check; the verdict prints the seed used, so --check-seed repeats a check); a run "
        "derives one per design from its own seed. Environments cannot predict checked seeds.",
    )
    largest_max_turns: int = Field(
        100, ge=1, description="Largest max_turns an environment may declare."
    )
    trivial_win_share: float = Field(
        0.5,
        ge=0,
        le=1,
        description="A junk, random or brute-force policy winning on at least this share of "
        "seeds (and on at least one) makes the environment trivial.",
    )
    constant_answer_share: float = Field(
        0.85,
        gt=0,
        le=1,
        description="A question (the solution's k-th rewarded answer) whose most frequent answer "
        "is this share of the judged seeds, or more, does not depend on what the agent sees: a "
        "fixed guess gets it without reading the task, so the environment is rejected.",
    )
    constant_answer_min_seeds: int = Field(
        8,
        ge=2,
        description="Seeds with a k-th answer needed before the constant-answer test judges "
        "question k (fewer say nothing about its spread).",
    )
    mutation_programs: int = Field(
        96,
        ge=0,
        description="Blunt mutant programs of solution() the trivial stage plays at most "
        "(checker.mutants: repeat, cycle, every object, shared actions alone, copied answer); "
        "0 turns the mutation search off.",
    )
    mutation_skeletons: int = Field(
        4,
        ge=1,
        description="Action shapes of the solutions (the most frequent) whose positions the "
        "mutation search refills.",
    )
    trivial_margin_sd: float = Field(
        1.0,
        ge=0,
        description="How far above trivial_win_share a policy's wins must reach, in binomial "
        "standard deviations (wins >= share*n + this*sqrt(n*share*(1-share)) over the n seeds "
        "judged): sampling noise then rarely rejects an environment whose most frequent answer "
        "is right 40% of the time (under 1% over 35 seeds), while a policy that wins every "
        "episode is always caught. 0: the bare share.",
    )
