"""reasoning-gym task families as environments: an answer turn plus one retry with feedback.

Each episode is one item that ``reasoning_gym.create_dataset(family, seed=seed, size=1)``
generates; the package's own ``score_answer`` judges it. A first answer scoring 1 wins at once;
otherwise the agent hears it was wrong and gets one more try, whose score is the reward.
"""

from __future__ import annotations

from typing import Any

from spade.envkit import parse_answer, parse_boxed

FAMILIES: dict[str, dict[str, Any]] = {
    "basic_arithmetic": {},
    "chain_sum": {},
    "leg_counting": {},
    "spell_backward": {},
    "word_sorting": {},
    "letter_counting": {},
    "number_sorting": {},
    "gcd": {},
    "simple_equations": {},
    "base_conversion": {},
}
"""The suite's families, each with the dataset config passed to ``create_dataset`` (defaults)."""

ANSWER_FORMAT = "Think briefly, then give only the final answer as <answer>...</answer>."


class ReasoningGymEnv:
    """One reasoning-gym family; ``reset(seed)`` draws that seed's item."""

    max_turns = 2

    def __init__(self, family: str, **config: Any) -> None:
        if family not in _known_families():
            raise ValueError(f"unknown reasoning-gym family '{family}'")
        self.family = family
        self.config = config
        self.entry: dict[str, Any] = {}
        self.dataset: Any = None
        self.attempts = 0

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        import reasoning_gym

        self.dataset = reasoning_gym.create_dataset(
            self.family, seed=0 if seed is None else seed, size=1, **self.config
        )
        self.entry = self.dataset[0]
        self.attempts = 0
        return f"{self.entry['question']}\n\n{ANSWER_FORMAT}", {"family": self.family}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        self.attempts += 1
        answer = parse_answer(action)
        if answer is None:
            answer = parse_boxed(action) or ""
        score = float(self.dataset.score_answer(answer, self.entry) or 0.0)
        score = min(1.0, max(0.0, score))
        if score >= 1.0:
            return "Correct.", 1.0, True, False, {"score": score}
        if self.attempts >= self.max_turns:
            return "Not correct. No tries left.", score, True, False, {"score": score}
        return (
            "That is not correct. You have one more try: " + ANSWER_FORMAT,
            0.0,
            False,
            False,
            {"score": score},
        )

    def hint(self) -> str:
        return "Work step by step and check the result against the question before answering."

    def solution(self) -> list[str]:
        return [f"<answer>{self.entry['answer']}</answer>"]


def _known_families() -> set[str]:
    from reasoning_gym.factory import DATASETS

    return set(DATASETS)
