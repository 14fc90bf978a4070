"""Sound [turn-search-limited-probes]: a project's nightly builds are numbered 1 to N, build 1 is known good and build N known bad; the agent may run the regression test on chosen builds, but only as many times as a binary search needs, and then names the first bad build in one answer.

N (40 to 90) and the first bad build are drawn per seed, so a guessed build number wins about one
seed in sixty; the probe budget is exactly ceil(log2(N - 1)), so only halving the candidate range
every time finishes with a single candidate, and builds outside 2..N-1 are not worth a probe.
"""

import math
import re

from spade.envkit import TurnEnv

PROJECTS = ["tidepool", "larkspur", "ironbark", "quillon", "moraine", "bracken", "saltmarsh"]
_CMD = re.compile(r"(test|first bad)\s+#?(\d{1,3})", re.IGNORECASE)


class BisectFirstBadBuildEnv(TurnEnv):
    max_turns = 14
    format_help = ("Run the test with \\boxed{test 37}, or answer with \\boxed{first bad 38}.")

    def new_task(self, rng):
        self.n = rng.randint(40, 90)
        self.bad = rng.randint(2, self.n)
        self.probes = math.ceil(math.log2(self.n - 1))
        project = rng.choice(PROJECTS)
        return (
            f"The {project} project has nightly builds numbered 1 to {self.n}. Build 1 passes the "
            f"regression test and build {self.n} fails it; once a build fails, every later build "
            "fails too. Find the first failing build. Each test run takes a night, and you have "
            f"{self.probes} runs; then give one final answer. " + self.format_help
        )

    def respond(self, command):
        m = _CMD.fullmatch(command.strip())
        if not m:
            return self.format_help, 0.0, False
        verb, build = m.group(1).lower(), int(m.group(2))
        if not 1 <= build <= self.n:
            return f"Builds are numbered 1 to {self.n}.", 0.0, False
        if verb == "first bad":
            if build == self.bad:
                return f"Correct: build {build} is where the test first fails.", 1.0, True
            return self.wrong_answer("Incorrect.")
        if self.probes == 0:
            return "No test runs left. Give your answer.", 0.0, False
        self.probes -= 1
        result = "FAILS" if build >= self.bad else "passes"
        return f"Build {build} {result} the regression test. Runs left: {self.probes}.", 0.0, False

    def hint(self):
        return (
            "Keep the range of builds that could be the first failing one (at first 2 to N). Test "
            "the middle build: if it fails, the answer is it or earlier; if it passes, the answer "
            "is later. Each run must halve the range, so with 64 candidates six runs are just "
            "enough and there is no run to spare."
        )

    def solution(self):
        lo, hi, actions = 2, self.n, []
        while lo < hi:
            mid = (lo + hi) // 2
            actions.append(f"\\boxed{{test {mid}}}")
            if mid >= self.bad:
                hi = mid
            else:
                lo = mid + 1
        return actions + [f"\\boxed{{first bad {lo}}}"]
