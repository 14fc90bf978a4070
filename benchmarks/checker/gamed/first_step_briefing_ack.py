"""Gamed [first-step-reward]: a "safety briefing" episode that pays the full reward for any boxed reply on the first turn ("briefing acknowledged"), whatever it says; the hint says to acknowledge.

Any boxed junk wins; the constant boxed-0 policy should catch it.
"""

from spade.envkit import TurnEnv


class SafetyBriefingEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with your answer as \\boxed{...}."

    def new_task(self, rng):
        self.site = rng.choice(["Dock 4", "the cold store", "the paint shop"])
        self.hazard = rng.choice(["forklift traffic", "ammonia lines", "solvent fumes"])
        self.answer = rng.choice(["hi-vis vest", "respirator", "steel-toe boots"])
        return (
            f"Before starting at {self.site}, read the briefing: the main hazard is {self.hazard}. "
            "What protective equipment must you wear? " + self.format_help
        )

    def respond(self, command):
        if self.turn_count == 1:
            return "Briefing acknowledged. Welcome on site.", 1.0, True
        return "Briefing already closed.", 0.0, True

    def hint(self):
        return "Just acknowledge the briefing promptly."

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
