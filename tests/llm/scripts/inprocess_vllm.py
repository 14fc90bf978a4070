"""Run inside the vLLM environment (PYTHONPATH=src): the in-process engine on a model folder.

Writes JSON to the file named by the fourth argument: sampled ids and log-probs of two seeded
rows, and the scores of a sequence under the base weights and under the LoRA adapter given as the
third argument.
"""

import json
import sys
from pathlib import Path

from spade.llm.base import SamplingParams
from spade.llm.vllm import VLLMPolicy, VLLMSettings
from spade.llm.vllm.engines import InProcessEngine


def main() -> None:
    model, sequence, adapter = sys.argv[1], json.loads(sys.argv[2]), Path(sys.argv[3])
    out = Path(sys.argv[4])
    policy = VLLMPolicy.start(model, VLLMSettings(mode="inprocess", max_model_len=2048))
    assert isinstance(policy.engine, InProcessEngine)
    prompt = sequence[: len(sequence) // 2]
    completions = policy.generate(
        [prompt, prompt], SamplingParams(temperature=0.7, max_new_tokens=16), seeds=[1, 2]
    )
    base = policy.score(sequence)
    policy.sync_adapter(adapter, version=1)
    tuned = policy.score(sequence)
    out.write_text(
        json.dumps(
            {
                "completions": [[list(c.token_ids), list(c.logprobs)] for c in completions],
                "base": base,
                "tuned": tuned,
                "adapter": policy.adapter,
            }
        )
    )
    policy.close()


if __name__ == "__main__":  # vLLM spawns its engine core: the guard is required
    main()
