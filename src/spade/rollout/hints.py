"""Model-written hints: the same model reads an environment's source and writes a strategy tip."""

from __future__ import annotations

import re

from spade.llm.base import Policy, SamplingParams

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
    """The hint's prose: code blocks dropped, whitespace collapsed, at most three sentences."""
    text = re.sub(r"```.*?(```|$)", " ", text, flags=re.DOTALL)
    text = re.sub(r"\s+", " ", text).strip()
    sentences = re.split(r"(?<=[.!?])\s+", text)
    return " ".join(sentences[:3]) or "Explore carefully and use the feedback you get."
