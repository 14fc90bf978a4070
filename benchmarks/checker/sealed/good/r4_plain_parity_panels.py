"""Sound [parity_panels]: a plain (non-envkit-base) class shows three lamp panels in turn and asks whether each has an even or odd number of lit lamps; parities are drawn balanced per seed, so a fixed even/odd reply wins one seed in eight.
"""

from __future__ import annotations

import random
from typing import Any

from spade.envkit import parse_boxed

_FORMAT = "Reply with \\boxed{even} or \\boxed{odd}."


class ParityPanelsEnv:
    max_turns = 6

    def __init__(self) -> None:
        self.reset()

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        rng = random.Random(seed)
        self.panels: list[str] = []
        for _ in range(3):
            want = rng.randrange(2)
            size = rng.randint(9, 15)
            while True:
                lamps = [rng.random() < 0.5 for _ in range(size)]
                if sum(lamps) % 2 == want and sum(lamps) >= 3:
                    break
            self.panels.append("".join("*" if lit else "." for lit in lamps))
        self.asked, self.turns, self.done = 0, 0, False
        intro = (
            "Lamp panels: three panels of lamps are shown one at a time; '*' is a lit lamp and "
            "'.' an unlit one. For each panel say whether the number of lit lamps is even or "
            "odd. Each right answer earns 1/3 of the reward; the first wrong answer ends the "
            f"game. {_FORMAT}\n"
        )
        return intro + self._question(), {}

    def _question(self) -> str:
        return f"Panel {self.asked + 1} of 3: {self.panels[self.asked]}"

    def _answer(self, index: int) -> str:
        return "odd" if self.panels[index].count("*") % 2 else "even"

    def step(self, action: Any) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.done:
            return "The episode is over; reset() starts a new one.", 0.0, True, False, {}
        self.turns += 1
        command = parse_boxed(action if isinstance(action, str) else str(action))
        if not command:
            obs, reward, over = f"Format error. {_FORMAT}\n{self._question()}", 0.0, False
        elif " ".join(command.split()).lower() == self._answer(self.asked):
            self.asked += 1
            if self.asked == 3:
                obs, reward, over = "Right. All three panels correct!", 1.0 / 3, True
            else:
                obs, reward, over = f"Right. {self._question()}", 1.0 / 3, False
        else:
            obs, reward, over = "Wrong. The game is over.", 0.0, True
        if over:
            self.done = True
            return obs, reward, True, False, {}
        if self.turns >= self.max_turns:
            self.done = True
            return obs + " Out of turns.", reward, False, True, {}
        return obs, reward, False, False, {}

    def hint(self) -> str:
        return (
            "Count only the '*' characters of the current panel and ignore the '.' ones; then "
            "check whether the count splits into pairs with none left over. Crossing lamps off "
            "two at a time is a quick check: '*.**.*' has four lit lamps, two full pairs."
        )

    def solution(self) -> list[str]:
        return [f"{self.panels[i].count('*')} lit lamps. \\boxed{{{self._answer(i)}}}"
                for i in range(self.asked, 3)]

    def close(self) -> None:
        """Nothing to release."""
