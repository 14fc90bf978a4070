"""The ``vllm`` generation engine: a token-level policy on vLLM with LoRA weight sync.

In this process when vLLM is installed beside spade (GPU users: ``pip install 'spade[vllm]'``),
else a vLLM server in its own environment (``make vllm``) that spade starts and supervises.
docs/vllm.md has the recipe.
"""

from spade.llm.vllm.config import VLLMSettings
from spade.llm.vllm.policy import VLLMPolicy, engine_model, vllm_importable

__all__ = ["VLLMPolicy", "VLLMSettings", "engine_model", "vllm_importable"]
