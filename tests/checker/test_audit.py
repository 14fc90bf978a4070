"""The play-time audit as a pure function of played episodes, and on real paired play: an
environment honest on the checked seeds and leaking on the played ones is caught."""

from __future__ import annotations

from spade.checker import CheckConfig, check_source
from spade.checker.audit import audit_episodes, task_observation
from spade.llm.scripted import ScriptedPolicy
from spade.rollout import PairedPlay, RolloutConfig, play_paired
from spade.seeds import env_seeds
from spade.types import HINT_SEPARATOR, Episode


def hinted(seed: int, task: str, hint: str | None, reference: list[str] | None) -> Episode:
    first = task + HINT_SEPARATOR + hint if hint is not None else task
    episode = Episode("env 1", seed, seed, True, first)
    episode.hint, episode.reference = hint, reference
    return episode


def test_task_observation_drops_the_appended_hint() -> None:
    episode = hinted(1, "Find the code.", "Try the obvious.", ["\\boxed{1}"])
    assert task_observation(episode) == "Find the code."


def test_a_hint_stating_a_short_answer_on_one_played_seed_is_caught() -> None:
    episodes = [
        hinted(1, "Which floor? Answer \\boxed{N}.", "Count the stairs.", ["\\boxed{4}"]),
        hinted(2, "Which floor? Answer \\boxed{N}.", "It is floor 7.", ["\\boxed{7}"]),
    ]
    audit = audit_episodes(episodes, env_hints=True)
    assert audit.audited == 2
    assert audit.leak is not None and "seed 2" in audit.leak and "'7'" in audit.leak


def test_constant_hint_words_and_restated_task_values_are_not_leaks() -> None:
    episodes = [
        hinted(
            s,
            f"Heap of {n} items: where does {n}'s push land?",
            f"Use (i - 1) // 2; {n} items.",
            [f"<answer>{a}</answer>"],
        )
        for s, n, a in ((1, 12, "2"), (2, 9, "1"), (3, 15, "12"))
    ]
    assert audit_episodes(episodes, env_hints=True).leak is None


def test_model_hints_are_not_audited_but_observations_are() -> None:
    leaky_hint = [hinted(1, "Guess.", "It is 42.", ["\\boxed{42}"])]
    assert audit_episodes(leaky_hint, env_hints=False).leak is None
    shown = [
        hinted(1, "Guess the code (psst: 4821).", None, ["\\boxed{4821}"]),
        hinted(2, "Guess the code (psst: 1999).", None, ["\\boxed{1999}"]),
    ]
    leak = audit_episodes(shown, env_hints=False).leak
    assert leak is not None and "first observation" in leak


def test_a_solution_that_raises_on_a_played_seed_is_caught() -> None:
    episode = hinted(5, "Task.", "Tip.", None)
    episode.reference_error = "KeyError: 'x'"
    leak = audit_episodes([episode], env_hints=True).leak
    assert leak is not None and "solution() raised" in leak


def test_unaudited_episodes_count_nothing() -> None:
    assert audit_episodes([Episode("e", 1, 1, True, "obs")], env_hints=True).audited == 0


LEAKS_ON = """
from spade.envkit import TurnEnv

LEAKY = {seeds}


class VaultEnv(TurnEnv):
    max_turns = 3
    answer_attempts = 1

    def reset(self, seed=None):
        self.seed = seed
        return super().reset(seed)

    def new_task(self, rng):
        self.code = rng.randint(1000, 9999)
        return "Crack the vault: reply \\\\boxed{{CODE}} with its four digits."

    def respond(self, command):
        if command == str(self.code):
            return "Open!", 1.0, True
        return self.wrong_answer("Wrong.")

    def hint(self):
        if self.seed in LEAKY:
            return f"The manager wrote it down: {{self.code}}."
        return "Listen to the tumblers."

    def solution(self):
        return ["\\\\boxed{{" + str(self.code) + "}}"]
"""


def test_an_environment_leaking_only_on_played_seeds_passes_the_check_and_is_caught_at_play() -> (
    None
):
    played = [1_000_003, 1_000_004]
    source = LEAKS_ON.format(seeds=set(played[1:]))
    config = CheckConfig(seeds=3, population_seeds=16, check_seed=99)
    assert not set(env_seeds(99, 19)) & set(played)
    verdict = check_source(source, "vault", config)
    # The check cannot see a leak on seeds it never plays; the undetermined stage still
    # rejects the task (the observation never shows the code), so look at hint_leak alone.
    assert next(c for c in verdict.checks if c.name == "hint_leak").passed, verdict.to_json()
    policy = ScriptedPolicy(lambda conversation: "\\boxed{1111}")
    result = play_paired(
        PairedPlay(policy, 2, RolloutConfig(max_turns=3), base_seed=played[0]), source, "vault"
    )
    assert result.audit.audited == 2
    assert result.audit.leak is not None and f"seed {played[1]}" in result.audit.leak
    quiet = play_paired(
        PairedPlay(policy, 2, RolloutConfig(max_turns=3, audit=False), base_seed=played[0]),
        source,
        "vault",
    )
    assert quiet.audit.audited == 0 and quiet.audit.leak is None
