"""Informed trivial policies: they read what a reasoning-free player could read (the hint, the
replies to a wrong answer, the answers of other episodes, the shape of an answer) and copy.

Each is a small policy object: ``policy(turn, observation)`` returns the next action (or
``None`` when it has nothing left to send) and ``policy.observe(result)`` tells it how the
environment answered, so it can follow a quiz from one question to the next. An environment
that one of them wins pays reward without reasoning:

- ``MarginalPolicy`` sends the answers seen on *other* seeds at the question it is on, most
  frequent first: it wins where the answer space is small, whatever its range or vocabulary;
  ``common_solution`` replays a whole solution most seeds share.
- ``CopyPolicy`` sends the candidates a text offers (``text_candidates``: tokens, spoken
  numbers, spelled codes, ...), shaped like the answer, and what replies newly show; over the
  hint it is the ``hint_leak`` stage's copying test, over the tool schemas a trivial policy.
- ``WrongThenCopyPolicy`` sends the solution's steps with their content changed and a
  well-formed wrong answer, then copies the replies.
- ``mutated_solutions`` replays the reference solution with its content changed and its shape
  kept: if that still wins, only the format is rewarded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any, Literal

from spade.checker.candidates import (
    action_slot,
    decoded_candidates,
    literal_candidates,
    mutate,
    mutate_action,
    ranked,
    relative_candidates,
    reshape,
    shaped_like,
    text_candidates,
)
from spade.envkit import format_tool_call, parse_tool_calls
from spade.types import StepResult


class MarginalPolicy:
    """Sends, for the question it is on, the answers other seeds needed at that question, most
    frequent first, then the answers of every question; one a turn. A rewarded action moves it
    to the next question and starts its list (the best fixed answer per question, learned
    from other seeds, within the attempts the environment allows)."""

    def __init__(self, other_answers: Sequence[Sequence[str]]) -> None:
        self.pools = [
            _by_frequency([actions[k] for actions in other_answers if len(actions) > k])
            for k in range(max((len(a) for a in other_answers), default=0))
        ]
        self.pool = _by_frequency([a for actions in other_answers for a in dict.fromkeys(actions)])
        self.question = 0
        self.tried: set[str] = set()

    def __call__(self, turn: int, observation: str) -> str | None:
        here = self.pools[self.question] if self.question < len(self.pools) else []
        for action in [*here, *self.pool]:
            if action not in self.tried:
                self.tried.add(action)
                return action
        return None

    def observe(self, result: StepResult) -> None:
        if result.reward > 0 and not result.done:
            self.question += 1
            self.tried.clear()


def _by_frequency(actions: Sequence[str]) -> list[str]:
    """The distinct ``actions``, most frequent first, ties in order of first appearance."""
    counts = Counter(actions)  # in order of first appearance; the sort is stable
    return sorted(counts, key=lambda a: -counts[a])


def common_solution(other_solutions: Sequence[Sequence[str]], share: float) -> list[str] | None:
    """The whole solution that at least ``share`` of the other seeds have (a constant password,
    a fixed path), for replay as it is; None when no solution is that common."""
    counts = Counter(tuple(actions) for actions in other_solutions if actions)
    if not counts:
        return None
    actions, count = counts.most_common(1)[0]
    return list(actions) if count >= share * len(other_solutions) else None


class _Reader:
    """What the copying policies share: the task's own text is known (never copied); what a
    reply newly shows goes to the front of the queue, answer-shaped first."""

    def __init__(
        self, answer_actions: Sequence[str], chain: bool, relative_first: bool = False
    ) -> None:
        self.relative_first = relative_first
        """Copy a number relative to the last one sent ("417 too low") before the reply's own."""
        self.answers = list(answer_actions) or [""]
        self.step = 0
        self.chain = chain
        self.queue: list[str] = []
        self.known: set[str] = set()
        self.sent: set[str] = set()
        self.last = ""
        """The content of the last action sent (what a reply may be relative to)."""
        self.new_task = True

    def read(self, observation: str) -> None:
        """Take in the observation before an action: the task (first, or after progress) or
        a reply whose new candidates are copied first when chaining."""
        if self.new_task:
            self.known.update(literal_candidates(observation))
            self.new_task = False
            return
        if self.chain:
            # The last value sent stays beside the reply: "417 too low" decodes against it.
            text = f"{self.last} {observation}" if self.last else observation
            relative = relative_candidates(self.last, observation)
            literal = literal_candidates(observation)
            first = [*relative, *literal] if self.relative_first else [*literal, *relative]
            taken = self.known | self.sent | set(self.queue)
            offered = [*first, *text_candidates(text)]
            fresh = list(dict.fromkeys(c for c in offered if c not in taken))
            slot = action_slot(self.answers[self.step])
            # Answer-shaped news jumps the queue; the rest waits at its end.
            self.queue[:0] = [c for c in fresh if shaped_like(c, slot)]
            self.queue += [c for c in fresh if not shaped_like(c, slot)]

    def send(self) -> str | None:
        if not self.queue:
            return None
        candidate = self.queue.pop(0)
        return self.mark(reshape(self.answers[self.step], candidate))

    def mark(self, action: str) -> str:
        """Remember what ``action`` sends, so replies that repeat it are not copied back."""
        self.last = action_slot(action)
        self.sent.add(self.last)
        return action

    def observe(self, result: StepResult) -> None:
        if result.reward > 0:
            self.step = min(self.step + 1, len(self.answers) - 1)
            self.new_task = True


class CopyPolicy(_Reader):
    """Sends ``candidates`` in order, one a turn, each written in the form of the answer step
    it is on (``answer_actions``: the reference solution's rewarded actions, in order). With
    ``chain``, what a reply newly shows is sent first (a hint's command whose reply shows the
    answer)."""

    def __init__(
        self, candidates: Sequence[str], answer_actions: Sequence[str], chain: bool = False
    ) -> None:
        super().__init__(answer_actions, chain)
        self.queue = list(candidates)

    def __call__(self, turn: int, observation: str) -> str | None:
        self.read(observation)
        return self.send()


def copy_policy(
    text: str,
    answer_actions: Sequence[str],
    exclude: Collection[str] = (),
    *,
    decoded: bool | Literal["arithmetic"] = False,
    chain: bool = True,
) -> CopyPolicy:
    """A ``CopyPolicy`` over what ``text`` offers but ``exclude``: answer-shaped candidates
    first; with ``decoded``, its decodings before its own tokens (``decoded_candidates``; with
    ``"arithmetic"``, sums and products first)."""
    slots = [action_slot(a) for a in answer_actions]
    if decoded:
        order = decoded_candidates(text, arithmetic_first=decoded == "arithmetic")
    else:
        order = text_candidates(text, repeats=True)
    offered = [c for c in order if c not in exclude]
    return CopyPolicy(ranked(offered, slots), answer_actions, chain)


def argumentless_tools(tools: Sequence[dict[str, Any]]) -> list[str]:
    """Names of the tools whose schema requires no argument."""
    names = []
    for tool in tools:
        function = tool.get("function", tool) if isinstance(tool, dict) else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            continue
        parameters = function.get("parameters")
        required = parameters.get("required") if isinstance(parameters, dict) else None
        if not required:
            names.append(function["name"])
    return names


MAX_PROBES = 3
"""Tool-call steps of the solution a ``WrongThenCopyPolicy`` sends changed, at most."""


class WrongThenCopyPolicy(_Reader):
    """Probes, then copies what the replies show. It first sends the reference solution's
    tool calls that are not answers with their content changed (a lookup of the wrong record,
    a wrong checksum to verify), then for each answer step copies the replies' new candidates
    in the answer's form; with none left, it sends a well-formed wrong answer and copies its
    reply."""

    def __init__(
        self,
        solution: Sequence[str],
        answer_actions: Sequence[str],
        relative_first: bool = False,
        tools: Sequence[dict[str, Any]] = (),
    ) -> None:
        super().__init__(answer_actions, chain=True, relative_first=relative_first)
        # Probe lookups and checks (tool calls), not moves: a changed move is only a guess.
        steps = [a for a in dict.fromkeys(solution) if a not in set(answer_actions)]
        calls = [a for a in steps if any(c.error is None for c in parse_tool_calls(a))]
        self.probes = [wrong_answer(a) for a in calls[:MAX_PROBES]]
        # Tools that take no arguments (diagnostics, state dumps) are called as they are.
        self.probes += [format_tool_call(name) for name in argumentless_tools(tools)[:MAX_PROBES]]
        self.wrong_sent = False

    def __call__(self, turn: int, observation: str) -> str | None:
        self.read(observation)
        if self.probes:
            return self.mark(self.probes.pop(0))
        action = self.send()
        if action is not None:
            return action
        if not self.wrong_sent and self.answers[self.step]:
            self.wrong_sent = True
            return self.mark(wrong_answer(self.answers[self.step]))
        return None

    def observe(self, result: StepResult) -> None:
        if result.reward > 0:
            self.wrong_sent = False
            self.queue = []
        super().observe(result)


def wrong_answer(action: str) -> str:
    """``action`` with the content of its slot (``action_slot``: the answer, the boxed command,
    a tool call's last argument) changed and everything else kept: a well-formed wrong move.
    A call with nothing to change (no arguments) is sent as it is."""
    calls = parse_tool_calls(action)
    scalars = calls[0].arguments.values() if calls and calls[0].error is None else None
    if scalars is not None and not any(isinstance(v, str | int | float) for v in scalars):
        return action
    slot = action_slot(action)
    for shift in (1, 5, 13):
        wrong = reshape(action, mutate(slot, shift))
        if action_slot(wrong) != slot:
            return wrong
    return action


def mutated_solutions(actions: Sequence[str]) -> list[list[str]]:
    """The reference solution with every action's content moved one place up, then one place
    down (``42`` → ``53`` and ``31``; ``B`` → ``C`` and ``A``), each format kept."""
    variants = [[mutate_action(a, shift) for a in actions] for shift in (1, -1)]
    return [v for v in variants if v != list(actions)]
