"""The vllm engine for real: vLLM's CPU build in `.venv-vllm` (`make vllm`), serving the
embedded model over HTTP. Nothing here mocks vLLM; the slow tests share one engine."""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
import torch

from spade.errors import EngineError, UsageError
from spade.llm.base import SamplingParams
from spade.llm.hf import HFPolicy, LoraSettings, token_logprobs
from spade.llm.models import EMBEDDED_MODEL
from spade.llm.vllm import VLLMPolicy, VLLMSettings
from spade.llm.vllm.engines import Row, ServerEngine, parse_choice, parse_prompt_logprobs
from spade.llm.vllm.server import VLLMServer, batched_tokens, free_port, last_error
from spade.train.config import LearnerConfig
from spade.train.learner import Learner
from spade.train.samples import Sample

CONVERSATION = [{"role": "user", "content": "Count from one to five, in words."}]
SETTINGS = VLLMSettings(mode="server", max_model_len=2048)
MEAN_TOLERANCE = 0.1
"""Mean |vLLM (bf16) - learner (fp32)| log-prob over sampled tokens we accept (measured:
0.03-0.05 for SmolLM2-135M at temperatures 0.7 and 1)."""
MAX_TOLERANCE = 1.0
"""Largest single-token gap we accept (bf16 rounding flips a near-tie now and then)."""


def test_a_reply_parses_into_ids_and_logprobs() -> None:
    choice = {
        "finish_reason": "stop",
        "logprobs": {"tokens": ["token_id:5", "token_id:2"], "token_logprobs": [-0.5, -0.1]},
    }
    sampled = parse_choice(choice)
    assert sampled.token_ids == [5, 2]
    assert sampled.logprobs == [-0.5, -0.1]
    assert sampled.finish_reason == "stop"
    with pytest.raises(EngineError, match="as text"):
        parse_choice({"logprobs": {"tokens": ["hello"], "token_logprobs": [-1.0]}})


def test_prompt_logprobs_parse_and_a_missing_token_is_an_error() -> None:
    entries = [None, {"7": {"logprob": -1.5}}, {"9": {"logprob": -0.25}}]
    assert parse_prompt_logprobs(entries, [1, 7, 9]) == [0.0, -1.5, -0.25]
    with pytest.raises(EngineError, match="left token 8 out"):
        parse_prompt_logprobs(entries, [1, 8, 9])


def test_a_taken_port_is_a_one_line_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(UsageError, match=f"port {port} on 127.0.0.1 is taken"):
            free_port("127.0.0.1", port)
    assert free_port("127.0.0.1", 0) > 0


def test_a_missing_model_folder_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"missing or has no config\.json"):
        VLLMServer(str(tmp_path / "nowhere"), SETTINGS, tmp_path / "vllm.log")


def test_a_missing_vllm_environment_says_how_to_make_one(tmp_path: Path) -> None:
    settings = SETTINGS.model_copy(update={"python": str(tmp_path / "no-venv" / "python")})
    (tmp_path / "config.json").write_text("{}")
    server = VLLMServer(str(tmp_path), settings, tmp_path / "vllm.log")
    with pytest.raises(UsageError, match="make vllm"):
        server.start()


def test_an_engine_that_cannot_start_reports_its_log_line(tmp_path: Path) -> None:
    # This environment's Python has no vllm: the server process exits at once.
    settings = SETTINGS.model_copy(update={"python": sys.executable, "start_timeout_s": 60})
    (tmp_path / "config.json").write_text("{}")
    server = VLLMServer(str(tmp_path), settings, tmp_path / "vllm.log")
    with pytest.raises(EngineError, match=r"failed to start .*No module named") as caught:
        server.start()
    assert "\n" not in str(caught.value)
    assert "vllm" in last_error(tmp_path / "vllm.log")


class _DropsFirstRequest(BaseHTTPRequestHandler):
    """Answers /health; closes the connection under the first completion request without a
    reply (what a client sees when it sends on a connection the server is closing)."""

    protocol_version = "HTTP/1.1"
    dropped: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self._reply(b"{}")

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        if not self.dropped:
            self.dropped.append(self.path)
            self.close_connection = True
            return
        choice = {
            "finish_reason": "stop",
            "logprobs": {"tokens": ["token_id:7"], "token_logprobs": [-0.5]},
        }
        self._reply(json.dumps({"choices": [choice]}).encode())

    def _reply(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


class _LocalServer(VLLMServer):
    """A stdlib HTTP server in a thread in place of the vLLM process: the client and its
    resend logic run for real against it."""

    def start(self) -> None:
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), _DropsFirstRequest)
        self.port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    @property
    def alive(self) -> bool:
        return True

    def stop(self) -> None:
        if hasattr(self, "http"):
            self.http.shutdown()
            self.http.server_close()


def test_a_request_dropped_by_a_healthy_server_is_sent_again(tmp_path: Path) -> None:
    """The keep-alive race (a request sent on a connection the server is closing) answers
    'Server disconnected without sending a response'; the server is healthy, so the batch is
    sent again rather than ending the run (a CI run failed on exactly this)."""
    (tmp_path / "config.json").write_text("{}")
    server = _LocalServer(str(tmp_path), SETTINGS, tmp_path / "vllm.log")
    server.start()
    engine = ServerEngine(server, SETTINGS)
    try:
        row = Row(
            prompt=[1, 2], max_tokens=1, temperature=1.0, top_p=1.0, seed=0, stop_token_ids=()
        )
        sampled = engine.complete([row], adapter=None)
        assert _DropsFirstRequest.dropped == ["/v1/completions"]
        assert sampled[0].token_ids == [7] and engine.restarts == 0
    finally:
        engine.close()


# --- vLLM itself ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VLLMPolicy]:
    log = tmp_path_factory.mktemp("vllm") / "vllm.log"
    policy = VLLMPolicy.start(EMBEDDED_MODEL, SETTINGS, log=log)
    yield policy
    policy.close()


@pytest.fixture(scope="module")
def learner_policy() -> HFPolicy:
    return HFPolicy.load(EMBEDDED_MODEL, lora=LoraSettings(rank=8, alpha=16), seed=0)


def _gaps(left: list[float], right: list[float]) -> tuple[float, float]:
    gaps = [abs(a - b) for a, b in zip(left, right, strict=True)]
    return sum(gaps) / len(gaps), max(gaps)


@pytest.mark.slow
def test_sampled_ids_and_logprobs_agree_with_a_learner_forward(
    engine: VLLMPolicy, learner_policy: HFPolicy
) -> None:
    prompt = engine.encode_chat(CONVERSATION)
    assert prompt == learner_policy.encode_chat(CONVERSATION)
    params = SamplingParams(temperature=0.7, max_new_tokens=32)
    completions = engine.generate([prompt] * 4, params, seeds=[1, 2, 3, 1])
    # Same seed, same draws; bf16 sums differ with the batch's make-up, so two rows of one seed
    # agree until a near-tie flips (vLLM is not batch-invariant).
    assert completions[0].token_ids[:8] == completions[3].token_ids[:8]
    assert len({c.token_ids for c in completions}) > 1
    behaviour: list[float] = []
    learner: list[float] = []
    for completion in completions:
        assert completion.finish_reason in ("stop", "length")
        assert len(completion.token_ids) == len(completion.logprobs) > 0
        ids = prompt + list(completion.token_ids)
        forward = token_logprobs(learner_policy.model, ids, temperature=0.7)[len(prompt) :]
        behaviour += completion.logprobs
        learner += forward
    mean, largest = _gaps(behaviour, learner)
    assert mean < MEAN_TOLERANCE, (mean, largest)
    assert largest < MAX_TOLERANCE, (mean, largest)


@pytest.mark.slow
def test_many_long_seeded_prompts_at_once_keep_the_engine_alive(engine: VLLMPolicy) -> None:
    """More prompt tokens at once than one engine step holds by default: with chunked prefill,
    vLLM 0.32's CPU build split a seeded prefill and died ('CPU Generator does not use
    offset'); spade turns chunked prefill off on CPU, so each prompt is prefilled whole."""
    long_text = " ".join(f"item {i} weighs {i * 7 % 13} units;" for i in range(120))
    prompts = [
        engine.encode_chat([{"role": "user", "content": f"{row}: {long_text} Sum them."}])
        for row in range(3)
    ]
    # Only more prompt tokens than one engine step holds is needed (a few thousand, not 16,000:
    # that took over 300 s on a loaded CPU); each prompt alone still fits the context.
    step = batched_tokens(EMBEDDED_MODEL, SETTINGS)
    assert sum(len(p) for p in prompts) > step > max(len(p) for p in prompts)
    params = SamplingParams(temperature=1.0, max_new_tokens=4)
    completions = engine.generate(prompts, params, seeds=list(range(3)))
    assert all(len(c.token_ids) > 0 for c in completions)
    assert isinstance(engine.engine, ServerEngine) and engine.engine.restarts == 0


@pytest.mark.slow
def test_after_a_learner_step_and_sync_vllm_follows_the_new_adapter(
    engine: VLLMPolicy, learner_policy: HFPolicy, tmp_path: Path
) -> None:
    prompt = engine.encode_chat(CONVERSATION)
    (completion,) = engine.generate([prompt], SamplingParams(temperature=1.0, max_new_tokens=24))
    ids = prompt + list(completion.token_ids)
    sample = Sample(
        role="agent",
        token_ids=ids,
        mask=[0] * len(prompt) + [1] * len(completion.token_ids),
        logprobs=[0.0] * len(prompt) + list(completion.logprobs),
        advantage=1.0,
        temperature=1.0,
        group="one",
    )
    learner = Learner(learner_policy, LearnerConfig(learning_rate=5e-3), seed=0, recompute_old=True)
    before_engine = engine.score(ids)[len(prompt) :]
    steps = [learner.step([sample]) for _ in range(3)]
    # The first step's learner is the model vLLM sampled from (the adapter starts at zero), so
    # its gap to the behaviour log-probs is the bf16/fp32 mismatch alone (docs/vllm.md: a mean
    # of 0.03-0.05 a token): nonzero, since vLLM computes in bf16, and within the tolerances.
    # Later steps' gaps also hold what the learner has learnt since.
    first = steps[0]
    assert 0 < first["logprob_gap_mean"] < MEAN_TOLERANCE, first
    assert first["logprob_gap_max"] < MAX_TOLERANCE, first
    after_learner = token_logprobs(learner_policy.model, ids)[len(prompt) :]
    gap_before, _ = _gaps(before_engine, after_learner)
    adapter = tmp_path / "adapter"
    learner_policy.model.save_pretrained(adapter)
    seconds = engine.sync_adapter(adapter, version=1)
    assert engine.adapter == "policy-v1" and seconds < 30
    after_engine = engine.score(ids)[len(prompt) :]
    gap_after, largest = _gaps(after_engine, after_learner)
    # The update raised the sampled reply's probability; the engine now sees it too.
    assert sum(after_learner) > sum(before_engine) + 1.0
    assert sum(after_engine) > sum(before_engine) + 1.0
    assert gap_after < gap_before / 4
    assert gap_after < MEAN_TOLERANCE and largest < MAX_TOLERANCE
    # The next version replaces it; the base weights are one call away.
    engine.sync_adapter(adapter, version=2)
    assert engine.adapter == "policy-v2"
    assert engine.score(ids)[len(prompt) :] == pytest.approx(after_engine, abs=1e-3)


@pytest.mark.slow
def test_the_in_process_engine_samples_scores_and_loads_adapters(
    engine: VLLMPolicy, learner_policy: HFPolicy, tmp_path: Path
) -> None:
    """vllm.LLM in one process, run where vLLM is importable: the vLLM environment, with spade's
    source on the path (spade's own environment cannot hold vLLM's transformers pin)."""
    import json
    import subprocess

    from spade.llm.models import resolve_model
    from spade.llm.vllm.server import find_python

    prompt = engine.encode_chat(CONVERSATION)
    (completion,) = engine.generate([prompt], SamplingParams(temperature=1.0, max_new_tokens=16))
    ids = prompt + list(completion.token_ids)
    sample = Sample(
        "agent",
        ids,
        [0] * len(prompt) + [1] * len(completion.token_ids),
        [0.0] * len(prompt) + list(completion.logprobs),
        1.0,
        1.0,
        "one",
    )
    learner = Learner(learner_policy, LearnerConfig(learning_rate=5e-3), seed=0, recompute_old=True)
    for _ in range(2):
        learner.step([sample])
    adapter = tmp_path / "adapter"
    learner_policy.model.save_pretrained(adapter)
    root = Path(__file__).parents[2]
    done = subprocess.run(
        [
            str(find_python(SETTINGS)),
            str(Path(__file__).parent / "scripts" / "inprocess_vllm.py"),
            str(resolve_model(EMBEDDED_MODEL)),
            json.dumps(ids),
            str(adapter),
            str(tmp_path / "found.json"),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PYTHONPATH": str(root / "src")},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads((tmp_path / "found.json").read_text())
    assert found["adapter"] == "policy-v1"
    for sampled, logprobs in found["completions"]:
        assert 0 < len(sampled) == len(logprobs)
    with learner_policy.model.disable_adapter():
        base = token_logprobs(learner_policy.model, ids)
    tuned = token_logprobs(learner_policy.model, ids)
    reply = slice(len(prompt), None)
    assert _gaps(found["base"][reply], base[reply])[0] < MEAN_TOLERANCE
    assert _gaps(found["tuned"][reply], tuned[reply])[0] < MEAN_TOLERANCE
    # The adapter was applied: the engine's scores moved with the learner's, far past rounding.
    assert _gaps(found["tuned"][reply], found["base"][reply])[0] > 4 * MEAN_TOLERANCE


@pytest.mark.slow
def test_a_server_that_dies_is_restarted_once_then_the_error_is_clear(tmp_path: Path) -> None:
    policy = VLLMPolicy.start(
        EMBEDDED_MODEL, SETTINGS.model_copy(update={"restarts": 1}), log=tmp_path / "vllm.log"
    )
    assert isinstance(policy.engine, ServerEngine)
    prompt = policy.encode_chat(CONVERSATION)
    params = SamplingParams(temperature=0.8, max_new_tokens=12)
    try:
        first = policy.generate([prompt], params, seeds=[5])
        _kill(policy.engine)
        again = policy.generate([prompt], params, seeds=[5])  # restarted, same seed
        assert policy.status()["restarts"] == 1
        assert again[0].token_ids == first[0].token_ids
        _kill(policy.engine)
        with pytest.raises(EngineError, match=r"died again .* --resume") as caught:
            policy.generate([prompt], params, seeds=[5])
        assert "\n" not in str(caught.value)
    finally:
        policy.close()


def _kill(engine: ServerEngine) -> None:
    process = engine.server.process
    assert process is not None
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


@pytest.mark.slow
def test_vllm_that_rejects_its_settings_fails_with_one_line(tmp_path: Path) -> None:
    settings = SETTINGS.model_copy(update={"max_model_len": 10_000_000, "start_timeout_s": 300})
    with pytest.raises(EngineError, match="failed to start") as caught:
        VLLMPolicy.start(EMBEDDED_MODEL, settings, log=tmp_path / "vllm.log")
    assert "\n" not in str(caught.value)


@pytest.mark.slow
def test_full_weights_sync_serves_the_saved_folder(engine: VLLMPolicy, tmp_path: Path) -> None:
    """Full fine-tuning: the engine restarts on the weights the learner saved."""
    plain = HFPolicy.load(EMBEDDED_MODEL)
    with torch.no_grad():  # a visible change: the final norm's weights scaled down
        plain.model.model.norm.weight.mul_(0.5)
    folder = tmp_path / "weights"
    plain.model.save_pretrained(folder)
    plain.tokenizer.save_pretrained(folder)
    prompt = engine.encode_chat(CONVERSATION)
    ids = prompt + engine.encode_text("One, two, three, four, five.")
    before = engine.score(ids)
    seconds = engine.sync_weights(folder, version=7)
    assert engine.adapter is None and engine.version == 7 and seconds > 0
    after = engine.score(ids)
    expected = token_logprobs(plain.model, ids)
    assert _gaps(after[1:], expected[1:])[0] < MEAN_TOLERANCE
    assert _gaps(after[1:], before[1:])[0] > 4 * MEAN_TOLERANCE
