"""Batched multi-turn episodes, token-in/token-out, with paired hinted and unhinted play."""

from spade.rollout.config import HINT_SEPARATOR, RolloutConfig
from spade.rollout.episodes import EpisodeSpec, play_episodes
from spade.rollout.hints import write_model_hint
from spade.rollout.paired import (
    PairedPlay,
    PairedResult,
    estimate_from_episodes,
    paired_specs,
    play_many,
    play_paired,
)
from spade.rollout.transcript import TemplateError, TokenTranscript

__all__ = [
    "HINT_SEPARATOR",
    "EpisodeSpec",
    "PairedPlay",
    "PairedResult",
    "RolloutConfig",
    "TemplateError",
    "TokenTranscript",
    "estimate_from_episodes",
    "paired_specs",
    "play_episodes",
    "play_many",
    "play_paired",
    "write_model_hint",
]
