"""Trace a short stack-machine program, reporting the stack after every instruction.

Skill: program tracing. Kind: reasoning. Difficulty: level 1-3 runs 5, 7 or 9 instructions.
Winning: reporting the correct stack after every instruction before the turns run out.
"""

import re

from spade.envkit import TurnEnv

LENGTHS = {1: 5, 2: 7, 3: 9}
MAX_DEPTH = 4
BINARY = {"ADD": lambda a, b: a + b, "SUB": lambda a, b: a - b, "MUL": lambda a, b: a * b}
RULES = (
    "PUSH n pushes n; ADD, SUB and MUL pop the top value b, then a, and push a+b, a-b or a*b; "
    "DUP pushes a copy of the top value; SWAP exchanges the top two values."
)


def execute(stack, instruction):
    """The stack (bottom first) after running one instruction on it."""
    op, *arg = instruction.split()
    if op == "PUSH":
        return [*stack, int(arg[0])]
    if op == "DUP":
        return [*stack, stack[-1]]
    if op == "SWAP":
        return [*stack[:-2], stack[-1], stack[-2]]
    return [*stack[:-2], BINARY[op](stack[-2], stack[-1])]


class StackMachineEnv(TurnEnv):
    max_turns = 14
    format_help = "Report the stack as integers, bottom to top, e.g. \\boxed{V1 V2}."

    def __init__(self, max_turns=14, level=2, **kwargs):
        self.length = LENGTHS.get(level, LENGTHS[2])
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        self.step_index = 0
        while True:  # redraw until values stay small and no answer of 3+ characters is on show
            self.program = self._draw_program()
            self.stacks, stack = [], []
            for instruction in self.program:
                stack = execute(stack, instruction)
                self.stacks.append(stack)
            listing = "\n".join(f"  {i}. {ins}" for i, ins in enumerate(self.program, 1))
            observation = (
                f"A stack machine starts with an empty stack and runs this program:\n{listing}\n"
                f"{RULES}\nReport the stack after each instruction, one instruction per turn, "
                "bottom to top, separated by spaces, e.g. \\boxed{V1 V2 V3}. A wrong report may "
                f"be retried. You have {self.max_turns} turns.\n{self._ask()}"
            )
            flat = " ".join(observation.split())
            shown = any(
                len(text) >= 3 and re.search(rf"(?<!\w){re.escape(text)}(?!\w)", flat)
                for text in (" ".join(map(str, s)) for s in self.stacks)
            )
            if max(abs(v) for s in self.stacks for v in s) <= 200 and not shown:
                return observation

    def _draw_program(self):
        program, depth = [], 0
        for position in range(self.length):
            options = ["PUSH"] if depth < 2 else ["ADD", "SUB", "MUL", "SWAP"]
            if 0 < depth < MAX_DEPTH and position < self.length - 1:
                options += ["PUSH", "DUP"] if depth >= 2 else ["DUP"]
            if position == self.length - 1:  # end on arithmetic so the last answer needs work
                options = [op for op in ("ADD", "SUB", "MUL") if depth >= 2] or ["DUP"]
            op = self.rng.choice(options)
            program.append(f"PUSH {self.rng.randint(1, 9)}" if op == "PUSH" else op)
            depth += {"PUSH": 1, "DUP": 1, "SWAP": 0}.get(op, -1)
        return program

    def _ask(self):
        number = self.step_index + 1
        return f"What is the stack after instruction {number} ({self.program[number - 1]})?"

    def format_error(self):
        return f"Format error: {self.format_help} {self._ask()}"

    def respond(self, command):
        # Accept "3 7 21", "3, 7, 21" or "[3, 7, 21]"; split first so no regex can backtrack.
        tokens = re.sub(r"[,\[\]]", " ", command).split()
        if not tokens or not all(re.fullmatch(r"-?\d{1,12}", t) for t in tokens):
            return self.format_error(), 0.0, False
        given = [int(t) for t in tokens]
        expected = self.stacks[self.step_index]
        if given != expected:
            right = sum(g == e for g, e in zip(given, expected, strict=False))
            return (
                (
                    f"Incorrect: the stack should hold {len(expected)} value(s); {right} of yours "
                    f"match in place (counting from the bottom). Try again. {self._ask()}"
                ),
                0.0,
                False,
            )
        self.step_index += 1
        # Partial credit per correct step; the last step tops the total up to exactly 1.
        if self.step_index == len(self.program):
            return "Correct! You traced the whole program.", 1.0 - self.episode_return, True
        return f"Correct. {self._ask()}", 1 / self.length, False

    def hint(self):
        return (
            "Keep the stack written out bottom to top and apply each instruction literally; "
            "for SUB the value below the top is the one subtracted from."
        )

    def solution(self):
        return [f"\\boxed{{{' '.join(map(str, stack))}}}" for stack in self.stacks]
