"""Training samples from both roles, with per-role GRPO advantages.

Agent: the unhinted episodes of each environment form a group; an episode's advantage is its
clipped return minus the group's mean. Designer: every attempt that answered prompts from one
grounding document (its designs and their repairs) forms a group; its reward is the validity
ladder or the regret recipe, centred within the group, and a negative centred reward is masked
to 0 (SPADE). Designer samples are up-weighted by min(cap, N_agent / N_designer × the designer
update interval) (SPADE's designer reward scale).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import Literal, get_args

from spade.designer import Design
from spade.designer.types import Outcome
from spade.regret import clip_return, designer_reward_scale
from spade.rollout import PairedResult
from spade.train.loss import grouped_advantages
from spade.types import Episode

Role = Literal["agent", "designer"]
ROLES: tuple[Role, ...] = get_args(Role)
"""Both roles, agent first (also the adapters' names with ``roles.shared_weights = false``)."""


@dataclass
class Sample:
    """One token sequence to learn from: sampled tokens have mask 1 and a behaviour logprob."""

    role: Role
    token_ids: list[int]
    mask: list[int]
    logprobs: list[float]
    advantage: float
    temperature: float
    group: str
    weight: float = 1.0
    reward: float | None = None
    """The designer attempt's reward before centring (designer samples), so the group's
    advantages can be recomputed when the reward changes (``revoke_samples``)."""
    env_id: int | None = None
    """The archived environment a valid designer attempt wrote."""
    version: int = 0
    """The weights that sampled it: the iteration whose update they reflect (0: the start)."""

    @property
    def tokens(self) -> int:
        return sum(self.mask)


def agent_samples(
    played: list[PairedResult], temperature: float, normalise_std: bool = False
) -> list[Sample]:
    """Unhinted episodes with tokens; advantage within each environment's group of plays."""
    return episode_samples([(r.origin, r.unhinted) for r in played], temperature, normalise_std)


def episode_samples(
    groups: list[tuple[str, list[Episode]]], temperature: float, normalise_std: bool = False
) -> list[Sample]:
    """Agent samples from (group name, episodes) pairs; advantage within each group."""
    episodes: list[tuple[str, Episode]] = [
        (name, e) for name, members in groups for e in members if e.token_ids
    ]
    returns = [clip_return(e.episode_return) for _, e in episodes]
    advantages = grouped_advantages(returns, [g for g, _ in episodes], normalise_std)
    return [
        Sample("agent", list(e.token_ids), list(e.mask), list(e.logprobs), a, temperature, group)
        for (group, e), a in zip(episodes, advantages, strict=True)
        if sum(e.mask)
    ]


def designer_samples(
    designs: list[Design], temperature: float, normalise_std: bool, *, mask_negative: bool
) -> list[Sample]:
    """Every attempt with tokens; advantage centred within its grounding prompt's group.

    With ``mask_negative`` an attempt whose centred reward is negative gets advantage 0: it is
    masked from the designer's update (SPADE: environments with negative blend masked).
    """
    attempts = [
        (d.task.group_key, a) for d in designs for a in d.attempts if a.completion.token_ids
    ]
    advantages = grouped_advantages(
        [a.reward for _, a in attempts], [g for g, _ in attempts], normalise_std
    )
    if mask_negative:
        advantages = [max(0.0, advantage) for advantage in advantages]
    samples = []
    for (group, attempt), advantage in zip(attempts, advantages, strict=True):
        prompt, completion = attempt.prompt_ids, attempt.completion
        samples.append(
            Sample(
                "designer",
                [*prompt, *completion.token_ids],
                [0] * len(prompt) + [1] * len(completion.token_ids),
                [0.0] * len(prompt) + list(completion.logprobs),
                advantage,
                temperature,
                group,
                reward=attempt.reward,
                env_id=attempt.env_id if attempt.outcome is Outcome.VALID else None,
            )
        )
    return samples


def revoke_samples(
    samples: list[Sample], env_id: int, reward: float, normalise_std: bool, *, mask_negative: bool
) -> list[Sample]:
    """Designer samples still waiting for their update, with the attempts that wrote ``env_id``
    rewarded ``reward`` (the invalid reward of an environment caught at play) and the
    advantages of their groups recomputed as ``designer_samples`` computes them."""
    groups = {s.group for s in samples if s.role == "designer" and s.env_id == env_id}
    if not groups:
        return samples
    for sample in samples:
        if sample.env_id == env_id:
            sample.reward, sample.env_id = reward, None
    members = [s for s in samples if s.role == "designer" and s.group in groups]
    advantages = grouped_advantages(
        [s.reward or 0.0 for s in members], [s.group for s in members], normalise_std
    )
    for sample, advantage in zip(members, advantages, strict=True):
        sample.advantage = max(0.0, advantage) if mask_negative else advantage
    return samples


def weight_designer(
    samples: list[Sample], n_agent: int, *, cap: float, update_every: int
) -> list[Sample]:
    """Scale designer samples by min(cap, N_agent / N_designer × update_every) (SPADE).

    The designer samples of one update were gathered over ``update_every`` iterations, each with
    about ``n_agent`` agent samples. Without agent samples (a frozen agent) the weight stays 1.
    """
    designers = [s for s in samples if s.role == "designer"]
    if not designers:
        return samples
    scale = designer_reward_scale(n_agent, len(designers), update_every, cap) if n_agent else 1.0
    for sample in designers:
        sample.weight = scale
    return samples


ZERO_ADVANTAGE = 1e-9
"""Advantages smaller than this are rounding noise of a group mean: no policy gradient."""


def informative(samples: list[Sample], keep_zero_advantage: bool) -> list[Sample]:
    """Drop samples whose advantage is 0 (no policy gradient) unless a KL term still uses them."""
    return [s for s in samples if keep_zero_advantage or abs(s.advantage) > ZERO_ADVANTAGE]


def batch_fingerprint(samples: list[Sample]) -> str:
    """A short hash of a batch: equal batches, equal fingerprints (used to verify resumes)."""
    digest = hashlib.sha256()
    for sample in samples:
        payload = asdict(sample)
        del payload["version"]  # how old the weights were is not what was learned from
        payload["logprobs"] = [round(x, 5) for x in sample.logprobs]
        payload["advantage"] = round(sample.advantage, 8)
        digest.update(json.dumps(payload, sort_keys=True).encode())
    return digest.hexdigest()[:16]
