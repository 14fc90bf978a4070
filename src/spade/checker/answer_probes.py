"""Replies known to be wrong, built from a right one: what the answer-channel probe sends.

Where an environment writes its own matcher, it may pay a reply that only contains the answer
(a substring test), the first of several boxes, a number that ``float()`` reads oddly (``nan``
compares false with everything, so ``not abs(x - y) > tol`` holds), or the task sent back. Each
probe below is wrong whatever the question: a reply that hedges between the answer and another
value, states the answer and retracts it, denies it, holds a special number, is empty, or
echoes the observation. Form is never a probe: the right answer written another way (no box, a
unit, or "not 42" read as its one number) is still the right answer, so paying it pays no policy
that does not know the answer.
"""

from __future__ import annotations

from spade.checker.candidates import action_slot, is_tool_call, mutate, reshape
from spade.envkit.answers import answer_key, as_number

SPECIAL_NUMBERS = ("nan", "NaN", "inf", "-inf", "1e999", "9" * 40)
"""Numbers a loose ``float()`` matcher mishandles; none is a plain number ``same_answer``
accepts, so none is the right answer to any question."""


def other_value(payload: str) -> str:
    """A value of the payload's shape that is not it (``42`` → ``53``, ``hall`` → ``ibmm``)."""
    for shift in (1, 5, 13):
        other = mutate(payload, shift)
        if answer_key(other) != answer_key(payload):
            return other
    return payload + "x"


def wrong_replies(action: str, observation: str) -> list[tuple[str, tuple[str, ...]]]:
    """(probe name, replies) pairs made from the right ``action`` of a turn whose observation
    was ``observation``; every reply is wrong, and a probe is paid when all its replies are
    (the answer and another value in one slot, in both orders: a parser that reads the first
    word of a slot pays one order only, and no policy gains from it). Empty when the action
    has no payload to vary."""
    payload = action_slot(action)
    if not payload.strip():
        return []
    other = other_value(payload)
    right, wrong = reshape(action, payload), reshape(action, other)
    both_orders = (reshape(action, f"{payload} or {other}"), reshape(action, f"{other}, {payload}"))
    probes: list[tuple[str, tuple[str, ...]]] = [
        ("several answers in one slot", both_orders),
        ("several answers", (f"{wrong}\n{right}",)),
        ("the answer denied", (f"It is not {payload}. {wrong}",)),
        ("the empty answer", (reshape(action, ""),)),
        ("the empty reply", ("",)),
    ]
    if not is_tool_call(action):
        # A tool call is a move, run in order: one after it retracts nothing.
        probes.append(("a retracted answer", (f"{right}\nNo, wait: that is wrong. {wrong}",)))
    if answer_key(payload) not in answer_key(observation):
        # Shown, the answer may be read from the echo by a parser that takes the first command
        # it finds: no exploit, and the hedging probes already catch a substring test.
        probes.append(("the observation echoed", (observation,)))
    number = as_number(payload)
    if number is not None:
        specials = [*SPECIAL_NUMBERS, *(["-0"] if number != 0 else [])]
        probes += [("a special number", (reshape(action, value),)) for value in specials]
    return [(name, replies) for name, replies in probes if action not in replies]
