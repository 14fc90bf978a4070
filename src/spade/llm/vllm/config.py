"""Settings of the ``vllm`` generation engine (``roles.agent.engine = "vllm"``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class VLLMSettings(BaseModel):
    """How spade runs vLLM: in this process, or as a server process it starts and supervises."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["auto", "server", "inprocess"] = Field(
        "auto",
        description="'inprocess': vllm.LLM in this process (vLLM installed beside spade, the "
        "GPU recipe); 'server': a vLLM OpenAI-compatible server in its own environment, spoken "
        "to over HTTP with token ids; 'auto': in-process when `import vllm` works here, else "
        "the server.",
    )
    python: str | None = Field(
        None,
        description="Python of the server's environment. None: $SPADE_VLLM_PYTHON, else "
        "`.venv-vllm/bin/python` in the working folder or the spade checkout (`make vllm`).",
    )
    host: str = Field("127.0.0.1", description="Address the server listens on.")
    port: int = Field(0, ge=0, le=65535, description="Server port; 0 picks a free one.")
    memory_share: float = Field(
        0.3,
        gt=0,
        le=1,
        description="vLLM's gpu_memory_utilization: its share of GPU memory (leave the rest to "
        "the learner on a shared GPU). On CPU it is a share of one NUMA node's memory.",
    )
    cpu_kv_cache_gb: float = Field(
        1.0, gt=0, description="KV cache size on CPU (VLLM_CPU_KVCACHE_SPACE, GiB)."
    )
    max_model_len: int | None = Field(
        None, ge=64, description="Longest sequence the engine serves (None: the model's limit)."
    )
    tensor_parallel_size: int = Field(1, ge=1, description="GPUs one engine spans.")
    max_lora_rank: int = Field(
        16, ge=1, description="Largest LoRA rank served; at least the learner's lora.rank."
    )
    start_timeout_s: float = Field(
        600.0, gt=0, description="Longest wait for the engine to come up."
    )
    request_timeout_s: float = Field(
        1800.0, gt=0, description="Longest wait for one batch of completions."
    )
    chunked_prefill: bool = Field(
        False,
        description="Let vLLM split long prefills across steps. Off by default: on vLLM 0.32's "
        "CPU build a seeded request whose prefill is split kills the engine ('CPU Generator does "
        "not use offset'); with it off every prompt is prefilled whole "
        "(max-num-batched-tokens = the longest sequence). Turn it on for GPUs.",
    )
    restarts: int = Field(
        1, ge=0, description="Times a server that died is restarted before the run stops."
    )
    extra_args: list[str] = Field(
        default_factory=list, description="More `vllm serve` arguments, passed as given."
    )
