"""Junk, random and brute-force policies, and a helper that plays one episode with any policy."""

from __future__ import annotations

import contextlib
import itertools
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from spade.envkit import format_tool_call, parse_all_boxed
from spade.errors import EnvCodeError
from spade.sandbox import SandboxedEnv
from spade.types import WIN_THRESHOLD, StepResult

_ANSWER_RE = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
Strategy = Callable[[int, str], str | None]
"""A reasoning-free strategy the checker plays (not a sampler: ``spade.llm.Policy`` is that):
(turn index, last observation) -> action text, or ``None`` when it has nothing left to try.
A policy object may also have ``observe(result: StepResult)``: ``play`` calls it after each step
(the informed policies follow a quiz from question to question with it)."""

JUNK_ACTIONS: tuple[str, ...] = (
    "",
    "hello",
    "I don't know.",
    "\\boxed{",
    "<answer></answer>",
    '<tool_call>{"name": </tool_call>',
    '<tool_call>{"name": "no_such_tool", "arguments": {}}</tool_call>',
    "\x00\x01\x02 \ufffd ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e",
    "\\boxed{²³} <answer>½</answer>",
    "\\boxed{" + "9" * 5000 + "}",
    "<answer>" + "9" * 5000 + "</answer>",
    "A" * 100_000,
)
"""Garbage, empty, malformed and 100 kB actions that must never make an environment raise.
The digit runs exceed Python's int() limit for decimal strings (4,300 digits); superscripts pass
str.isdigit() but not int()."""

RANDOM_VOCABULARY: tuple[str, ...] = (
    *(str(i) for i in range(10)),
    "yes",
    "no",
    "up",
    "down",
    "left",
    "right",
    "a",
    "b",
    "c",
    "true",
    "false",
    *(f"\\boxed{{{i}}}" for i in range(10)),
    "\\boxed{yes}",
    "\\boxed{no}",
    "\\boxed{up}",
    "\\boxed{left}",
    *(f"<answer>{i}</answer>" for i in range(10)),
    "<answer>yes</answer>",
    "<answer>no</answer>",
)


def constant_policy(action: str) -> Strategy:
    return lambda turn, observation: action


def random_policy(seed: int) -> Strategy:
    rng = random.Random(seed)
    return lambda turn, observation: rng.choice(RANDOM_VOCABULARY)


def instructed_random_policy(seed: int) -> Strategy:
    """Random actions drawn from the commands the first observation shows, plus the vocabulary."""
    rng = random.Random(seed)
    vocabulary: list[str] = []

    def act(turn: int, observation: str) -> str:
        if turn == 0:
            shown = [f"\\boxed{{{p}}}" for p in parse_all_boxed(observation)]
            shown += [f"<answer>{a}</answer>" for a in _ANSWER_RE.findall(observation)]
            vocabulary[:] = (
                [*dict.fromkeys(shown), *RANDOM_VOCABULARY[:10]]
                if shown
                else list(RANDOM_VOCABULARY)
            )
        return rng.choice(vocabulary)

    return act


_WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_'-]*")
_SEGMENT_SPLIT_RE = re.compile(r"[,;:|.!?()\[\]\n]+|\s+(?:or|and)\s+")
MARKUP_RE = re.compile(
    r"\\boxed\{[^{}]*\}|<answer>.*?</answer>|<tool_call>.*?</tool_call>|<[^<>]*>", re.DOTALL
)
_ANSWER_TOOL_RE = re.compile(r"answer|submit|guess|solve|final|respond|reply|claim|pick|choose")
_STOP_WORDS_TEXT = (
    "a an the of to in on at by for with from as is are be it its this that you your i my me "
    "we our and or not if then than each one was will can do does reply answer send use turn turns"
)
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())
"""Words that name no answer; the word enumerator skips them to stay within the turn cap."""


class AnswerFormat(StrEnum):
    """How a brute-force policy writes a candidate answer (besides an answer tool)."""

    BOXED = "boxed"
    """``\\boxed{ANSWER}``, the reasoning environments' command."""
    ANSWER = "answer"
    """``<answer>ANSWER</answer>``, the tool-use environments' final answer."""
    PLAIN = "plain"
    """The bare text."""


@dataclass(frozen=True)
class AnswerTool:
    """An answer sent as a tool call: ``name`` with ``{argument: ANSWER}``."""

    name: str
    argument: str


ANSWER_FORMATS: tuple[AnswerFormat, ...] = tuple(AnswerFormat)
NUMBERS: tuple[str, ...] = tuple(str(i) for i in range(101))
CHOICES: tuple[str, ...] = ("yes", "no", "A", "B", "C", "D", "E")


BOUNDARY_NUMBERS: tuple[int, ...] = (-1, 0, -1000, 10**9)
"""Numbers a random tool call sometimes sends instead of one inside the schema's range."""


def random_tool_call_policy(
    seed: int, tools: list[dict[str, Any]], boundary: bool = False
) -> Strategy:
    """Schema-valid calls to the environment's tools with random arguments (enums, types and
    required fields honoured); strings and numbers are drawn partly from the first observation.
    With ``boundary``, a fifth of the numbers are edge values instead (negative, zero, huge),
    whatever the schema's range: a tool must validate what it is sent."""
    rng = random.Random(f"random-tool-calls:{seed}")
    schemas = _function_schemas(tools)
    seen: dict[str, list[Any]] = {"words": [], "numbers": []}

    def act(turn: int, observation: str) -> str:
        if turn == 0:
            words = _WORD_RE.findall(MARKUP_RE.sub(" ", observation))
            seen["words"] = list(dict.fromkeys(w for w in words if not w.isdigit()))
            seen["numbers"] = [int(w) for w in dict.fromkeys(words) if w.isdigit() and len(w) < 10]
        if not schemas:
            return "I don't know."
        schema = rng.choice(schemas)
        arguments = _random_value(
            rng, schema.get("parameters") or {}, seen, depth=0, boundary=boundary
        )
        return format_tool_call(
            str(schema["name"]), arguments if isinstance(arguments, dict) else {}
        )

    return act


def echo_calls(tools: list[dict[str, Any]], observations: Sequence[str], limit: int) -> list[str]:
    """Tool calls that send back what the environment has shown: each word of ``observations``
    (the latest first) as each text argument of each tool, the others left to a fixed draw.
    What an agent can look up next with what it was told, at most ``limit`` calls."""
    words: list[str] = []
    for observation in reversed(observations):
        found = _WORD_RE.findall(MARKUP_RE.sub(" ", observation))
        words += [w for w in found if w.casefold() not in STOP_WORDS]
    slots = []
    for schema in _function_schemas(tools):
        parameters = schema.get("parameters")
        properties = parameters.get("properties") if isinstance(parameters, dict) else None
        for name, sub in (properties or {}).items():
            if (
                isinstance(sub, dict)
                and sub.get("type", "string") == "string"
                and "enum" not in sub
            ):
                slots.append((schema, name))
    calls: list[str] = []
    for word in dict.fromkeys(words):
        for schema, name in slots:
            rng = random.Random(f"echo:{schema['name']}")
            arguments = _random_value(rng, schema.get("parameters") or {}, _NOTHING_SEEN, 0)
            arguments = {**(arguments if isinstance(arguments, dict) else {}), name: word}
            calls.append(format_tool_call(str(schema["name"]), arguments))
            if len(calls) >= limit:
                return calls
    return calls


_NOTHING_SEEN: dict[str, list[Any]] = {"words": [], "numbers": []}


def _function_schemas(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``function`` parts of OpenAI tool schemas that have a name (bare ones accepted)."""
    found = []
    for tool in tools if isinstance(tools, list) else []:
        function = tool.get("function", tool) if isinstance(tool, dict) else None
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            found.append(function)
    return found


def _random_value(
    rng: random.Random,
    schema: Any,
    seen: dict[str, list[Any]],
    depth: int,
    boundary: bool = False,
) -> Any:
    if not isinstance(schema, dict):
        schema = {}
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        return rng.choice(enum)
    kind = schema.get("type", "string")
    if isinstance(kind, list):
        kind = rng.choice([k for k in kind if k != "null"] or ["string"])
    if kind == "object" or (depth == 0 and "properties" in schema):
        properties = schema.get("properties")
        properties = properties if isinstance(properties, dict) else {}
        required = schema.get("required")
        required = set(required) if isinstance(required, list) else set()
        if depth > 3:
            return {}
        return {
            name: _random_value(rng, sub, seen, depth + 1, boundary)
            for name, sub in properties.items()
            if name in required or rng.random() < 0.5
        }
    if kind == "array":
        length = rng.randint(0, 2) if depth <= 3 else 0
        return [
            _random_value(rng, schema.get("items"), seen, depth + 1, boundary)
            for _ in range(length)
        ]
    if kind == "boolean":
        return rng.random() < 0.5
    if kind in ("integer", "number"):
        low, high = schema.get("minimum", 0), schema.get("maximum", 10)
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (low, high)):
            low, high = 0, 10
        if boundary:
            draw = rng.random()
            if seen["numbers"] and draw < 0.45:
                return rng.choice(seen["numbers"])
            if draw > 0.8:  # whatever the schema says: a tool must validate what it is sent
                return rng.choice(BOUNDARY_NUMBERS)
        elif seen["numbers"] and rng.random() < 0.5:
            return rng.choice(seen["numbers"])
        value = rng.randint(int(low), max(int(low), int(high)))
        return value if kind == "integer" else float(value)
    if seen["words"] and rng.random() < 0.7:
        return rng.choice(seen["words"])
    return rng.choice(("a", "x", "1", "test", "yes", "none"))


def answer_tools(tools: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(tool, argument) for each tool that takes one argument and is named like an answer tool
    (``answer``, ``submit``, ``guess``, ...): the tool-call form of a final answer."""
    found = []
    for schema in _function_schemas(tools):
        parameters = schema.get("parameters")
        properties = parameters.get("properties") if isinstance(parameters, dict) else None
        if (
            isinstance(properties, dict)
            and len(properties) == 1
            and _ANSWER_TOOL_RE.search(str(schema["name"]).lower())
        ):
            found.append((str(schema["name"]), next(iter(properties))))
    return found


def answer_formats(
    observation: str, tools: list[dict[str, Any]]
) -> list[AnswerFormat | AnswerTool]:
    """The answer formats the first observation shows (``boxed``, ``answer``, and an
    :class:`AnswerTool` for each answer tool); when it shows none, plain text plus both markups."""
    formats: list[AnswerFormat | AnswerTool] = [
        answer_format
        for answer_format, marker in (
            (AnswerFormat.BOXED, "\\boxed{"),
            (AnswerFormat.ANSWER, "<answer>"),
        )
        if marker in observation.lower()
    ]
    formats += [AnswerTool(name, argument) for name, argument in answer_tools(tools)]
    return formats or list(ANSWER_FORMATS)


def format_as(answer: str, answer_format: AnswerFormat | AnswerTool) -> str:
    """``answer`` written in one of :func:`answer_formats`' formats."""
    if isinstance(answer_format, AnswerTool):
        return format_tool_call(answer_format.name, {answer_format.argument: answer})
    if answer_format == AnswerFormat.BOXED:
        return f"\\boxed{{{answer}}}"
    if answer_format == AnswerFormat.ANSWER:
        return f"<answer>{answer}</answer>"
    return answer


def observation_phrases(observation: str) -> list[str]:
    """Candidate answers named by the first observation, most likely first: short list items
    (``go north, go south or go east``), then content words, then adjacent word pairs."""
    text = MARKUP_RE.sub(" ", observation)
    items = []
    for segment in _SEGMENT_SPLIT_RE.split(text):
        words = _WORD_RE.findall(segment)
        if 1 <= len(words) <= 3 and not all(w.lower() in STOP_WORDS for w in words):
            items.append(" ".join(words))
    words = _WORD_RE.findall(text)
    content = [w for w in words if w.lower() not in STOP_WORDS]
    pairs = [f"{a} {b}" for a, b in itertools.pairwise(words)]
    unique: dict[str, str] = {}
    for phrase in (*items, *content, *pairs):
        unique.setdefault(phrase.lower(), phrase)
    return list(unique.values())


def enumerate_policy(
    candidates: Callable[[str], Sequence[str]], answer_format: AnswerFormat | AnswerTool
) -> Strategy:
    """Tries ``candidates(first observation)`` in turn, one per action, in ``answer_format``."""
    tried: list[str] = []

    def act(turn: int, observation: str) -> str | None:
        if turn == 0:
            tried[:] = candidates(observation)
        return format_as(tried[turn], answer_format) if turn < len(tried) else None

    return act


ENUMERATIONS: dict[str, Callable[[str], Sequence[str]]] = {
    "enumerate-numbers": lambda observation: NUMBERS,
    "enumerate-choices": lambda observation: CHOICES,
    "enumerate-words": observation_phrases,
}
"""Brute force over small answer spaces: 0..100, yes/no and A-E, the first observation's words."""


def trivial_policies(
    seed: int, observation: str = "", tools: list[dict[str, Any]] | None = None
) -> dict[str, list[Strategy]]:
    """What the ``trivial`` stage runs on one seed, by policy name: junk constants, two random
    guessers, random schema-valid tool calls (tool environments only) and the brute-force
    enumerators, one episode per answer format ``observation`` (the first one) shows. A policy
    wins the seed when one of its episodes wins."""
    tools = tools or []
    policies: dict[str, list[Strategy]] = {
        "empty": [constant_policy("")],
        "junk": [constant_policy("I don't know.")],
        "boxed-0": [constant_policy("\\boxed{0}")],
        "answer-1": [constant_policy("<answer>1</answer>")],
        "random": [random_policy(seed)],
        "instructed-random": [instructed_random_policy(seed)],
    }
    if _function_schemas(tools):
        policies["random-tool-calls"] = [random_tool_call_policy(seed, tools)]
        policies["boundary-tool-calls"] = [random_tool_call_policy(seed, tools, boundary=True)]
    formats = answer_formats(observation, tools)
    for name, candidates in ENUMERATIONS.items():
        policies[name] = [enumerate_policy(candidates, f) for f in formats]
    return policies


POLICY_ADVICE: dict[str, str] = {
    "boundary-tool-calls": "calls the tools with random arguments, some of them edge numbers "
    "(negative, zero, huge) outside the schema's range; validate every argument in the tool and "
    "refuse what the task does not allow",
    "random-tool-calls": "calls the tools with random arguments that fit their schemas; make "
    "winning depend on what the tools reveal, and end the episode (or stop rewarding) after a "
    "wrong irreversible call",
    "enumerate-numbers": "tries 0, 1, 2, ... 100 in turn as the answer; end the episode on a "
    "wrong final answer, or limit answer attempts (ToolEnv: answer_attempts = 1), and draw the "
    "answer from a space too large to guess",
    "enumerate-choices": "tries yes, no, A, B, C, D, E in turn as the answer; end the episode "
    "on a wrong final answer, or limit answer attempts (ToolEnv: answer_attempts = 1)",
    "enumerate-words": "tries the words and phrases of the first observation in turn as the "
    "answer; end the episode on a wrong final answer or command, or limit answer attempts "
    "(ToolEnv: answer_attempts = 1)",
    "marginal-answers": "sends the answers other episodes needed, most frequent first, and "
    "replays other episodes' whole solutions; draw each answer from a space too large to guess "
    "from past episodes, and end the episode on a wrong final answer (or limit answer attempts)",
    "wrong-then-copy": "sends a well-formed wrong answer, then copies what the reply shows; "
    "never show the answer, the expected value or the solution in a reply to a wrong answer "
    "while the episode goes on (say only 'wrong', or end the episode)",
    "schema-copy": "copies what the tool schemas say (names, descriptions, defaults, enums) "
    "as the answer; never put the answer, or anything that gives it, in tools()",
    "task-copy": "sends the first observation's words and numbers as the answer, those shaped "
    "like the answer first, within the attempts an episode allows; never print the answer in "
    "the task, and when the task lists options, list several of the answer's kind and limit "
    "answer attempts",
    "every-option": "sends one answer that lists every candidate of the answer's kind the task "
    "shows; accept exactly one answer, and compare it whole with the answer your code computed",
    "boundary": "sends an edge value as the answer (empty, a wildcard, NaN, infinity, a negative "
    "or huge number, 'all'); parse the answer strictly and compare it for equality with the "
    "answer your code computed, rejecting anything else",
    "surface": "picks one of the shown candidates by its form alone (where it stands, how "
    "long it is, how it is marked, how near the question); make the right option "
    "indistinguishable by form: shuffle positions, format and word every option alike, and do "
    "not set the answer apart from the others",
    "mutated-solution": "replays solution() with its content changed (other digits and letters, "
    "the same format) and still wins; the reward must depend on the answer being right, not on "
    "its shape: compare the reply with the answer your code computed from the episode's values",
}
"""What each brute-force policy does and what to change when it wins, for failure messages."""


@dataclass
class Trace:
    """One episode: what the environment showed and how it answered each action."""

    seed: int
    first_observation: str
    actions: list[str] = field(default_factory=list)
    results: list[StepResult] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return bool(self.results) and self.results[-1].done

    @property
    def terminated(self) -> bool:
        return bool(self.results) and self.results[-1].terminated

    @property
    def episode_return(self) -> float:
        return sum(r.reward for r in self.results)

    @property
    def won(self) -> bool:
        """Terminated with return at least ``WIN_THRESHOLD``, as ``Episode.won`` in play."""
        return self.terminated and self.episode_return >= WIN_THRESHOLD


def fresh(env: SandboxedEnv) -> contextlib.AbstractContextManager[object]:
    """A block whose calls reach a copy of ``env`` as it was loaded (``SandboxedEnv.episode``);
    an object without forked episodes (a test double) is used as it is."""
    episode = getattr(env, "episode", None)
    return episode() if episode is not None else contextlib.nullcontext()


@dataclass(frozen=True)
class Mutant:
    """Seed ``seed`` with the draws ``first`` to ``end`` (exclusive) of its ``random`` stream
    replaced by nearby values (``SandboxedEnv.reset(mutate=...)``): the same episode but for
    those draws."""

    seed: int
    first: int
    end: int


Start = int | Mutant
"""What an episode starts from: a seed, or a seed with one draw mutated."""


def start(env: SandboxedEnv, seed: Start) -> str:
    """Reset ``env`` for ``seed``; the first observation."""
    if isinstance(seed, Mutant):
        observation, _ = env.reset(seed.seed, mutate=(seed.first, seed.end))
    else:
        observation, _ = env.reset(seed)
    return observation


def seed_of(seed: Start) -> int:
    return seed.seed if isinstance(seed, Mutant) else seed


def play(env: SandboxedEnv, seed: Start, policy: Strategy, turns: int) -> Trace:
    """Reset with ``seed`` and act with ``policy`` until the episode ends or ``turns``.

    The episode runs on a fresh copy of the loaded instance and receives the calls a played
    episode does, in the same order: ``reset``, ``tools()`` where the class has it, then steps.
    It never sees ``hint()`` or ``solution()`` (they are read from copies of their own,
    :func:`look`)."""
    with fresh(env):
        observation = start(env, seed)
        if "tools" in getattr(env, "methods", ()):
            with contextlib.suppress(EnvCodeError):
                env.tools()
        trace = Trace(seed_of(seed), observation)
        for turn in range(turns):
            action = policy(turn, observation)
            if action is None:
                break
            result = env.step(action)
            trace.actions.append(action)
            trace.results.append(result)
            observe = getattr(policy, "observe", None)
            if observe is not None:
                observe(result)
            observation = result.observation
            if result.done:
                break
    return trace


@dataclass(frozen=True)
class Look:
    """What a seed shows before play and what its privileged calls say, read from a copy of
    the instance that no policy plays (the twin): reset, ``tools()``, ``hint()``,
    ``solution()``, in that order, as play reads them."""

    seed: int
    observation: str
    tools: list[dict[str, Any]]
    hint: str | None
    """None when the class has no ``hint()`` or it raised (``hint_error`` says what)."""
    solution: list[str] | str | None
    """None when ``solution()`` raised (``solution_error`` says what)."""
    hint_error: EnvCodeError | None = None
    solution_error: EnvCodeError | None = None


def look(env: SandboxedEnv, seed: Start) -> Look:
    """Reset a fresh copy of ``env`` with ``seed`` and read its tools, hint and solution."""
    with fresh(env):
        observation = start(env, seed)
        methods = getattr(env, "methods", ())
        tools: list[dict[str, Any]] = []
        if "tools" in methods:
            with contextlib.suppress(EnvCodeError):
                tools = env.tools()
        hint: str | None = None
        hint_error = solution_error = None
        if "hint" in methods:
            try:
                hint = env.hint()
            except EnvCodeError as exc:
                hint_error = exc
        solution: list[str] | str | None = None
        try:
            solution = env.solution()
        except EnvCodeError as exc:
            solution_error = exc
    return Look(seed_of(seed), observation, tools, hint, solution, hint_error, solution_error)


def actions_policy(actions: Sequence[str]) -> Strategy:
    """Sends ``actions`` in order, whatever the environment says; then nothing."""
    return lambda turn, observation: actions[turn] if turn < len(actions) else None


def replay(env: SandboxedEnv, seed: Start, actions: list[str]) -> Trace:
    """Reset with ``seed`` and send ``actions`` in order, stopping when the episode ends."""
    return play(env, seed, actions_policy(actions), len(actions))


def count_draws(env: SandboxedEnv, seed: int, actions: list[str]) -> int | None:
    """Draws of the ``random`` module an episode of ``seed`` makes while ``actions`` are sent
    (reset included); None where the instance cannot count them (not a sandboxed one)."""
    if not callable(getattr(env, "draws", None)):
        return None
    with fresh(env):
        env.reset(seed)
        with contextlib.suppress(EnvCodeError):
            for action in actions:
                if env.step(action).done:
                    break
        return env.draws()
