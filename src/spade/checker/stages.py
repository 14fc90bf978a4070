"""The checker's stages, in order. Each returns a success message or raises ``StageFailure``.

Messages on failure say what to change: the designer's repair loop feeds them to the model.
"""

from __future__ import annotations

import ast
import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from spade.checker.candidates import (
    action_slot,
    literal_candidates,
    shaped_like_any,
    text_candidates,
)
from spade.checker.config import (
    MIN_ACTION_CHARS,
    MIN_ANSWER_CHARS,
    RETURN_TOLERANCE,
    CheckConfig,
    HintSource,
)
from spade.checker.informed import (
    CopyPolicy,
    MarginalPolicy,
    WrongThenCopyPolicy,
    common_solution,
    copy_policy,
    mutated_solutions,
)
from spade.checker.leak import (
    answer_payload,
    hint_leaks,
    name_secret,
    public_payloads,
    revealed,
    shared_tokens,
    shown_answer,
)
from spade.checker.policies import (
    JUNK_ACTIONS,
    POLICY_ADVICE,
    Policy,
    Trace,
    actions_policy,
    constant_policy,
    instructed_random_policy,
    play,
    random_tool_call_policy,
    replay,
    trivial_policies,
)
from spade.errors import EnvCodeError, EnvContractError
from spade.sandbox import Limits, SandboxedEnv
from spade.sandbox.imports import forbidden_imports
from spade.types import WIN_THRESHOLD

STAGES: tuple[str, ...] = (
    "syntax",
    "imports",
    "interface",
    "reset",
    "determinism",
    "step_robustness",
    "reward_range",
    "termination",
    "hint",
    "hint_leak",
    "solvable",
    "trivial",
    "undetermined",
)
SANDBOX_STOPS: tuple[str, ...] = ("timeout", "resource_limit", "sandbox_violation", "crash")
GATING: frozenset[str] = frozenset({"syntax", "imports", "interface", "reset"})
"""Stages whose failure makes every later stage meaningless."""

RANDOMNESS_ADVICE = (
    "draw all randomness from random.Random(seed) created in reset(), never from the global "
    "random module, time, id() or set/dict ordering of objects"
)


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
    runner_max_turns: int
    """The runner's turn cap for episodes of this environment (a declared max_turns may be
    shorter)."""
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
    _first_looks: dict[int, tuple[str, list[dict[str, object]]]] = field(default_factory=dict)

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
    def max_steps(self) -> int:
        declared = self.instance.max_turns
        if declared is not None and 0 < declared <= self.config.largest_max_turns:
            return declared
        return self.runner_max_turns

    @property
    def play_steps(self) -> int:
        """Turns an episode gets when played: the declared max_turns, cut to the runner's cap.
        Solutions and the trivial policies are judged within it, as the agent will be."""
        return min(self.max_steps, self.runner_max_turns)

    def solution(self, seed: int) -> list[str] | str | None:
        if seed not in self.solutions and self.solution_error is None:
            self.instance.reset(seed)
            try:
                self.solutions[seed] = self.instance.solution()
            except EnvCodeError as exc:
                self.solution_error = describe(exc)
        return self.solutions.get(seed)

    def junk_traces(self) -> list[Trace]:
        if self._junk is None:
            policy = constant_policy("I don't know.")
            self._junk = [play(self.instance, s, policy, self.max_steps) for s in self.seeds]
        return self._junk

    def solution_traces(self) -> list[Trace]:
        if self._solved is None:
            self._solved = []
            for seed in self.seeds:
                solution = self.solution(seed)
                if isinstance(solution, list):
                    self._solved.append(replay(self.instance, seed, solution[: self.play_steps]))
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
                trace = replayed.get(seed) or replay(
                    self.instance, seed, solution[: self.play_steps]
                )
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
                try:
                    self.instance.reset(seed)
                    self._hints[seed] = self.instance.hint()
                except EnvCodeError:
                    continue
        return self._hints

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
                try:
                    observation, _ = self.instance.reset(seed)
                    solution = self.instance.solution()
                except EnvCodeError:
                    continue
                if isinstance(solution, list) and solution:
                    self._looks[seed] = (observation, solution[: self.play_steps])
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


def describe(exc: EnvCodeError) -> str:
    """The exception with the last line of environment code it came from."""
    where = ""
    for line in reversed(exc.remote_traceback.splitlines()):
        stripped = line.strip()
        if stripped.startswith('File "<env>"'):
            where = " (" + stripped.replace("File ", "", 1) + ")"
            break
    kind = exc.remote_type or "Exception"
    if isinstance(exc, EnvContractError):
        return f"{exc}"
    return f"{kind}: {exc}{where}".replace(f"{kind}: {kind}: ", f"{kind}: ")


def syntax(ctx: Context) -> str:
    try:
        ctx.tree = ast.parse(ctx.source, filename="<env>")
    except SyntaxError as exc:
        raise StageFailure(
            f"SyntaxError at line {exc.lineno}: {exc.msg}. Fix the Python syntax; write one "
            "complete module, no Markdown fences or prose outside comments"
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise StageFailure(f"the source cannot be parsed ({exc}); write plain Python") from None
    return "the source parses"


def imports(ctx: Context) -> str:
    assert ctx.tree is not None
    bad = forbidden_imports(ctx.tree, ctx.limits.allowed_modules())
    if bad:
        raise StageFailure(
            f"imports {', '.join(bad)}, which environments may not use. Use only the standard "
            "library's pure modules (random, re, json, math, collections, itertools, string, "
            "dataclasses, ...) and spade.envkit; no processes, network, files or __import__"
        )
    return "every import is allowed"


def interface(ctx: Context) -> str:
    try:
        ctx.env = ctx.opener()
    except EnvContractError as exc:
        raise StageFailure(str(exc)) from None
    except EnvCodeError as exc:
        raise StageFailure(
            f"loading the module or calling the class with no arguments raised {describe(exc)}; "
            "__init__ must accept no arguments (e.g. def __init__(self, max_turns=12, **kwargs))"
        ) from None
    missing = [m for m in ("reset", "step", "solution") if m not in ctx.instance.methods]
    if missing:
        raise StageFailure(
            f"class {ctx.instance.class_name} has no {', '.join(m + '()' for m in missing)}; "
            "define reset(seed=None) -> (str, dict), step(action: str) -> (str, float, bool, bool, "
            "dict), hint() -> str and solution() -> list[str]"
        )
    return f"class {ctx.instance.class_name} has reset(), step() and solution()"


def reset(ctx: Context) -> str:
    for seed in ctx.seeds:
        try:
            observation, _ = ctx.instance.reset(seed)
        except EnvCodeError as exc:
            raise StageFailure(f"reset(seed={seed}) raised {describe(exc)}") from None
        if not observation.strip():
            raise StageFailure(
                f"reset(seed={seed}) returned an empty observation; describe the task, the rules "
                "and the action format in the first observation"
            )
    return f"reset() returns an observation for each of the {len(ctx.seeds)} checked seeds"


def determinism(ctx: Context) -> str:
    fresh = ctx.opener()
    ctx.extra_envs.append(fresh)
    for seed in ctx.seeds:
        actions = _probe_actions(ctx, seed)
        first = _fingerprint(ctx.instance, seed, actions)
        second = _fingerprint(ctx.instance, seed, actions)
        if first != second:
            raise StageFailure(
                f"two episodes with seed {seed} and the same actions differed "
                f"({_first_difference(first, second)}); {RANDOMNESS_ADVICE}"
            )
        if seed == ctx.seeds[0] and _fingerprint(fresh, seed, actions) != first:
            raise StageFailure(
                f"a new instance reset with seed {seed} behaved differently from a used one; keep "
                f"all episode state on self and set it in reset(); {RANDOMNESS_ADVICE}"
            )
    return "same seed, same actions: same observations, rewards, solution and hint"


def _probe_actions(ctx: Context, seed: int) -> list[str]:
    solution = ctx.solution(seed)
    if isinstance(solution, list) and solution:
        return solution[: ctx.max_steps]
    return ["I don't know.", "\\boxed{1}", "<answer>1</answer>"]


def _fingerprint(env: SandboxedEnv, seed: int, actions: list[str]) -> list[object]:
    """What an episode showed, errors included: a deterministic error is still deterministic.
    The hint is read first, right after the reset, as a played episode reads it."""
    hint: object = None
    if "hint" in env.methods:
        try:
            env.reset(seed)
            hint = env.hint()
        except EnvCodeError as exc:
            hint = f"{exc.remote_type}: {exc}"
    try:
        trace = replay(env, seed, actions)
        steps: object = [
            (r.observation, r.reward, r.terminated, r.truncated) for r in trace.results
        ]
        first: object = trace.first_observation
    except EnvCodeError as exc:
        first, steps = None, f"{exc.remote_type}: {exc}"
    try:
        env.reset(seed)
        solution: object = env.solution()
    except EnvCodeError as exc:
        solution = f"{exc.remote_type}: {exc}"
    return [first, steps, solution, hint]


def _first_difference(first: list[object], second: list[object]) -> str:
    labels = ("the first observation", "the step results", "solution()", "hint()")
    for label, a, b in zip(labels, first, second, strict=True):
        if a != b:
            return f"{label} changed"
    return "results changed"


def step_robustness(ctx: Context) -> str:
    env = ctx.instance
    env.reset(ctx.seeds[0])
    for action in JUNK_ACTIONS:
        try:
            result = env.step(action)
        except EnvContractError as exc:
            raise StageFailure(str(exc)) from None
        except EnvCodeError as exc:
            raise StageFailure(
                f"step({_short(action)}) raised {describe(exc)}; any text, even empty or 100 kB "
                "of garbage, must get an observation that explains the expected action format"
            ) from None
        if result.done:
            env.reset(ctx.seeds[0])
    return f"{len(JUNK_ACTIONS)} garbage, empty, malformed and 100 kB actions handled"


def _short(action: str) -> str:
    if len(action) > 40:
        return f"<{len(action)} characters>"
    return repr(action)


def reward_range(ctx: Context) -> str:
    low, high = -RETURN_TOLERANCE, 1 + RETURN_TOLERANCE
    traces = [("junk actions", t) for t in ctx.junk_traces()]
    traces += [("the solution", t) for t in ctx.solution_traces()]
    for label, trace in traces:
        for turn, result in enumerate(trace.results):
            if not math.isfinite(result.reward):
                raise StageFailure(
                    f"seed {trace.seed}, {label}, turn {turn + 1}: reward {result.reward} is not a "
                    "finite number; return floats such as 0.0 or 1.0"
                )
        total = trace.episode_return
        if not low <= total <= high:
            raise StageFailure(
                f"seed {trace.seed}, {label}: the episode return (sum of rewards) is {total:g}, "
                "outside [0, 1]; use non-negative rewards that sum to at most 1 (partial credit "
                "is fine, penalties are not)"
            )
    return f"every reward finite, every return within [0, 1] ({len(traces)} episodes)"


def termination(ctx: Context) -> str:
    declared = ctx.instance.max_turns
    if declared is not None and declared > ctx.config.largest_max_turns:
        raise StageFailure(
            f"max_turns = {declared} is too long; keep episodes within "
            f"{ctx.config.largest_max_turns} turns"
        )
    for trace in ctx.junk_traces():
        if not trace.ended:
            raise StageFailure(
                f"seed {trace.seed}: after {len(trace.results)} unhelpful actions the episode had "
                "not ended; count turns in step() and return truncated=True once the count "
                f"reaches max_turns ({ctx.max_steps})"
            )
    return f"episodes end within {ctx.max_steps} turns"


def hint(ctx: Context) -> str:
    if ctx.hint_source == "model":
        return "hints come from the model (hint_source=model); hint() is not required"
    if "hint" not in ctx.instance.methods:
        raise StageFailure(
            "define hint() -> str: a short strategy tip for the current episode that helps "
            "without giving the answer away"
        )
    for seed in ctx.seeds:
        ctx.instance.reset(seed)
        try:
            text = ctx.instance.hint()
        except EnvCodeError as exc:
            raise StageFailure(f"hint() after reset(seed={seed}) raised {describe(exc)}") from None
        if not text.strip():
            raise StageFailure(
                f"hint() after reset(seed={seed}) is empty; return a short strategy tip"
            )
    return "hint() returns a non-empty tip after reset"


def hint_leak(ctx: Context) -> str:
    """No payload of a seed's solution may reach the agent through that seed's first
    observation or hint, nor its answer through observations after unhelpful moves, unless the
    first observation of every seed shows it (an option word the rules list is a format).

    Checked seeds (solutions replayed) and population seeds (unreplayed) are judged alike. A
    verdict that chance could give on one seed (a hint that restates a task value which happens
    to be the answer, a number the task happens to show) needs two or more of the judged seeds;
    the play-time audit judges each played seed on its own."""
    config = ctx.config
    solved = ctx.solution_actions()
    if not any(solved.values()):
        reason = ctx.solution_error or "it returns no actions"
        return f"no answer to look for: solution() failed ({reason}); see solvable"
    public = ctx.public_payloads()
    junk = {t.seed: t for t in ctx.junk_traces()}
    judged = {**ctx.looks(), **_replayed(ctx, solved)}
    seeds = list(judged)
    hints = ctx.hints() if ctx.hint_source == "env" else {}
    shared = ctx.shared_hint_tokens()
    for seed in seeds:
        if seed in junk:
            _junk_replies(junk[seed], judged[seed][1], public, MIN_ANSWER_CHARS)

    def observed(text_of: int, answer_of: int) -> str | None:
        actions = judged[answer_of][1]
        shown = shown_answer(judged[text_of][0], actions, public, MIN_ANSWER_CHARS)
        if shown is None:
            return None
        return (
            f"seed {text_of}: the first observation shows {name_secret(shown, actions)} "
            f"{shown!r} and nothing else of its kind, and not every seed's observation shows "
            "it; keep the answer hidden until the agent earns it (listing several options "
            "alike is fine)"
        )

    def stated(text_of: int, answer_of: int) -> str | None:
        if text_of not in hints:
            return None
        observation, actions = judged[text_of][0], judged[answer_of][1]
        found = hint_finding(config, hints[text_of], observation, actions, public, shared)
        return None if found is None else f"seed {text_of}: {found}"

    for seed in seeds:  # arguments to look up, whole actions, every step: no coincidence
        if seed in hints:
            observation, actions = judged[seed]
            seen = observation + "\n" + json.dumps(_first_look(ctx, seed)[1])
            found = hint_leaks(
                hints[seed],
                actions,
                public,
                MIN_ANSWER_CHARS,
                MIN_ACTION_CHARS,
                seen,
                parts="structure",
            )
            if found is not None:
                raise StageFailure(f"seed {seed}: {found}. {PASSWORD_ADVICE}")
    for test in (observed, stated):
        leak = beyond_chance(test, seeds)
        if leak is not None:
            raise StageFailure(leak)
    copied = _hint_copy(ctx)
    if copied is not None:
        raise StageFailure(copied)
    return "neither the hint nor the observations give the answer away"


CROSS_PAIRS = 4
"""Other seeds each seed's text is compared with, to learn how often a test fires by chance."""


def beyond_chance(
    test: Callable[[int, int], str | None],
    seeds: list[int],
    pairs: int = CROSS_PAIRS,
    spread: float = 2.0,
) -> str | None:
    """The first finding of ``test(text_of, answer_of)`` on seeds' own answers, when it fires on
    more seeds than chance explains; None otherwise.

    Chance is measured, not assumed: the test also compares each seed's text with the answers
    of ``CROSS_PAIRS`` other seeds. A text that gives its own answer away fires on its own seed
    far more often than on others (a leak on a fifth of the seeds included); a number that
    happens to match (a worked example, a restated bound) fires on both alike. It must exceed
    the chance count by ``spread`` standard deviations plus ``spread`` seeds."""
    own = [found for s in seeds if (found := test(s, s)) is not None]
    if not own:
        return None
    others = min(pairs, len(seeds) - 1)
    crossed = [
        (s, seeds[(i + k) % len(seeds)]) for i, s in enumerate(seeds) for k in range(1, 1 + others)
    ]
    cross = sum(test(a, b) is not None for a, b in crossed)
    expected = len(seeds) * cross / len(crossed) if crossed else 0.0
    needed = expected + spread * math.sqrt(expected) + (spread if len(seeds) >= 10 else 1)
    if len(own) < needed:
        return None
    return f"{own[0]} ({len(own)} of {len(seeds)} seeds; by chance about {expected:.1f})"


def _replayed(ctx: Context, solved: dict[int, list[str]]) -> dict[int, tuple[str, list[str]]]:
    """The checked seeds: first observation and the actions the replayed solution sent."""
    firsts = {t.seed: t.first_observation for t in ctx.junk_traces()}
    return {seed: (firsts[seed], actions) for seed, actions in solved.items() if seed in firsts}


def _junk_replies(trace: Trace, actions: list[str], public: frozenset[str], min_chars: int) -> None:
    answer = answer_payload(actions)
    secret = [answer] if answer is not None else []
    for result in trace.results:
        shown = revealed(result.observation, secret, public, min_chars)
        if shown is not None:
            raise StageFailure(
                f"seed {trace.seed}: an unhelpful action was answered with an observation that "
                f"contains the answer {shown!r}; never reveal the answer or solution on "
                "wrong moves or when the agent runs out of turns"
            )


def hint_finding(
    config: CheckConfig,
    hint: str,
    observation: str,
    actions: list[str],
    public: frozenset[str],
    shared: frozenset[str],
) -> str | None:
    """What ``hint`` gives away of the episode ``actions`` solve: a payload of it, or a one- or
    two-character answer stated alone (``short_reveal``)."""
    leak = hint_leaks(
        hint,
        actions,
        public,
        MIN_ANSWER_CHARS,
        MIN_ACTION_CHARS,
        observation,
        shared,
        parts="payloads",
    )
    return None if leak is None else f"{leak}. {PASSWORD_ADVICE}"


PASSWORD_ADVICE = (
    "That makes a password environment (unwinnable without the hint, trivial with it); hint "
    "at a strategy, not at values"
)


def _hint_copy(ctx: Context) -> str | None:
    """Why copying from the hint wins where copying from the task does not, beyond chance (or
    a constant shortcut wins), or None.

    What a seed's hint says that not every seed's hint says (its episode-specific part) is
    copied on each judged seed, in three orders (its tokens first, its decodings first, its
    sums and products first); a win
    the same copying of the task's own text does not reach counts. Chance is measured by
    copying each seed's hint on another seed (``beyond_chance``): in a game that allows many
    tries, copying any numbers wins now and then. What every seed's hint says alike (a
    command, a shortcut) is copied on all judged seeds: winning on too many of them is a leak
    too (a constant password)."""
    if ctx.hint_source != "env" or "hint" not in ctx.instance.methods:
        return None
    shared = ctx.shared_hint_candidates()
    leak = beyond_chance(
        lambda text_of, seed: _specific_copy(ctx, text_of, seed, shared),
        ctx.all_seeds,
        pairs=1,
        spread=3.0,  # one cross pair per seed: a noisier baseline, a wider margin
    )
    return leak if leak is not None else _constant_copy(ctx, shared)


def _specific_copy(ctx: Context, text_of: int, seed: int, shared: frozenset[str]) -> str | None:
    """Copying the hint of seed ``text_of`` on seed ``seed``: a message when it wins where
    copying the task's own text does not, else None."""
    answers = ctx.answer_actions(seed)
    text = ctx.hints().get(text_of)
    if not answers or not text:
        return None
    observation, _ = ctx.instance.reset(seed)
    shown = set(literal_candidates(observation))
    slots = [action_slot(a) for a in answers]
    orders: tuple[bool | Literal["arithmetic"], ...] = (False, True, "arithmetic")
    for decoded in orders:
        offered = copy_policy(text, answers, shared, decoded=decoded).queue
        if not offered:  # a hint the same on every seed has nothing specific to copy
            return None
        tiers = [[c for c in offered if shaped_like_any(c, slots) == t] for t in (True, False)]
        # Within a tier, the hint's own news first, then what it repeats of the task (an
        # option it picks).
        order = [
            c
            for tier in tiers
            for c in (*(x for x in tier if x not in shown), *(x for x in tier if x in shown))
        ]
        copied = play(ctx.instance, seed, CopyPolicy(order, answers, chain=True), ctx.play_steps)
        if not copied.won:
            continue
        control = copy_policy(observation, answers, decoded=decoded)
        if play(ctx.instance, seed, control, ctx.play_steps).won:
            continue
        sent = ", ".join(repr(action_slot(a)) for a in copied.actions[-3:])
        return (
            f"seed {seed}: copying from the hint wins: sending what the hint says ({sent}, in "
            "the answer's format) won the episode, and copying from the task's own text does "
            "not. The hint gives the answer away, however it is written (digits, words, "
            "halves, a range, spelled out, an option it picks); hint at a strategy, never at "
            "the answer's value"
        )
    return None


def _constant_copy(ctx: Context, shared: frozenset[str]) -> str | None:
    if not shared:
        return None
    seeds = ctx.all_seeds
    needed = wins_needed(len(seeds), ctx.config.trivial_win_share, ctx.config.trivial_margin_sd)
    wins = played = 0
    last: list[str] = []
    for seed in seeds:
        if wins >= needed or wins + len(seeds) - played < needed:
            break
        played += 1
        answers = ctx.answer_actions(seed)
        text = ctx.hints().get(seed)
        if not answers or not text:
            continue
        observation, _ = ctx.instance.reset(seed)
        known = set(literal_candidates(observation))
        policy = copy_policy(
            text, answers, {c for c in text_candidates(text) if c not in shared} | known
        )
        trace = play(ctx.instance, seed, policy, ctx.play_steps)
        if trace.won:
            wins += 1
            last = trace.actions
    if wins < needed:
        return None
    sent = ", ".join(repr(action_slot(a)) for a in last[-3:])
    return (
        f"copying what every seed's hint says alike ({sent}) wins {wins} of the {played} seeds "
        "it played: the hint names a shortcut (a command, a password, a value) that wins "
        "without solving the task. Remove the shortcut from step() and hint at a strategy"
    )


SOLUTION_ADVICE = (
    "return a non-empty list of strings: every action, in order, that wins the current episode"
)


def solvable(ctx: Context) -> str:
    for seed in ctx.seeds:
        solution = ctx.solution(seed)
        if ctx.solution_error is not None:
            raise StageFailure(f"solution() raised {ctx.solution_error}")
        if isinstance(solution, str):
            raise StageFailure(
                f"solution() after reset(seed={seed}) returned a string ({solution[:60]!r}), "
                f"a description that cannot be replayed; {SOLUTION_ADVICE}"
            )
        if not solution:
            raise StageFailure(
                f"solution() after reset(seed={seed}) returned an empty list; {SOLUTION_ADVICE}"
            )
    for trace in ctx.solution_traces():
        needed = len(ctx.solutions.get(trace.seed) or [])
        if not trace.won and needed > ctx.play_steps:
            raise StageFailure(
                f"solution() on seed {trace.seed} needs {needed} actions, but episodes are "
                f"played for at most {ctx.play_steps} turns (max_turns, within the runner's cap "
                f"of {ctx.runner_max_turns}); make the task winnable in fewer moves"
            )
        if not trace.won:
            raise StageFailure(
                f"replaying solution() on seed {trace.seed} ended after {len(trace.results)} "
                f"actions with return {trace.episode_return:g} (terminated={trace.terminated}); "
                "solution() must return every action, in order, that wins the current episode "
                f"(terminated with return >= {WIN_THRESHOLD})"
            )
    return f"solution() wins each of the {len(ctx.seeds)} checked seeds on replay"


def trivial(ctx: Context) -> str:
    """No policy that does not reason may win on at least ``trivial_win_share`` of the seeds:
    junk constants, random guessers, random schema-valid tool calls, brute force over small
    answer spaces, and the informed policies (other seeds' answers, copying the reply to a wrong
    answer, the reference solution with its content changed). Each stops at the turn cap, and
    each policy stops once its verdict is known."""
    config = ctx.config
    seeds = ctx.all_seeds
    needed = wins_needed(len(seeds), config.trivial_win_share, config.trivial_margin_sd)
    per_seed = {
        seed: {**trivial_policies(seed, *_first_look(ctx, seed)), **_informed(ctx, seed)}
        for seed in seeds
    }
    names = list(dict.fromkeys(name for policies in per_seed.values() for name in policies))
    episodes = 0
    for name in names:
        wins = played = 0
        for seed in seeds:
            if wins >= needed or wins + len(seeds) - played < needed:
                break
            played += 1
            policies = per_seed[seed].get(name, [])
            every = name in WIN_EVERY_EPISODE
            outcomes = []
            for policy in policies:
                episodes += 1
                won = play(ctx.instance, seed, policy, ctx.play_steps).won
                outcomes.append(won)
                if won != every:  # any episode decides 'any'; any loss decides 'every'
                    break
            wins += bool(outcomes) and (all(outcomes) if every else any(outcomes))
        if wins >= needed:
            advice = POLICY_ADVICE.get(
                name, "make winning depend on hidden state the agent must discover by acting"
            )
            what = "no reasoning" if name not in POLICY_ADVICE else advice.split(";")[0]
            change = advice.split("; ", 1)[-1]
            raise StageFailure(
                f"{FAILURE_PREFIX.get(name, '')}the '{name}' policy ({what}) wins {wins} of the "
                f"{played} seeds it played ({needed} of {len(seeds)} is too many); {change}"
            )
    return (
        f"no junk, random, brute-force or copying policy wins {needed} of {len(seeds)} "
        f"seeds ({len(names)} policies, {episodes} episodes)"
    )


def wins_needed(seeds: int, share: float, margin_sd: float) -> int:
    """Wins over ``seeds`` that make a policy's win rate at least ``share``: ``share`` of the
    seeds plus ``margin_sd`` binomial standard deviations (at least one win)."""
    spread = margin_sd * math.sqrt(seeds * share * (1 - share))
    return max(1, min(seeds, math.ceil(share * seeds + spread - 1e-9)))


def _informed(ctx: Context, seed: int) -> dict[str, list[Policy]]:
    """The informed policies for ``seed``: they read other seeds' solutions, replies and this
    seed's reference solution, never its task."""
    solution = ctx.solution(seed)
    if not isinstance(solution, list) or not solution:
        return {}
    looks = ctx.looks()
    others = [actions for other, (_, actions) in looks.items() if other != seed]
    answers_elsewhere = [ctx.answer_actions(other) for other in looks if other != seed]
    marginal: list[Policy] = [MarginalPolicy(answers_elsewhere)]
    common = common_solution(others, ctx.config.trivial_win_share)
    marginal += [actions_policy(common)] if common else []
    answers = ctx.answer_actions(seed)
    steps = solution[: ctx.play_steps]
    _, tools = _first_look(ctx, seed)
    informed: dict[str, list[Policy]] = {
        "marginal-answers": marginal,
        "wrong-then-copy": [
            WrongThenCopyPolicy(steps, answers, relative_first=relative, tools=tools)
            for relative in ((False, True) if answers else ())
        ],
        "mutated-solution": [actions_policy(actions) for actions in mutated_solutions(steps)],
    }
    if tools and answers:
        schemas = json.dumps(tools)
        informed["schema-copy"] = [
            copy_policy(schemas, answers),
            copy_policy(schemas, answers, decoded=True),
        ]
    return informed


MAX_UNDETERMINED_PAIRS = 6
"""Pairs of look-alike seeds replayed by the ``undetermined`` stage at most."""


def undetermined(ctx: Context) -> str:
    """Two seeds that look the same to the agent must not need different answers: replay one
    seed's solution on a look-alike seed; if the agent's view is the same up to an answer that
    wins one and ends the other, nothing but the hint (or a guess) tells the answers apart."""
    looks = ctx.looks()
    if ctx.config.population_seeds == 0 or len(looks) < 2:
        return "no look-alike seeds to compare (population_seeds = 0)"
    groups: dict[str, list[int]] = {}
    for seed, (observation, _) in looks.items():
        groups.setdefault(observation, []).append(seed)
    pairs = [
        (a, b)
        for members in groups.values()
        for a, b in itertools.pairwise(members)
        if looks[a][1] != looks[b][1]
    ][:MAX_UNDETERMINED_PAIRS]
    for a, b in pairs:
        conflict = _conflict(ctx, a, b, looks[a][1])
        if conflict is not None:
            raise StageFailure(conflict)
    alike = sum(len(m) > 1 for m in groups.values())
    return (
        f"{len(looks)} seeds compared ({alike} groups with the same first observation, "
        f"{len(pairs)} pairs replayed): what the agent sees determines the answer"
    )


def _distinguishable(ctx: Context, a: int, b: int) -> bool:
    """Whether acting tells seeds ``a`` and ``b`` apart although the solution's moves did not
    (a solution that answers without the lookup the agent needs): random commands of the
    first observation and, in tool environments, random schema-valid tool calls, sent alike
    to both seeds, get different replies."""
    _, tools = _first_look(ctx, a)
    probes: list[Policy] = [instructed_random_policy(0)]
    if tools:
        probes.insert(0, random_tool_call_policy(0, tools))
    for probe in probes:
        on_a = play(ctx.instance, a, probe, ctx.play_steps)
        on_b = replay(ctx.instance, b, on_a.actions)
        if [r.observation for r in on_a.results] != [r.observation for r in on_b.results]:
            return True
    return False


def _conflict(ctx: Context, a: int, b: int, actions: list[str]) -> str | None:
    """Why seeds ``a`` and ``b`` look alike until an answer that wins ``a`` and loses ``b``."""
    on_a = replay(ctx.instance, a, actions)
    on_b = replay(ctx.instance, b, actions)
    if not on_a.won or on_b.won:
        return None
    for turn, (here, there) in enumerate(zip(on_a.results, on_b.results, strict=False)):
        same = (here.observation, here.reward, here.done) == (
            there.observation,
            there.reward,
            there.done,
        )
        if same:
            continue
        # Only an answer that ends the other episode decides it: a reply the agent can go on
        # from (higher or lower, a clue) is information, not a guess.
        decisive = there.reward < here.reward and there.done
        if not decisive or _distinguishable(ctx, a, b):
            return None
        shown = "the same first observation" + (
            f" and the same replies for {turn} turn(s)" if turn else ""
        )
        return (
            f"undetermined: seeds {a} and {b} show the agent {shown}, yet the answer "
            f"{action_slot(actions[turn])!r} wins on seed {a} and loses on seed {b}: nothing the "
            "agent sees tells the two apart, so only the hint or a lucky guess can. Put the "
            "values the answer is computed from in the observation (a different task on every "
            "seed), or let the agent uncover them by acting before it answers"
        )
    return None


def _first_look(ctx: Context, seed: int) -> tuple[str, list[dict[str, object]]]:
    """The first observation of ``seed`` and the tools offered then (none if tools() fails),
    read once per seed: several stages and policies ask."""
    if seed not in ctx._first_looks:
        observation, _ = ctx.instance.reset(seed)
        tools: list[dict[str, object]] = []
        if "tools" in ctx.instance.methods:
            try:
                tools = ctx.instance.tools()
            except EnvCodeError:
                tools = []
        ctx._first_looks[seed] = (observation, tools)
    return ctx._first_looks[seed]


STAGE_FUNCTIONS: dict[str, Callable[[Context], str]] = {
    "syntax": syntax,
    "imports": imports,
    "interface": interface,
    "reset": reset,
    "determinism": determinism,
    "step_robustness": step_robustness,
    "reward_range": reward_range,
    "termination": termination,
    "hint": hint,
    "hint_leak": hint_leak,
    "solvable": solvable,
    "trivial": trivial,
    "undetermined": undetermined,
}

FAILURE_PREFIX: dict[str, str] = {"mutated-solution": "format only: "}
WIN_EVERY_EPISODE = frozenset({"mutated-solution"})
"""Policies that win a seed only when every one of their episodes wins it: each changed
solution must win, as any does where only the format is rewarded (one lucky guess among a
retry environment's turns does not make it format only)."""
"""Verdict wording of policies whose win names a class of its own."""
