"""Sound [quiz-worked-example]: a ball is dropped from a stated height with g = 10 m/s^2 and no air resistance; the quiz asks the fall time, the impact speed and the distance covered in the last second, all whole numbers.

Heights are 5 t^2 for a whole t drawn per seed; the hint's worked example uses a height (20 m) whose numbers cannot be any answer.
"""

from spade.envkit import QuizEnv

PLACES = ["a hovering helicopter", "a hot-air balloon basket", "a research balloon",
          "a camera drone", "a glider's open hatch"]


class DroppedBallQuizEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        t = rng.randint(6, 17)
        height = 5 * t * t
        place = rng.choice(PLACES)
        intro = (
            f"A ball is dropped from rest from {place} {height} m above flat ground. Take "
            "g = 10 m/s^2 and ignore air resistance. Answer with whole numbers (no units)."
        )
        return intro, [
            ("How many seconds does the ball take to reach the ground?", str(t)),
            ("How fast is it moving when it hits the ground, in m/s?", str(10 * t)),
            ("How many metres does it fall during its last second in the air?", str(10 * t - 5)),
        ]

    def hint(self):
        return (
            "Distance fallen from rest is half of g times the time squared, and speed is g times "
            "the time. Worked example on another height: from 20 m, t squared is "
            "20 / 5 = 4, so t = 2 s and the speed is 20 m/s. For the last second, "
            "subtract the distance fallen in the first (t - 1) seconds from the full height."
        )
