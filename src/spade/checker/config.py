"""Settings of the environment checker."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

WIN_THRESHOLD = 0.999
"""An episode is won when it terminates with return >= this (DESIGN.md §2)."""
MIN_ANSWER_CHARS = 3
"""Default of ``CheckConfig.min_answer_chars``; rollouts, which have no check settings, use it."""
MIN_ACTION_CHARS = 8
"""Default of ``CheckConfig.min_action_chars``."""


class CheckConfig(BaseModel):
    """How ``spade check`` validates one environment.

    The sandbox limits (import policy included) come with the pool or ``Limits`` the checker is
    given, and the runner's turn cap with ``max_turns``: the same values the rollouts of a run
    use, so an environment is judged under the conditions it will be played in.
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
    hint_source: Literal["env", "model"] = Field(
        "env",
        description="'env': the environment's hint() is the hint (checked); 'model': the model "
        "writes hints, so hint() is optional (SPADE's code does this).",
    )
    largest_max_turns: int = Field(
        100, ge=1, description="Largest max_turns an environment may declare."
    )
    win_threshold: float = Field(
        WIN_THRESHOLD, description="Return at or above which a terminated episode is won."
    )
    return_tolerance: float = Field(
        1e-6, ge=0, description="Slack allowed on the [0, 1] bounds of an episode return."
    )
    trivial_win_share: float = Field(
        0.5,
        ge=0,
        le=1,
        description="A junk, random or brute-force policy winning on at least this share of "
        "seeds (and on at least one) makes the environment trivial.",
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
    min_answer_chars: int = Field(
        MIN_ANSWER_CHARS,
        ge=1,
        description="Payloads shorter than this are not searched for in first observations "
        "and replies (a '7' in a question is no leak). Hints are searched for answers of one "
        "or two characters whatever this says (in their own case, when the observation does "
        "not show them), and the hint-copy policy tests every length.",
    )
    min_action_chars: int = Field(
        MIN_ACTION_CHARS,
        ge=1,
        description="Solution actions at least this long must not appear in the hint.",
    )
