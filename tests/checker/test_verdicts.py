"""``spade check`` gives the right verdict for well-formed, broken and hostile environments."""

from __future__ import annotations

import pytest

from conftest import FIXTURES, fixture_source
from spade.checker import STAGES, CheckConfig, check_path, check_source, ladder_score
from spade.envs import bundled_paths
from spade.sandbox import Limits
from spade.types import CheckResult

CONFIG = CheckConfig(seeds=4)
LIMITS = Limits(call_timeout_s=1.0, load_timeout_s=10, cpu_seconds=20)
COUNTER = fixture_source("counter.py")


def variant(old: str, new: str, source: str = COUNTER) -> str:
    assert old in source, old
    return source.replace(old, new)


@pytest.mark.parametrize("path", bundled_paths(), ids=lambda p: p.stem)
def test_bundled_environments_pass(path: object) -> None:
    verdict = check_path(path, CONFIG, limits=LIMITS)  # type: ignore[arg-type]
    assert verdict.passed, verdict.to_json()
    assert [c.name for c in verdict.checks] == list(STAGES)
    assert verdict.ladder == 1.0


def test_well_formed_fixture_passes() -> None:
    verdict = check_source(COUNTER, "counter", CONFIG, limits=LIMITS)
    assert verdict.passed and verdict.failures == []


BROKEN = {
    "syntax": ("class CounterEnv(:\n    pass\n", "syntax", "SyntaxError at line 1"),
    "imports": (
        variant("import random\n", "import random\nimport subprocess\n"),
        "imports",
        "subprocess",
    ),
    "no_class": ("class Helper:\n    pass\n", "interface", "ends in 'Env'"),
    "two_classes": (
        COUNTER + "\nclass OtherEnv:\n    pass\n",
        "interface",
        "several environment classes",
    ),
    "init_args": (
        variant(
            "def __init__(self, max_turns=12, **kwargs):", "def __init__(self, size, max_turns=12):"
        ),
        "interface",
        "no arguments",
    ),
    "no_step": (
        variant("    def step(self, action):", "    def act(self, action):"),
        "interface",
        "step()",
    ),
    "reset_raises": (
        variant("        self.rng = random.Random(seed)", "        raise KeyError('board')"),
        "reset",
        "KeyError",
    ),
    "empty_observation": (
        variant('return "Increase the counter', 'return "" and "Increase the counter'),
        "reset",
        "empty observation",
    ),
    "nondeterministic": (
        variant("self.target = self.rng.randint(3, 6)", "self.target = random.randint(3, 6)"),
        "determinism",
        "random.Random(seed)",
    ),
    "raises_on_garbage": (
        variant(
            '            observation = "Send \\\\boxed{inc} or \\\\boxed{done}."',
            "            raise ValueError('bad command: ' + action[:10])",
        ),
        "step_robustness",
        "ValueError",
    ),
    "four_tuple": (
        variant(
            "return observation, 0.0, False, False, {}\n\n    def hint",
            "return observation, 0.0, False, {}\n\n    def hint",
        ),
        "step_robustness",
        "5-tuple",
    ),
    "reward_over_one": (
        variant("(1.0 if won else 0.0)", "(2.0 if won else 0.0)"),
        "reward_range",
        "outside [0, 1]",
    ),
    "penalties": (
        variant(
            '            observation = "Send \\\\boxed{inc} or \\\\boxed{done}."\n',
            '            observation = "Send \\\\boxed{inc} or \\\\boxed{done}."\n'
            "            return observation, -0.5, False, self.turn >= self.max_turns, {}\n",
        ),
        "reward_range",
        "outside [0, 1]",
    ),
    "never_ends": (
        variant(
            "        if self.turn >= self.max_turns:\n            self.over = True\n"
            "            return observation, 0.0, False, True, {}\n",
            "",
        ),
        "termination",
        "truncated=True",
    ),
    "empty_hint": (
        variant('return "Increase until the reply changes, then stop."', 'return "  "'),
        "hint",
        "empty",
    ),
    "password_hint": (
        variant(
            'return "Increase until the reply changes, then stop."',
            'return "Send " + " ".join(self.solution())',
        ),
        "hint_leak",
        "password environment",
    ),
    "unsolvable": (
        variant('+ ["\\\\boxed{done}"]', '+ ["\\\\boxed{inc}", "\\\\boxed{done}"]'),
        "solvable",
        "return 0",
    ),
    "solution_raises": (
        variant(
            '        return ["\\\\boxed{inc}"] * self.target',
            "        raise RuntimeError('forgot')\n"
            '        return ["\\\\boxed{inc}"] * self.target',
        ),
        "solvable",
        "RuntimeError",
    ),
    "trivial": (
        # 'done' then pays alone: the constant-answer search names it before any policy plays
        variant("won = self.count == self.target", "won = True"),
        "trivial",
        "a fixed guess gets it",
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_environment_fails_the_right_check(name: str) -> None:
    source, failed, message_part = BROKEN[name]
    verdict = check_source(source, name, CONFIG, limits=LIMITS)
    assert not verdict.passed
    assert verdict.failures[0] == failed, verdict.to_json()
    first = next(c for c in verdict.checks if not c.passed)
    assert message_part in first.message
    assert verdict.ladder == STAGES.index(failed) / len(STAGES)


QUIZ_RAISES = """
from spade.envkit import QuizEnv


class ShelfEnv(QuizEnv):
    def rounds(self, rng):
        names = ["ash", "oak", "elm"]
        i = rng.randint(0, 5)
        return "Shelves: ash, oak, elm.", [("Which shelf?", names[i + 3])]
"""


def test_an_error_in_code_run_at_creation_names_that_code_not_the_constructor() -> None:
    verdict = check_source(QUIZ_RAISES, "shelf", CONFIG, limits=LIMITS)
    first = next(c for c in verdict.checks if not c.passed)
    assert first.name == "interface"
    assert "IndexError" in first.message and "in rounds()" in first.message
    assert "must accept no arguments" not in first.message
    converts = QUIZ_RAISES.replace("names[i + 3]", "[int(n) for n in [names]][0]")
    verdict = check_source(converts, "shelf", CONFIG, limits=LIMITS)
    message = next(c for c in verdict.checks if not c.passed).message
    assert "TypeError" in message and "int() argument" in message
    assert "runs when the instance is created" in message
    assert "must accept no arguments" not in message
    module_raises = "x = [][1]\n" + COUNTER
    verdict = check_source(module_raises, "counter", CONFIG, limits=LIMITS)
    message = next(c for c in verdict.checks if not c.passed).message
    assert "top-level code" in message and "must accept no arguments" not in message


def test_leaking_the_answer_when_out_of_turns_is_caught() -> None:
    source = variant(
        "            return observation, 0.0, False, True, {}",
        "            return observation + ' Answer: <answer>' + str(self.target) + '</answer>', "
        "0.0, False, True, {}",
        """
import random


class RevealEnv:
    max_turns = 6

    def reset(self, seed=None):
        self.rng = random.Random(seed)
        self.target = self.rng.randint(1000, 9999)
        self.turn = 0
        return "Guess my 4-digit number: <answer>N</answer>.", {}

    def step(self, action):
        self.turn += 1
        if action.strip() == f"<answer>{self.target}</answer>":
            return "Yes.", 1.0, True, False, {}
        observation = "No."
        if self.turn >= self.max_turns:
            return observation, 0.0, False, True, {}
        return observation, 0.0, False, False, {}

    def hint(self):
        return "Think about it."

    def solution(self):
        return [f"<answer>{self.target}</answer>"]
""",
    )
    verdict = check_source(source, "reveal", CONFIG, limits=LIMITS)
    assert verdict.failures == ["hint_leak"], verdict.to_json()
    assert "unhelpful action" in next(c for c in verdict.checks if not c.passed).message


HOSTILE = {
    "hang_in_step": (
        "        self.turn += 1",
        "        self.turn += 1\n        while True:\n            pass",
        "timeout",
    ),
    "hang_at_import": ("import random\n", "import random\nwhile True:\n    pass\n", "timeout"),
    "memory_bomb": (
        "        self.turn += 1",
        "        self.turn += 1\n        self.blob = bytearray(1 << 32)",
        "resource_limit",
    ),
    "dynamic_import": (
        "        self.turn += 1",
        "        self.turn += 1\n        __builtins__['__import__']('socket')",
        "sandbox_violation",
    ),
    "reads_files": (
        "        self.turn = 0\n",
        "        self.turn = 0\n        open('/usr/lib/spade-evil', 'w').write('x')\n",
        "sandbox_violation",
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_environment_is_stopped_and_named(name: str) -> None:
    old, new, stop = HOSTILE[name]
    limits = Limits(call_timeout_s=1.0, load_timeout_s=3.0, cpu_seconds=20, memory_mb=512)
    verdict = check_source(variant(old, new), name, CONFIG, limits=limits)
    assert not verdict.passed
    assert verdict.checks[-1].name == stop, verdict.to_json()
    assert verdict.checks[-1].message.startswith("during ")


def test_spade_style_game_loads_and_is_judged() -> None:
    source = (FIXTURES / "spade_style_game.py").read_text()
    strict = check_source(source, "game", CONFIG, limits=LIMITS)
    assert strict.failures == ["hint", "solvable"]
    assert "define hint()" in next(c for c in strict.checks if not c.passed).message
    lenient = check_source(source, "game", CONFIG, limits=LIMITS, hint_source="model")
    assert [c.name for c in lenient.checks] == list(STAGES), lenient.to_json()
    assert lenient.failures == ["solvable"], lenient.to_json()
    solvable = next(c for c in lenient.checks if c.name == "solvable")
    assert "returned a string" in solvable.message
    assert "every action, in order, that wins the current episode" in solvable.message


def test_spade_style_tool_env_loads_unchanged() -> None:
    source = (FIXTURES / "spade_style_tool.py").read_text()
    verdict = check_source(source, "tool", CONFIG, limits=LIMITS, hint_source="model")
    assert [c.name for c in verdict.checks] == list(STAGES), verdict.to_json()
    assert verdict.failures == ["solvable"], verdict.to_json()
    solvable = next(c for c in verdict.checks if c.name == "solvable")
    assert "non-empty list of strings" in solvable.message


def test_ladder_counts_stages_passed_in_order() -> None:
    def result(name: str, passed: bool) -> CheckResult:
        return CheckResult(name, passed, "", 0.0)

    assert ladder_score([]) == 0.0
    assert ladder_score([result("syntax", True), result("imports", False)]) == 1 / len(STAGES)
    partial = [result(n, True) for n in STAGES[:5]] + [result("timeout", False)]
    assert ladder_score(partial) == 5 / len(STAGES)
    later_failure = [result(n, n != "hint") for n in STAGES]
    assert ladder_score(later_failure) == STAGES.index("hint") / len(STAGES)


def failed_message(verdict: object, stage: str) -> str:
    return next(c.message for c in verdict.checks if c.name == stage)  # type: ignore[attr-defined]


COUNTER_SOLUTION = r'        return ["\\boxed{inc}"] * self.target + ["\\boxed{done}"]'
UNREPLAYABLE_SOLUTIONS = {
    # SPADE's habit: the strategy in prose instead of the winning actions.
    "string": (
        '        return "Send inc until the reply says Enough?, then send done."',
        "returned a string",
    ),
    "empty": ("        return []", "an empty list"),
}


@pytest.mark.parametrize("name", sorted(UNREPLAYABLE_SOLUTIONS))
def test_solution_must_be_a_non_empty_list_of_actions(name: str) -> None:
    solution, what = UNREPLAYABLE_SOLUTIONS[name]
    verdict = check_source(variant(COUNTER_SOLUTION, solution), name, CONFIG, limits=LIMITS)
    assert verdict.failures == ["solvable"], verdict.to_json()
    message = failed_message(verdict, "solvable")
    assert what in message
    assert "non-empty list of strings" in message
    assert "every action, in order, that wins the current episode" in message


def test_answer_options_listed_on_every_seed_are_not_a_leak() -> None:
    verdict = check_source(
        fixture_source("leak_options_listed.py"), "options", CONFIG, limits=LIMITS
    )
    assert verdict.passed, verdict.to_json()
    assert failed_message(verdict, "hint_leak").startswith("neither the hint")


def test_first_observation_stating_this_seeds_solution_step_is_a_leak() -> None:
    verdict = check_source(
        fixture_source("leak_observation_answer.py"), "vault", CONFIG, limits=LIMITS
    )
    assert verdict.failures == ["hint_leak"], verdict.to_json()
    message = failed_message(verdict, "hint_leak")
    assert "first observation shows the solution's step 'code " in message


def test_hint_stating_the_answer_after_normalisation_is_a_leak() -> None:
    verdict = check_source(
        fixture_source("leak_hint_normalised.py"), "animal", CONFIG, limits=LIMITS
    )
    assert verdict.failures == ["hint_leak"], verdict.to_json()
    message = failed_message(verdict, "hint_leak")
    animals = ("'blue whale'", "'snow leopard'", "'red panda'", "'emperor penguin'")
    assert any(a in message for a in animals) and "password environment" in message


FIVE_STEPS = """from spade.envkit import TurnEnv


class FiveCodesEnv(TurnEnv):
    max_turns = 8
    answer_attempts = 1

    def new_task(self, rng):
        self.codes = [rng.choice("ABCDEFGH") for _ in range(5)]
        self.done_codes = 0
        return "Guess five hidden letters A-H in order, one per turn, as \\\\boxed{L}."

    def respond(self, command):
        if command != self.codes[self.done_codes]:
            return self.wrong_answer("Wrong letter.")
        self.done_codes += 1
        if self.done_codes == 5:
            return "All five!", 1.0, True
        return "Right, next.", 0.0, False

    def hint(self):
        return "Letters come from A to H."

    def solution(self):
        return [f"\\\\boxed{{{c}}}" for c in self.codes]
"""


def test_a_solution_longer_than_the_runners_turn_cap_is_not_solvable() -> None:
    """The declared max_turns (8) does not lift the runner's cap: with 4 turns a five-action
    solution cannot win, so the environment is judged unsolvable, saying why."""
    from spade.checker import CheckConfig, check_source

    capped = check_source(FIVE_STEPS, "five", CheckConfig(seeds=3), max_turns=4)
    solvable = {c.name: c for c in capped.checks}["solvable"]
    assert not solvable.passed and "needs 5 actions" in solvable.message
    assert "at most 4 turns" in solvable.message
    roomy = check_source(FIVE_STEPS, "five", CheckConfig(seeds=3), max_turns=25)
    assert {c.name: c.passed for c in roomy.checks}["solvable"]
