"""Configuration of a self-play run: one pydantic model, loaded from TOML or YAML, every field
described. ``spade run --print-config`` prints the resolved values."""

from __future__ import annotations

import copy
import json
import tomllib
import warnings
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from spade.cluster.config import ClusterConfig
from spade.designer.config import DesignerConfig, MemoryConfig
from spade.errors import SettingRenamed, UsageError
from spade.eval.suites import suite_imports
from spade.llm.config import GenerationConfig
from spade.llm.hf import LoraSettings
from spade.regret import RegretConfig
from spade.rollout import RolloutConfig
from spade.sandbox import Limits

RENAMED = {
    "model": "roles.agent.model",
    "generation.engine": "roles.agent.engine",
    "train_agent": "roles.agent.train",
    "designer_model": "roles.designer.model",
    "designer_engine": "roles.designer.engine",
    "designer_backend": "roles.designer.engine",
    "designer_base_url": "roles.designer.base_url",
    "train_designer": "roles.designer.train",
    "designer.warmstart": "roles.designer.warmstart",
    "designer.warmstart_adapter": "roles.designer.warmstart",
    "learner.designer_weight_cap": "roles.designer.weight_cap",
    "learner.designer_update_every": "roles.designer.update_every",
    "regret.plr_staleness_mix": "regret.plr_age_mix",
}
"""Old setting paths (dotted) and their new ones: an old name loads with a DeprecationWarning
(``SettingRenamed``). ``designer.warmstart`` (on or off) and ``designer.warmstart_adapter`` (a
folder) are one setting now: given together, the folder where the warm-start was on."""


class LearnerConfig(BaseModel):
    """The policy-gradient update (SPADE: GRPO without std normalisation, asymmetric clip)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    learning_rate: float = Field(
        5e-4,
        gt=0,
        description="Adam learning rate. SPADE used 1e-6 for full fine-tuning at 4B-30B "
        "(configs/paper.toml); LoRA on the embedded 135M model needs a far larger one: at 2e-5 "
        "four updates changed no sampled token of `spade experiment`'s evaluation, while 5e-4 "
        "took agent-only GRPO on running_total from 0.19 to 0.81 (docs/benchmarks.md).",
    )
    warmup_steps: int = Field(
        0,
        ge=0,
        description="Optimizer steps over which the learning rate rises linearly to "
        "learning_rate (step k of n uses k/n of it; 0: none, as SPADE). Adam's first step moves "
        "every trainable weight by about the learning rate whatever the gradient's size; a "
        "4-step warm-up was measured against none over seeds 0-5 of `spade run` and made no "
        "difference to the designs (24/48 valid either way; docs/benchmarks.md), so the CPU "
        "profile keeps a constant rate.",
    )
    clip_low: float = Field(0.2, ge=0, lt=1, description="Lower ratio clip ε_low (SPADE: 0.2).")
    clip_high: float = Field(0.28, ge=0, description="Upper ratio clip ε_high (SPADE: 0.28).")
    kl_coef: float = Field(
        0.0,
        ge=0,
        description="Weight of the k3 KL to the frozen reference (SPADE: 0; 0.005 at 8B). With "
        "LoRA the reference is the model with its adapter disabled.",
    )
    normalise_std: bool = Field(
        False, description="Divide GRPO advantages by the group's std (SPADE: no)."
    )
    micro_batch_tokens: int = Field(
        1024,
        ge=64,
        description="Most tokens (padded) in one forward/backward micro-batch; a longer sample "
        "goes alone. Peak memory follows it (CPU, SmolLM2: 16 x 400 tokens peak at 11.2 GB with "
        "4096, 3.2 GB with 1024, same step time); raise it on a GPU.",
    )
    max_grad_norm: float = Field(1.0, gt=0, description="Gradient clipping norm.")
    lora: LoraSettings = Field(default_factory=LoraSettings, description="The LoRA adapter.")
    full_finetune: bool = Field(
        False, description="Train every weight instead of a LoRA adapter (SPADE did)."
    )
    old_logprobs: Literal["auto", "behaviour", "learner"] = Field(
        "auto",
        description="Log-probs the ratio is taken against: 'behaviour' (recorded while "
        "sampling), 'learner' (recomputed by the learner before its step; the engine's are then "
        "corrected by truncated importance weights), 'auto': 'learner' when another engine "
        "(vllm) samples, else 'behaviour'.",
    )
    tis_cap: float = Field(
        2.0,
        ge=1,
        description="Cap of the truncated importance weight min(exp(learner - behaviour), cap) "
        "per token, when old_logprobs is 'learner'.",
    )


class AgentRoleConfig(BaseModel):
    """The reasoning agent: the trained model, the engine that samples it, whether it learns."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str = Field(
        "smollm2-135m",
        description="The trained model: it plays, and designs too unless roles.designer.model "
        "sets a separate designer.",
    )
    engine: Literal["hf", "vllm"] = Field(
        "hf",
        description="The engine that samples the trained model (both roles, unless the designer "
        "is separate): 'hf', the trained transformers model samples itself; 'vllm', a vLLM "
        "engine (generation.vllm) samples, and the learner's adapter (or weights) is loaded into "
        "it after every update (docs/vllm.md).",
    )
    train: bool = Field(True, description="Update the trained model from agent samples.")


class DesignerRoleConfig(BaseModel):
    """The environment designer: which model designs, how it is served and how it learns (how
    it writes environments: the ``designer`` section)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str | None = Field(
        None,
        description="A separate, frozen designer model. None: the trained model "
        "(roles.agent.model) designs too.",
    )
    engine: Literal["hf", "openai"] = Field(
        "hf",
        description="Engine of a separate designer (roles.designer.model): 'hf' loads it here, "
        "'openai' asks the server at roles.designer.base_url. The trained model designs on "
        "roles.agent.engine.",
    )
    base_url: str | None = Field(
        None, description="Server URL of a separate designer on the openai engine."
    )
    train: bool = Field(
        True,
        description="Update the trained model from designer samples (when it designs: a "
        "separate designer stays frozen).",
    )
    warmstart: bool | str = Field(
        True,
        description="The designer warm-start adapter (`spade warmstart`) merged into the "
        "designing model's weights before it designs (not into a designer on a server): true, "
        "the packaged one (the embedded model has one; other models are used as they are); a "
        "path, that peft LoRA folder; false, none.",
    )
    weight_cap: float = Field(
        50.0,
        ge=0,
        description="Designer samples are up-weighted by N_agent / N_designer, capped here "
        "(SPADE: 50).",
    )
    update_every: int = Field(
        1,
        ge=1,
        description="Delayed designer updates: use designer samples every N iterations "
        "(SPADE: 4 for games, 8 for tool use); the clipped ratio corrects their lag.",
    )


class RolesConfig(BaseModel):
    """The two roles: each one's model, engine and learning, and whether they share weights."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    shared_weights: bool = Field(
        True,
        description="One set of weights for both roles (SPADE's one model). false: the designer "
        "and the agent are two LoRA adapters on one base model, each updated only by its own "
        "role's samples (the ablation of the paper's one-model claim; a peer found separate "
        "weights better for tool-use self-play). LoRA on the hf engine only.",
    )
    agent: AgentRoleConfig = Field(
        default_factory=AgentRoleConfig, description="The reasoning agent."
    )
    designer: DesignerRoleConfig = Field(
        default_factory=DesignerRoleConfig, description="The environment designer."
    )


class EvalConfig(BaseModel):
    """Optional held-out evaluation during training."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    every: int = Field(0, ge=0, description="Evaluate every N iterations (0: never).")
    suite: str = Field("library-heldout", description="Suite name or folder (as spade eval).")
    episodes: int = Field(2, ge=1, description="Episodes per environment.")


CPU_PLATEAU = {"plateau_low": 0.15, "plateau_high": 0.5, "plateau_ramp": 0.15}
"""The CPU profile's plateau band, lowered to the warm-started SmolLM2-135M (as the SPADE paper
lowered its band at 4B): measured on generated quizzes it never trained on, it wins lookups 0.94,
comparisons 0.22, counts 0.19 and the harder tiers 0-0.06 (docs/training.md), so the paper's
[0.4, 0.6] with ramp 0.25 gives no tier a full plateau; this band does for the tiers it partly
solves."""


class RunConfig(BaseModel):
    """A self-play run: designer writes, agent plays, one model learns both roles."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="after")
    def _eval_imports(self) -> RunConfig:
        """A suite whose environments import a package (BFCL's) needs it in the run's sandbox
        policy; without it every evaluation episode would fail to load."""
        needed = set(suite_imports(self.eval.suite)) if self.eval.every else set()
        missing = needed - set(self.sandbox.extra_imports)
        if missing:
            raise ValueError(
                f"eval.suite {self.eval.suite}'s environments import {', '.join(sorted(missing))} "
                "in the sandbox: add it to sandbox.extra_imports"
            )
        return self

    @model_validator(mode="before")
    @classmethod
    def _renamed(cls, data: Any) -> Any:
        """Settings renamed in 0.x keep working for a while, with a warning."""
        return current_names(data) if isinstance(data, dict) else data

    seed: int = Field(0, description="Seed of everything: corpus order, sampling, replay.")
    iterations: int = Field(2, ge=1, description="Self-play iterations to run.")
    device: str = Field("auto", description="'auto', 'cpu' or 'cuda'.")
    dtype: Literal["auto", "float32", "bfloat16", "float16"] = Field(
        "auto", description="Weights' dtype; 'auto' is float32 on CPU and bfloat16 on CUDA."
    )
    roles: RolesConfig = Field(
        default_factory=RolesConfig,
        description="The two roles: models, engines, what learns, and whether weights are shared.",
    )
    corpus: str | None = Field(
        None,
        description="Corpus path; None: the bundled corpus. From the bundled corpus a run "
        "trains on all but the held-out documents (spade.corpus.HELDOUT_DOCS).",
    )
    designs_per_iteration: int = Field(
        4, ge=0, description="Environments the designer writes per iteration (M)."
    )
    episodes_per_arm: int = Field(
        16,
        ge=1,
        description="Plays per environment per arm, unhinted and hinted (K; SPADE: 16, the CPU "
        "profile too: an iteration's four designs pool 64 pairs).",
    )
    replay_envs: int = Field(
        1, ge=0, description="Archived environments replayed per iteration, chosen by PLR."
    )
    frontier_envs: list[str] = Field(
        default_factory=lambda: ["running_total"],
        description="Library environments at the agent's frontier, replayed every iteration "
        "besides PLR's choice, so the agent has groups whose returns differ from the start "
        "(SmolLM2-135M wins running_total about 19% of the time at the CPU profile's agent "
        "temperature, 0.7: docs/benchmarks.md). Empty: "
        "replay is PLR's alone.",
    )
    frontier_episodes: int = Field(
        16,
        ge=1,
        description="Plays per arm of each frontier environment: enough that a group's returns "
        "differ almost every iteration (each correct total scores; with the quiz warm-start "
        "merged, 25% of SmolLM2-135M's plays score at temperature 0.7, so all 16 return 0 with "
        "probability 0.75^16 = 1%; with 10 plays, 6%, which two of four iterations hit).",
    )
    seed_library: bool = Field(
        True, description="Start the archive with the bundled library's training split."
    )
    library_envs: list[str] | None = Field(
        None, description="Library environments to seed (None: the whole training split)."
    )
    extra_envs: list[str] = Field(
        default_factory=list,
        description="Environment files or folders to add to the archive at the start; each is "
        "checked first and only valid ones are replayed.",
    )
    checkpoint_every: int = Field(1, ge=1, description="Save a checkpoint every N iterations.")
    designer: DesignerConfig = Field(
        default_factory=lambda: DesignerConfig(
            # One prompt of four samples an iteration: a larger group differs more often (at
            # validity 0.5, all four designs fail or pass alike with probability 0.125, two of
            # two with 0.5) and the designer's advantage needs a difference.
            designs_per_document=4,
            # The embedded model writes quizzes (a QuizEnv: questions and computed answers, about
            # ten lines), which it can learn to get right; its TurnEnv and ToolEnv designs were
            # 0 of 24 valid on held-out documents after the warm-start (docs/designer.md).
            reasoning_template="quiz_v1",
            tool_use_share=0.0,
            # No repair: with the v6 warm-start (which has repair pairs) one repair made 0 of
            # the 17 failed held-out and unseen designs valid (docs/designer.md), so it only
            # costs time here.
            repair_attempts=0,
            # The warm-start targets are at most ~700 tokens (a document procedure after a
            # table question); a test holds every packaged target under this budget.
            max_new_tokens=768,
            # The warm-started 135M model writes runnable code far more often when it samples
            # cold (held-out ladder 0.15 at 0.3 against 0.02 at 0.8).
            temperature=0.3,
            # Edits (ACCEL) ask for a whole archived source back without a prefill and are not
            # in the warm-start pairs: on this CPU they cost the most and never pass.
            edit_share=0.0,
            max_prompt_tokens=2200,
            # The warm-start pairs carry no positive exemplar: prompts match them and stay short.
            memory=MemoryConfig(positives=0),
            # The agent wins none of most valid quizzes, hinted or not: without this, a group of
            # valid designs ties (reward 0.5 each) and the designer learns nothing from it.
            novelty_bonus=0.1,
        ),
        description="Designer settings (defaults sized for a 2-core CPU; see configs/paper.toml).",
    )
    rollout: RolloutConfig = Field(
        # SmolLM2-135M gets a running total right at 0.7 and not at 1.0: at 1.0 with 40 tokens
        # a turn 1 of 24 frontier plays scored; at 0.7 with 48, 5 of 12 (docs/training.md).
        default_factory=lambda: RolloutConfig(max_turns=4, max_tokens_per_turn=48, temperature=0.7),
        description="Agent rollouts (defaults sized for a 2-core CPU; see configs/paper.toml).",
    )
    sandbox: Limits = Field(
        default_factory=Limits,
        description="Sandbox limits of every environment instance of the run, the import policy "
        "included: the checker and the rollouts both use them.",
    )
    regret: RegretConfig = Field(
        default_factory=lambda: RegretConfig(**CPU_PLATEAU),
        description="Regret and rewards (the CPU profile lowers the plateau's band to the "
        "embedded agent: CPU_PLATEAU; configs/paper.toml sets the paper's).",
    )
    generation: GenerationConfig = Field(
        default_factory=GenerationConfig,
        description="How the trained model's engine (roles.agent.engine) samples.",
    )
    learner: LearnerConfig = Field(default_factory=LearnerConfig, description="The update.")
    eval: EvalConfig = Field(default_factory=EvalConfig, description="Held-out evaluation.")
    cluster: ClusterConfig = Field(
        default_factory=ClusterConfig,
        description="Ray cluster placement (docs/scaling.md); unused without cluster.address.",
    )


def current_names(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every setting given under an old name (``RENAMED``) moved to its new one,
    each with a ``SettingRenamed`` warning; ``data`` itself when it names none."""
    data = _fold_warmstart(data)
    for old, new in RENAMED.items():
        data = rename_setting(data, old, new)
    return data


def _fold_warmstart(data: dict[str, Any]) -> dict[str, Any]:
    """The old ``designer.warmstart_adapter`` (a folder, None for the packaged adapter) laid
    into the old ``designer.warmstart`` (on or off) when both are given, as in an old run's
    config.json: the folder where the warm-start was on, else the on or off. The renames then
    move the result."""
    section = data.get("designer")
    if not isinstance(section, dict) or "warmstart_adapter" not in section:
        return data
    adapter = section["warmstart_adapter"]
    if "warmstart" not in section and adapter is not None:
        return data  # alone: a plain rename
    _warn_renamed("designer.warmstart_adapter", RENAMED["designer.warmstart_adapter"])
    folded = copy.deepcopy(data)
    del folded["designer"]["warmstart_adapter"]
    if adapter is not None and section.get("warmstart") is not False:
        folded["designer"]["warmstart"] = adapter
    return folded


def _warn_renamed(old: str, new: str) -> None:
    warnings.warn(f"'{old}' is now '{new}'", SettingRenamed, stacklevel=5)


def rename_setting(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``data`` with the setting at dotted path ``old`` moved to ``new`` (a copy, with a
    ``SettingRenamed`` warning), or ``data`` itself when ``old`` is not set."""
    *parents, leaf = old.split(".")
    holder: Any = data
    for key in parents:
        holder = holder.get(key) if isinstance(holder, dict) else None
    if not isinstance(holder, dict) or leaf not in holder:
        return data
    _warn_renamed(old, new)
    value = holder[leaf]
    moved = copy.deepcopy(data)
    node = moved
    for key in parents:
        node = node[key]
    del node[leaf]
    *new_parents, new_leaf = new.split(".")
    node = moved
    for key in new_parents:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise ValueError(f"'{old}' moved to '{new}', but '{key}' is not a section")
    node[new_leaf] = value  # the old name, given on purpose, wins over the default it meets
    return moved


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """``key.sub=value`` assignments (values parsed as JSON when they parse, else strings), in
    order. Old names (``RENAMED``), in ``data`` or in an assignment, move to their new places
    at once, so the last assignment of a setting wins under either name."""
    data = current_names(data)
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--set takes key=value, got {item!r}")
        node = data
        *parents, leaf = key.split(".")
        for part in parents:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise UsageError(f"--set {key}: {part} is not a section")
            node = child
        node[leaf] = _parse_value(value)
        data = current_names(data)
    return data


def read_config_file(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise UsageError(f"no config file at {path}")
    text = path.read_text()
    try:
        loaded = tomllib.loads(text) if path.suffix == ".toml" else yaml.safe_load(text)
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as exc:
        raise UsageError(f"{path} does not parse: {str(exc).splitlines()[0]}") from None
    if not isinstance(loaded, dict):
        raise UsageError(f"{path} must hold a table of settings")
    return loaded


M = TypeVar("M", bound=BaseModel)


def build_config(data: dict[str, Any]) -> RunConfig:
    """A validated RunConfig; the first problem becomes a one-line error naming the field."""
    return validated(RunConfig, data, "invalid config", "config")


def validated(model: type[M], data: dict[str, Any], what: str, whole: str) -> M:
    """``data`` validated as ``model``; the first problem becomes the one-line error
    ``{what}: {field}: {message}`` (``whole`` names a problem of no single field)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or whole
        raise UsageError(f"{what}: {field}: {first['msg']}") from None


def merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``update`` laid over ``base``, section by section."""
    merged = dict(base)
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_config(path: Path | None, overrides: list[str]) -> RunConfig:
    """Defaults, then the file, then ``--set`` overrides; a partial section keeps the run's
    defaults for the fields it does not name. Old names (``RENAMED``) move to their new places
    before the defaults meet them, so a setting given under its old name wins over its
    default, and a later ``--set`` under its new name wins over the file's old one."""
    data = current_names(read_config_file(path)) if path is not None else {}
    defaults = RunConfig().model_dump(mode="json")
    return build_config(apply_overrides(merge(defaults, data), overrides))
