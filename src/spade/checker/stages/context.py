"""What the stages share about one environment under check, and how a stage fails."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from spade.checker.candidates import (
    text_candidates,
)
from spade.checker.config import (
    MIN_ANSWER_CHARS,
    CheckConfig,
    HintSource,
)
from spade.checker.leak import (
    public_payloads,
    shared_tokens,
)
from spade.checker.policies import (
    Look,
    Trace,
    constant_policy,
    look,
    play,
    replay,
)
from spade.errors import EnvCodeError, EnvContractError
from spade.sandbox import Limits, SandboxedEnv


class StageFailure(Exception):
    """A stage found a problem; the message says what to change."""


@dataclass
class Context:
    """What the stages share about one environment under check."""

    source: str
    config: CheckConfig
    opener: Callable[[], SandboxedEnv]
    limits: Limits
    """The sandbox limits instances run under; their import policy is the static stage's too."""
    max_turns: int
    """The runner's turn cap (``rollout.max_turns``); ``turn_cap`` is what one episode gets."""
    hint_source: HintSource = "env"
    """Where the hints of its hinted episodes come from; with 'model', hint() is optional."""
    seed_list: list[int] = field(default_factory=lambda: [0])
    """The checked seeds, drawn from the check's own generator (``spade.seeds.env_seeds``)."""
    population: list[int] = field(default_factory=list)
    """More seeds whose first observations and solutions the informed checks compare."""
    tree: ast.Module | None = None
    env: SandboxedEnv | None = None
    extra_envs: list[SandboxedEnv] = field(default_factory=list)
    solutions: dict[int, list[str] | str] = field(default_factory=dict)
    solution_error: str | None = None
    _junk: list[Trace] | None = None
    _solved: list[Trace] | None = None
    _public: frozenset[str] | None = None
    _looks: dict[int, tuple[str, list[str]]] | None = None
    _hints: dict[int, str] | None = None
    _answers: dict[int, list[str]] = field(default_factory=dict)
    _looked: dict[int, Look] = field(default_factory=dict)

    @property
    def seeds(self) -> list[int]:
        return self.seed_list

    @property
    def all_seeds(self) -> list[int]:
        """The checked seeds, then the population: the ``trivial`` stage judges its policies
        over all of them, so a policy's win rate is measured, not guessed from three seeds."""
        return [*self.seed_list, *self.population]

    @property
    def instance(self) -> SandboxedEnv:
        assert self.env is not None, "the interface stage opens the instance"
        return self.env

    @property
    def declared_turns(self) -> int:
        """The environment's own episode length: its declared max_turns where valid, else the
        runner's cap. Junk episodes run this long: the env must end them itself."""
        declared = self.instance.max_turns
        if declared is not None and 0 < declared <= self.config.largest_max_turns:
            return declared
        return self.max_turns

    @property
    def turn_cap(self) -> int:
        """Turns an episode gets when played: the declared max_turns, cut to the runner's cap.
        Solutions and the trivial policies are judged within it, as the agent will be."""
        return min(self.declared_turns, self.max_turns)

    def look(self, seed: int) -> Look:
        """The seed's first observation, tools, hint and solution, read once from a copy of
        the instance that no policy plays (``policies.look``)."""
        if seed not in self._looked:
            self._looked[seed] = look(self.instance, seed)
        return self._looked[seed]

    def solution(self, seed: int) -> list[str] | str | None:
        if seed not in self.solutions and self.solution_error is None:
            seen = self.look(seed)
            if seen.solution_error is not None:
                self.solution_error = describe(seen.solution_error)
            elif seen.solution is not None:
                self.solutions[seed] = seen.solution
        return self.solutions.get(seed)

    def junk_traces(self) -> list[Trace]:
        if self._junk is None:
            policy = constant_policy("I don't know.")
            self._junk = [play(self.instance, s, policy, self.declared_turns) for s in self.seeds]
        return self._junk

    def solution_traces(self) -> list[Trace]:
        if self._solved is None:
            self._solved = []
            for seed in self.seeds:
                solution = self.solution(seed)
                if isinstance(solution, list):
                    self._solved.append(replay(self.instance, seed, solution[: self.turn_cap]))
        return self._solved

    def solution_actions(self) -> dict[int, list[str]]:
        """Per seed, the solution's actions as replayed (those sent before the episode ended).

        A string solution (a SPADE-style description) cannot be replayed; it stands for itself,
        one "action" whose payload is its ``<answer>`` or ``\\boxed{}``, if any.
        """
        actions = {t.seed: t.actions for t in self.solution_traces()}
        for seed, solution in self.solutions.items():
            if isinstance(solution, str):
                actions[seed] = [solution]
        return dict(sorted(actions.items()))

    def answer_actions(self, seed: int) -> list[str]:
        """The replayed solution's rewarded actions (its answers), or its last action."""
        if seed not in self._answers:
            solution = self.solution(seed)
            answers: list[str] = []
            replayed = {t.seed: t for t in self.solution_traces()} if seed in self.seeds else {}
            if isinstance(solution, list) and solution:
                trace = replayed.get(seed) or replay(self.instance, seed, solution[: self.turn_cap])
                answers = [
                    a for a, r in zip(trace.actions, trace.results, strict=True) if r.reward > 0
                ]
                answers = answers or trace.actions[-1:]
            self._answers[seed] = answers
        return self._answers[seed]

    def hints(self) -> dict[int, str]:
        """The environment's hint on every judged seed (checked and population; seeds whose
        ``hint()`` fails are left out)."""
        if self._hints is None:
            self._hints = {}
            for seed in self.all_seeds:
                text = self.look(seed).hint
                if text is not None:
                    self._hints[seed] = text
        return self._hints

    def shown_text(self) -> tuple[str, ...]:
        """What the solution replays showed the agent (first observations, then each step's),
        from the stages that replayed it; nothing new is run (empty if no stage replayed)."""
        shown: list[str] = []
        for trace in self._solved or []:
            shown.append(trace.first_observation)
            shown.extend(r.observation for r in trace.results if r.observation)
        return tuple(shown)

    def seen_hints(self) -> tuple[str, ...]:
        """The distinct hints of the checked seeds the stages read, in seed order."""
        looked = [self._looked[s].hint for s in self.seeds if s in self._looked]
        return tuple(dict.fromkeys(h for h in looked if h))

    def shared_hint_tokens(self) -> frozenset[str]:
        """Tokens every seed's hint contains: they cannot carry one episode's answer."""
        return shared_tokens(list(self.hints().values()))

    def shared_hint_candidates(self) -> frozenset[str]:
        """What copying from any seed's hint would send alike (its constant words and their
        combinations, such as 3 from the 1 and 2 of ``(i - 1) // 2``)."""
        return shared_tokens(list(self.hints().values()), text_candidates)

    def looks(self) -> dict[int, tuple[str, list[str]]]:
        """First observation and solution of every checked and population seed whose
        ``solution()`` is a list (the population's solutions are not replayed)."""
        if self._looks is None:
            self._looks = {}
            for seed in self.all_seeds:
                seen = self.look(seed)
                if isinstance(seen.solution, list) and seen.solution:
                    self._looks[seed] = (seen.observation, seen.solution[: self.turn_cap])
        return self._looks

    def public_payloads(self) -> frozenset[str]:
        """Solution payloads that the first observation of every judged seed shows (checked
        and population: an option word the rules always list)."""
        if self._public is None:
            firsts = [t.first_observation for t in self.junk_traces()]
            firsts += [observation for observation, _ in self.looks().values()]
            solutions = [*self.solution_actions().values()]
            solutions += [actions for _, actions in self.looks().values()]
            self._public = public_payloads(firsts, solutions, MIN_ANSWER_CHARS)
        return self._public


def _innermost_env_frame(exc: EnvCodeError) -> str | None:
    """The traceback line of the last frame in environment code ('File "<env>", line N, in
    f'), or None."""
    for line in reversed(exc.remote_traceback.splitlines()):
        stripped = line.strip()
        if stripped.startswith('File "<env>"'):
            return stripped
    return None


def innermost_env_function(exc: EnvCodeError) -> str | None:
    """The environment function the error came from ('<module>' at load), or None."""
    frame = _innermost_env_frame(exc)
    if frame is None or ", in " not in frame:
        return None
    return frame.rsplit(", in ", 1)[1].strip()


def describe(exc: EnvCodeError) -> str:
    """The exception with the last line of environment code it came from."""
    frame = _innermost_env_frame(exc)
    where = "" if frame is None else " (" + frame.replace("File ", "", 1) + ")"
    kind = exc.remote_type or "Exception"
    if isinstance(exc, EnvContractError):
        return f"{exc}"
    return f"{kind}: {exc}{where}".replace(f"{kind}: {kind}: ", f"{kind}: ")


def first_look(ctx: Context, seed: int) -> tuple[str, list[dict[str, object]]]:
    """The first observation of ``seed`` and the tools offered then (none if tools() fails),
    read once per seed: several stages and policies ask."""
    seen = ctx.look(seed)
    return seen.observation, seen.tools


def wins_needed(seeds: int, share: float, margin_sd: float) -> int:
    """Wins over ``seeds`` that make a policy's win rate at least ``share``: ``share`` of the
    seeds plus ``margin_sd`` binomial standard deviations (at least one win)."""
    spread = margin_sd * math.sqrt(seeds * share * (1 - share))
    return max(1, min(seeds, math.ceil(share * seeds + spread - 1e-9)))
