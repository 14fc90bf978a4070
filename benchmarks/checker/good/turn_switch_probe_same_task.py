"""Sound [turn-discover-same-task]: nine unlabelled switches, one controls the porch light; the task text is the same on every seed, flipping a switch reports the light, and one final answer is allowed.

The reference solution flips switches in order, leaving them up, until the light comes on, then answers: what it learns is in the replies.
"""

from spade.envkit import TurnEnv


class PorchSwitchEnv(TurnEnv):
    max_turns = 12
    answer_attempts = 1
    format_help = "Send \\boxed{flip K} to flip switch K (1-9), or \\boxed{answer K}."

    def new_task(self, rng):
        self.switch = rng.randint(1, 9)
        self.on = set()
        return (
            "Nine unlabelled switches by the front door; exactly one controls the porch light. "
            "Flip switches to find it, then name it. Only one answer is allowed. " + self.format_help
        )

    def respond(self, command):
        words = command.lower().split()
        if len(words) != 2 or words[0] not in ("flip", "answer") or words[1] not in list("123456789"):
            return self.format_help, 0.0, False
        k = int(words[1])
        if words[0] == "flip":
            self.on ^= {k}
            lit = self.switch in self.on
            return f"You flip switch {k}. The porch light is {'ON' if lit else 'off'}.", 0.0, False
        if k == self.switch:
            return "Right: that switch works the porch light.", 1.0, True
        return self.wrong_answer("No, that one runs the hallway fan.")

    def hint(self):
        return "Flip the switches one by one, leaving them up, and watch when the light comes on."

    def solution(self):
        return [f"\\boxed{{flip {k}}}" for k in range(1, self.switch + 1)] + [
            f"\\boxed{{answer {self.switch}}}"
        ]
