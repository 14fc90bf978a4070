"""Bounded mutation search over ``solution()``: blunt action programs built only from what the
judged seeds' solutions share, never from one seed's answer.

A solution's actions are read as skeletons (the action with each word or number of its slot
blanked) and the tokens each position holds across seeds. A program fills the skeletons with
what no seed's task decides: a position's common values, the words of the example commands
the task shows, edge numbers, and tokens copied by position from what the episode shows. The
programs are the blunt ways an agent can act without the task's information:

- ``repeat``: one filled action, sent every turn (holding still, a zero or edge move, a reset);
- ``cycle``: one skeleton with one position stepping through its common values;
- ``every object``: one skeleton sent once for every token of its slot's shape the episode has
  shown (act on everything), then the actions every solution ends with;
- ``keep shared``: the solution with every action that differs between seeds dropped;
- ``copy``: those shared actions, then the answer's skeleton filled with the n-th token of the
  answer's shape the episode has shown, or with a value of the tool schemas.

Each program has a name that does not depend on the seed; ``stages.trivial`` plays it on the
judged seeds and fails the environment when one wins as many as any reasoning-free policy may.
Everything here is pure but the programs' own episodes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from spade.checker.candidates import action_slot, loose_shape, reshape
from spade.checker.informed import argumentless_tools
from spade.checker.policies import Strategy
from spade.envkit import format_tool_call, parse_answer, parse_tool_calls
from spade.types import StepResult

_TOKEN_RE = re.compile(r"-?\d+(?:\.\d+)?|[^\W_]+")
_EXAMPLE_RE = re.compile(r"\\boxed\{([^{}]*)\}|<answer>(.*?)</answer>", re.DOTALL)
EDGE_NUMBERS: tuple[str, ...] = ("0", "-1", "99999999")
"""Numbers a blunt move tries in a numeric position: nothing, a negative, a huge amount."""
BLANK = "\x00"
COMMON_VALUES = 4
"""Values per position a program takes from the solutions: the most frequent ones."""
COPY_PLACES: tuple[int, ...] = (0, 1, 2, -1)
"""Which token of the answer's shape a ``copy`` program sends: the first three and the last."""


def tokens(slot: str) -> list[re.Match[str]]:
    return list(_TOKEN_RE.finditer(slot))


def _is_number(token: str) -> bool:
    return bool(re.fullmatch(r"-?\d+(?:\.\d+)?", token))


@dataclass(frozen=True)
class Skeleton:
    """One shape of solution action: an example action, its slot and the slot's token spans."""

    action: str
    slot: str
    spans: tuple[tuple[int, int], ...]

    @property
    def key(self) -> str:
        return self.fill({i: BLANK for i in range(len(self.spans))})

    def fill(self, values: dict[int, str]) -> str:
        """The action with the tokens at the positions of ``values`` replaced."""
        out, last = [], 0
        for i, (start, end) in enumerate(self.spans):
            out += [self.slot[last:start], values.get(i, self.slot[start:end])]
            last = end
        return reshape(self.action, "".join([*out, self.slot[last:]]))

    def token(self, position: int) -> str:
        start, end = self.spans[position]
        return self.slot[start:end]


def moves(action: str) -> list[str]:
    """``action`` split into its tool calls when it makes several (and answers nothing)."""
    calls = parse_tool_calls(action)
    if len(calls) < 2 or any(c.error is not None for c in calls) or parse_answer(action):
        return [action]
    return [format_tool_call(c.name, dict(c.arguments)) for c in calls]


def skeleton(action: str) -> Skeleton:
    slot = action_slot(action)
    return Skeleton(action, slot, tuple(m.span() for m in tokens(slot)))


@dataclass(frozen=True)
class Shared:
    """What the judged seeds' solutions have in common, and the words the tasks offer."""

    skeletons: tuple[Skeleton, ...]
    """One per action shape, most frequent first."""
    values: tuple[tuple[tuple[str, ...], ...], ...]
    """Per skeleton, per position: the most frequent tokens there across seeds."""
    invariant: tuple[str, ...]
    """Actions that nearly every seed's solution contains (``share`` of them), in solution
    order: the same list on every seed, so sending it carries no seed's answer."""
    words: tuple[str, ...]
    """Tokens of the example commands that at least half the first observations show."""
    batch: int
    """The most tool calls one solution action makes (a sweep sends that many per turn)."""
    answer: Skeleton | None
    """The shape of the last rewarded action, when the answers differ between seeds."""


def shared(
    solutions: Sequence[Sequence[str]],
    observations: Sequence[str],
    answers: Sequence[Sequence[str]],
    limit: int,
    share: float,
) -> Shared:
    """``Shared`` from every judged seed's solution, first observation and rewarded actions;
    at most ``limit`` skeletons; an action is shared when ``share`` of the solutions hold it."""
    half = max(1, len(solutions) // 2)
    nearly_all = max(1, share * len(solutions))
    by_key: dict[str, Skeleton] = {}
    counts: Counter[str] = Counter()
    per_position: dict[str, list[Counter[str]]] = {}
    holders: Counter[str] = Counter()
    batch = max((len(moves(a)) for actions in solutions for a in actions), default=1)
    solutions = [[m for a in actions for m in moves(a)] for actions in solutions]
    for actions in solutions:
        holders.update(set(actions))
        for action in actions:
            shape = skeleton(action)
            key = shape.key
            by_key.setdefault(key, shape)
            counts[key] += 1
            slots = per_position.setdefault(key, [Counter() for _ in shape.spans])
            for i in range(len(shape.spans)):
                slots[i][shape.token(i)] += 1
    keys = [k for k, _ in counts.most_common(limit)]
    examples: Counter[str] = Counter()
    for observation in observations:
        found = {a or b for a, b in _EXAMPLE_RE.findall(observation)}
        examples.update({m.group() for text in found for m in tokens(text)})
    last = [a[-1] for a in answers if a]
    answer = None
    if len(set(last)) > 1:
        shapes = [skeleton(a) for a in last]
        most = Counter(s.key for s in shapes).most_common(1)[0][0]
        answer = next(s for s in shapes if s.key == most)
    return Shared(
        skeletons=tuple(by_key[k] for k in keys),
        values=tuple(
            tuple(tuple(v for v, _ in c.most_common(COMMON_VALUES)) for c in per_position[k])
            for k in keys
        ),
        invariant=tuple(
            dict.fromkeys(a for actions in solutions for a in actions if holders[a] >= nearly_all)
        ),
        words=tuple(w for w, n in examples.most_common() if n >= half),
        batch=batch,
        answer=answer,
    )


@dataclass(frozen=True)
class Program:
    """A blunt way to act, the same on every seed: ``build(observation, tools)`` gives the
    seed's strategy from its first look alone (never its solution)."""

    name: str
    kind: str
    build: Callable[[str, list[dict[str, Any]]], Strategy]
    """(first observation, tools) -> the strategy for that seed."""


class _Sweep:
    """Sends ``head``, then ``template`` once per new token of ``shape`` the episode shows,
    then ``tail`` (each computed from what was shown when it is due)."""

    def __init__(
        self,
        head: Sequence[str],
        shape: tuple[str, int] | None,
        template: Skeleton | None,
        position: int,
        tail: Callable[[list[str]], list[str]],
        batch: int = 1,
    ) -> None:
        self.batch = batch
        self.queue, self.shape, self.template, self.position = list(head), shape, template, position
        self.tail = tail
        self.shown: list[str] = []
        self.sent: set[str] = set()
        self.tailed = False

    def _read(self, observation: str) -> None:
        for m in tokens(observation):
            if m.group() not in self.shown:
                self.shown.append(m.group())

    def __call__(self, turn: int, observation: str) -> str | None:
        self._read(observation)
        if self.queue:
            return self.queue.pop(0)
        if self.template is not None and self.shape is not None:
            due = [t for t in self.shown if t not in self.sent and loose_shape(t) == self.shape]
            if due:
                due = due[: self.batch]  # tool calls go several a turn, as the solution sends
                self.sent.update(due)
                return "".join(self.template.fill({self.position: token}) for token in due)
        if not self.tailed:
            self.tailed = True
            self.queue = self.tail(self.shown)
            return self.queue.pop(0) if self.queue else None
        return None

    def observe(self, result: StepResult) -> None:
        self._read(result.observation)


Builder = Callable[[str, list[dict[str, Any]]], Strategy]


def _fixed(strategy: Strategy) -> Builder:
    """A builder of a strategy that reads nothing of the seed (it keeps no state either)."""
    return lambda observation, tools: strategy


def _repeat(action: str) -> Program:
    strategy: Strategy = lambda turn, observation: action  # noqa: E731
    return Program(f"repeat {action!r}", "repeat", _fixed(strategy))


def _cycle(actions: Sequence[str]) -> Program:
    strategy: Strategy = lambda turn, observation: actions[turn % len(actions)]  # noqa: E731
    return Program(f"cycle {' / '.join(actions)!r}", "cycle", _fixed(strategy))


def _enum_values(tools: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum" and isinstance(value, list):
                    found.extend(str(v) for v in value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(tools)
    return list(dict.fromkeys(found))


def programs(common: Shared) -> Iterator[Program]:
    """Every program ``common`` allows, cheapest and bluntest first."""
    seen: set[str] = set()

    def fresh(name: str) -> bool:
        new = name not in seen
        seen.add(name)
        return new

    yield from _keep_and_copy(common)
    for word in common.words:
        for form in ("\\boxed{%s}", "%s"):
            program = _repeat(form % word)
            if fresh(program.name):
                yield program
    for shape, values in zip(common.skeletons, common.values, strict=True):
        for position, common_values in enumerate(values):
            kind_number = all(_is_number(v) for v in common_values)
            others = [w for w in common.words if _is_number(w) == kind_number]
            fills = [*common_values[1:], *others, *(EDGE_NUMBERS if kind_number else ())]
            for value in dict.fromkeys(fills):
                program = _repeat(shape.fill({position: value}))
                if fresh(program.name):
                    yield program
            yield from _cycles(shape, position, common_values, values, common.words, fresh)
            if not kind_number or len(shape.spans) == 1:
                yield from _every_object(shape, position, common, fresh)


def _cycles(
    shape: Skeleton,
    position: int,
    common_values: tuple[str, ...],
    values: tuple[tuple[str, ...], ...],
    words: tuple[str, ...],
    fresh: Callable[[str], bool],
) -> Iterator[Program]:
    """``shape`` with ``position`` stepping through its common values, the other positions at
    their most common value or (one at a time) a word the task's examples show."""
    if len(common_values) < 2:
        return
    bases: list[dict[int, str]] = [{}]
    for other in range(len(values)):
        if other != position:
            bases += [{other: w} for w in words if w not in values[other]]
    for base in bases:
        program = _cycle([shape.fill({**base, position: v}) for v in common_values])
        if fresh(program.name):
            yield program


def _every_object(
    shape: Skeleton, position: int, common: Shared, fresh: Callable[[str], bool]
) -> Iterator[Program]:
    """``shape`` sent once for every token of its slot's shape the episode shows, after a call
    of every tool that takes no argument; then the shared actions, or an answer copied from
    what the sweep showed (the first or the last token shaped like the answer)."""
    if len(shape.spans) <= position:
        return
    looks = loose_shape(shape.token(position))
    kept = list(common.invariant)
    for copy_place in (None, 0, -1):
        tail = _copier(common.answer, copy_place) if copy_place is not None else None
        if copy_place is not None and tail is None:
            continue
        then = "the shared actions" if tail is None else f"the {_ordinal(copy_place or 0)} token"
        name = f"every object: {shape.fill({position: '·'})!r} for each {looks[0]!r}, then {then}"
        if not fresh(name):
            continue

        def build(
            observation: str,
            tools: list[dict[str, Any]],
            tail: Callable[[list[str]], list[str]] | None = tail,
        ) -> Strategy:
            head = [format_tool_call(name, {}) for name in argumentless_tools(tools)]
            return _Sweep(head, looks, shape, position, tail or (lambda _: kept), common.batch)

        yield Program(name, "every object", build)


def _copier(answer: Skeleton | None, place: int) -> Callable[[list[str]], list[str]] | None:
    """The answer's action holding the ``place``-th token shaped like it of those shown."""
    if answer is None:
        return None
    looks = loose_shape(answer.slot)

    def tail(shown: list[str]) -> list[str]:
        like = [t for t in shown if loose_shape(t) == looks]
        return [reshape(answer.action, like[place])] if len(like) > max(place, -place - 1) else []

    return tail


def _keep_and_copy(common: Shared) -> Iterator[Program]:
    """The solution's shared actions alone, then the same followed by a copied answer."""
    invariant = list(common.invariant)

    def keep(observation: str, tools: list[dict[str, Any]]) -> Strategy:
        return _Sweep(invariant, None, None, 0, lambda _: [])

    if invariant:
        yield Program(f"keep shared: only {invariant!r}", "keep", keep)
    answer = common.answer
    if answer is None:
        return
    for place in COPY_PLACES:
        tail = _copier(answer, place)
        assert tail is not None

        def copy(
            observation: str,
            tools: list[dict[str, Any]],
            tail: Callable[[list[str]], list[str]] = tail,
        ) -> Strategy:
            return _Sweep(invariant, None, None, 0, tail)

        yield Program(f"copy the {_ordinal(place)} token shaped like the answer", "copy", copy)

    def enum(observation: str, tools: list[dict[str, Any]]) -> Strategy:
        values = _enum_values(tools)
        return _Sweep(
            invariant,
            None,
            None,
            0,
            lambda _: [reshape(answer.action, values[0])] if values else [],
        )

    yield Program("copy the tool schemas' first enum value", "copy", enum)


def _ordinal(place: int) -> str:
    return {0: "first", 1: "second", 2: "third", -1: "last"}.get(place, f"#{place}")


ADVICE: dict[str, str] = {
    "repeat": "one action sent every turn wins; check in respond() that each move is legal "
    "(refuse zero, negative or out-of-range amounts and commands the rules do not allow, such "
    "as a reset that restores the goal) and that only progress the task asks for is rewarded",
    "cycle": "one command stepping through its values wins without reading the state; check in "
    "respond() that every move is legal from the current state (walls, limits, what was shown) "
    "and that the goal needs the information the agent is given",
    "every object": "acting on every object the episode shows wins; refuse or penalise actions "
    "on objects the task does not ask for (check in respond() what must stay untouched), or "
    "end the episode on a wrong action",
    "keep": "the solution's actions that every seed shares win alone; the goal must not hold "
    "without the moves that depend on the episode: check the state the reward is judged on",
    "copy": "copying a token at a fixed place wins; compare the answer with the value your "
    "code computes from the episode's values (after its moves), not one printed or fixed "
    "before them",
}
