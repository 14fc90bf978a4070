"""A vLLM OpenAI-compatible server process that spade starts, health-checks, restarts and stops.

The server runs in its own Python environment (``make vllm`` builds ``.venv-vllm``: vLLM pins a
transformers older than ours). Its output goes to a log file; a start that fails reports the
log's last error line. The process leads its own process group, so stopping it also stops the
engine core vLLM spawns.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

from spade.errors import EngineError, UsageError
from spade.llm.vllm.config import VLLMSettings

BASE_NAME = "base"
"""The name the server gives the model without an adapter."""
VLLM_VENV = ".venv-vllm"


ENGINE_DTYPE = "bfloat16"
"""The engine's dtype when the run's ``dtype`` is 'auto' (the learner computes in float32 on a
CPU; the truncated importance weights correct the difference)."""


def engine_dtype(dtype: str) -> str:
    """The vLLM dtype for the run's ``dtype`` setting."""
    return ENGINE_DTYPE if dtype == "auto" else dtype


def find_python(settings: VLLMSettings) -> Path:
    """The server environment's interpreter, or a one-line error saying how to make one."""
    import spade

    if settings.python:
        candidates = [Path(settings.python).expanduser()]
    elif os.environ.get("SPADE_VLLM_PYTHON"):
        candidates = [Path(os.environ["SPADE_VLLM_PYTHON"]).expanduser()]
    else:
        checkout = Path(spade.__file__).resolve().parents[2]
        candidates = [root / VLLM_VENV / "bin" / "python" for root in (Path.cwd(), checkout)]
    for candidate in candidates:
        if candidate.exists():
            return candidate
    raise UsageError(
        f"no vLLM environment at {candidates[0]}: run `make vllm` in the spade checkout, or set "
        "generation.vllm.python (or $SPADE_VLLM_PYTHON) to a Python that has vllm"
    )


def free_port(host: str, port: int) -> int:
    """``port`` if nothing listens on it (a free one for 0), else a one-line error."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            raise UsageError(
                f"port {port} on {host} is taken: set generation.vllm.port to a free port, or "
                "to 0 to pick one"
            ) from None
        return int(probe.getsockname()[1])


def server_command(
    python: Path, model: str, port: int, settings: VLLMSettings, dtype: str = ENGINE_DTYPE
) -> list[str]:
    """The argument list that starts the server on ``model`` (a folder or hub id)."""
    command = [
        str(python),
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        model,
        "--served-model-name",
        BASE_NAME,
        "--host",
        settings.host,
        "--port",
        str(port),
        "--dtype",
        dtype,
        "--gpu-memory-utilization",
        str(settings.memory_share),
        "--tensor-parallel-size",
        str(settings.tensor_parallel_size),
        "--enable-lora",
        "--max-lora-rank",
        str(settings.max_lora_rank),
        "--max-loras",
        "2",
        # Returned log-probs after temperature: what the sampled token's probability really was.
        "--logprobs-mode",
        "processed_logprobs",
        "--seed",
        "0",
    ]
    if settings.max_model_len:
        command += ["--max-model-len", str(settings.max_model_len)]
    if not settings.chunked_prefill:
        command += [
            "--no-enable-chunked-prefill",
            "--max-num-batched-tokens",
            str(batched_tokens(model, settings)),
        ]
    return command + list(settings.extra_args)


def model_positions(model: str) -> int | None:
    """The model folder's ``max_position_embeddings`` (None for a hub id or when unset)."""
    import json

    config = Path(model) / "config.json"
    if not config.exists():
        return None
    positions = json.loads(config.read_text()).get("max_position_embeddings")
    return int(positions) if positions else None


def batched_tokens(model: str, settings: VLLMSettings) -> int:
    """Tokens one engine step may hold without chunked prefill: the longest sequence served."""
    return max(settings.max_model_len or model_positions(model) or 8192, 2048)


def last_error(log: Path, limit: int = 300) -> str:
    """The log's last line that names an error, else its last line (shortened to ``limit``)."""
    try:
        lines = [line.strip() for line in log.read_text(errors="replace").splitlines()]
    except OSError:
        return "no log"
    lines = [line for line in lines if line]
    marked = [line for line in lines if "Error" in line or "error:" in line.lower()]
    chosen = (marked or lines or ["(empty log)"])[-1]
    return chosen if len(chosen) <= limit else chosen[: limit - 3] + "..."


class VLLMServer:
    """One server process on one model folder; ``start`` blocks until it answers /health."""

    def __init__(
        self, model: str, settings: VLLMSettings, log: Path, dtype: str = ENGINE_DTYPE
    ) -> None:
        if "/" in model or os.sep in model:
            folder = Path(model).expanduser()
            if model.startswith((".", "/", "~")) and not (folder / "config.json").exists():
                raise UsageError(f"the model folder {folder} is missing or has no config.json")
        self.model = model
        self.settings = settings
        self.dtype = dtype
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.started_s = 0.0
        """Seconds the last start took."""
        atexit.register(self.stop)

    @property
    def url(self) -> str:
        return f"http://{self.settings.host}:{self.port}"

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        python = find_python(self.settings)
        self.port = free_port(self.settings.host, self.settings.port)
        command = server_command(python, self.model, self.port, self.settings, self.dtype)
        env = dict(os.environ)
        env.setdefault("VLLM_CPU_KVCACHE_SPACE", f"{self.settings.cpu_kv_cache_gb:g}")
        env["VLLM_ALLOW_RUNTIME_LORA_UPDATING"] = "True"
        env.setdefault("HF_HUB_OFFLINE", "1")
        env.pop("PYTHONPATH", None)  # spade's environment must not leak into vLLM's
        self.log.parent.mkdir(parents=True, exist_ok=True)
        began = time.monotonic()
        with self.log.open("ab") as sink:
            sink.write(f"\n$ {' '.join(command)}\n".encode())
            sink.flush()
            self.process = subprocess.Popen(
                command,
                stdout=sink,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        self.log.with_suffix(".pid").write_text(f"{self.process.pid}\n")
        self._wait_healthy(began)
        self.started_s = time.monotonic() - began

    def _wait_healthy(self, began: float) -> None:
        deadline = began + self.settings.start_timeout_s
        with httpx.Client(timeout=5.0) as client:
            while time.monotonic() < deadline:
                if not self.alive:
                    code = self.process.returncode if self.process else None
                    raise EngineError(
                        f"the vLLM server failed to start (exit code {code}): "
                        f"{last_error(self.log)} (log: {self.log})"
                    )
                with contextlib.suppress(httpx.HTTPError):
                    if client.get(f"{self.url}/health").status_code == 200:
                        return
                time.sleep(0.5)
        self.stop()
        raise EngineError(
            f"the vLLM server did not come up within {self.settings.start_timeout_s:g} s "
            f"(log: {self.log})"
        )

    def stop(self) -> None:
        _stop_process(self)


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM when spade dies, even by SIGKILL (Linux only)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name:
        pr_set_pdeathsig = 1
        ctypes.CDLL(name).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _stop_process(server: VLLMServer) -> None:
    process = server.process
    if process is None or process.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 20.0), (signal.SIGKILL, 10.0)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue
