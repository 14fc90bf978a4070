"""Sound [average_speed_tolerance]: a three-leg trip's overall average speed must be computed as total distance over total time and is graded within a stated 0.05 km/h tolerance; legs differ in speed so averaging the leg speeds fails.
"""

from __future__ import annotations

import random
import re

from spade.envkit import TurnEnv

_NUMBER = re.compile(r"([+-]?\d{1,6}(?:\.\d{1,8})?)\s*(?:km/h)?")
_TOLERANCE = 0.05


class AverageSpeedToleranceEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with one number, the speed in km/h, as \\boxed{number}."

    def new_task(self, rng: random.Random) -> str:
        while True:
            legs = [(rng.randint(8, 90), rng.randint(10, 95)) for _ in range(3)]
            km = sum(d for d, _ in legs)
            minutes = sum(t for _, t in legs)
            exact = km * 60 / minutes
            naive = sum(d * 60 / t for d, t in legs) / 3
            far_from_hint = min(abs(exact - 60), abs(exact - 67.5)) > 0.2
            if abs(exact - naive) > 1.0 and 20 <= exact <= 150 and far_from_hint:
                break
        self.legs, self.answer = legs, exact
        vehicle = rng.choice(["courier van", "touring cyclist", "rural bus", "delivery drone"])
        lines = "; ".join(f"leg {i + 1} covers {d} km in {t} minutes" for i, (d, t) in
                          enumerate(legs))
        return (
            f"Trip log of a {vehicle}: {lines}. There are no stops between legs. What was the "
            "average speed over the whole trip, in km/h? Any answer within "
            f"{_TOLERANCE} km/h of the exact value counts (two decimals is plenty). You have one "
            f"answer. {self.format_help}"
        )

    def respond(self, command: str) -> tuple[str, float, bool]:
        match = _NUMBER.fullmatch(command.strip().lower())
        if match and abs(float(match.group(1)) - self.answer) <= _TOLERANCE + 1e-9:
            return "Correct average speed!", 1.0, True
        observation, reward, done = self.wrong_answer("That is not the trip's average speed.")
        return observation, reward, done

    def hint(self) -> str:
        return (
            "The whole-trip average is total distance divided by total time, not the mean of "
            "the leg speeds (slow legs last longer and weigh more). Add the kilometres, add the "
            "minutes, convert minutes to hours by dividing by 60, then divide. Example: 30 km in "
            "20 min plus 30 km in 40 min is 60 km in 1 h = 60 km/h, not (90 + 45) / 2 = 67.5."
        )

    def solution(self) -> list[str]:
        km = sum(d for d, _ in self.legs)
        minutes = sum(t for _, t in self.legs)
        return [f"{km} km in {minutes} min = {km} / ({minutes} / 60) km/h. "
                f"\\boxed{{{self.answer:.2f}}}"]
