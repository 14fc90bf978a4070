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

    seeds: int = Field(5, ge=1, le=100, description="Seeds 0..N-1 each stage plays.")
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
    min_answer_chars: int = Field(
        MIN_ANSWER_CHARS,
        ge=1,
        description="Answers shorter than this are too short to be telling and are not searched "
        "for in hints and observations.",
    )
    min_action_chars: int = Field(
        MIN_ACTION_CHARS,
        ge=1,
        description="Solution actions at least this long must not appear in the hint.",
    )
