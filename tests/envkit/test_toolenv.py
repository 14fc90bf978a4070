"""Unit tests for spade.envkit.toolenv.ToolEnv: schemas, dispatch, answers, turn counting."""

import random

from spade.envkit import FORMAT_HELP, ToolEnv, ToolUseBaseEnv
from spade.envkit.parsers import format_answer, format_tool_call


class LookupEnv(ToolEnv):
    """(a) A setup(rng) + tool_* environment: find the secret number stored under a key."""

    max_turns = 4

    def setup(self, rng: random.Random) -> str:
        self.secret = rng.randint(1000, 9999)
        self.table = {"alpha": self.secret, "beta": 7}
        self._expected_answer = self.secret
        return f"Find the value stored under 'alpha' ({len(self.table)} keys)."

    def tool_lookup(self, key: str, exact: bool = True) -> int:
        """Look up a key
        in the table.

        Raises KeyError when the key is unknown.
        """
        return self.table[key]

    def tool_combine(self, a: int, b: float, tags: list, meta: dict, note=None) -> dict:
        """Combine values into a record."""
        return {"sum": a + b, "tags": tags, "meta": meta}

    def tool_shout(self, text: str) -> str:
        return text.upper()


class PriceEnv(ToolEnv):
    def setup(self, rng: random.Random) -> str:
        self._expected_answer = 1234
        return "What is the price?"


def _schemas(env: ToolEnv) -> dict:
    return {t["function"]["name"]: t for t in env.tools()}


def test_tools_schemas_from_methods():
    env = LookupEnv()
    schemas = _schemas(env)
    assert list(schemas) == ["combine", "lookup", "shout"]
    assert all(t["type"] == "function" for t in schemas.values())

    lookup = schemas["lookup"]["function"]
    assert lookup["description"] == "Look up a key in the table."
    assert lookup["parameters"] == {
        "type": "object",
        "properties": {"key": {"type": "string"}, "exact": {"type": "boolean"}},
        "required": ["key"],
    }

    combine = schemas["combine"]["function"]
    assert combine["description"] == "Combine values into a record."
    assert combine["parameters"]["properties"] == {
        "a": {"type": "integer"},
        "b": {"type": "number"},
        "tags": {"type": "array"},
        "meta": {"type": "object"},
        "note": {"type": "string"},
    }
    assert combine["parameters"]["required"] == ["a", "b", "tags", "meta"]

    assert schemas["shout"]["function"]["description"] == "The shout tool."
    assert env.get_tools() == env.tools()


def test_tool_call_dispatch_renders_result():
    env = LookupEnv(max_turns=10)
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(
        format_tool_call("lookup", {"key": "alpha"})
    )
    assert obs == f"Tool result:\n{env.secret}"
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    assert env._call_history == [{"name": "lookup", "arguments": {"key": "alpha"}}]

    obs, *_ = env.step(
        format_tool_call("combine", {"a": 1, "b": 2.5, "tags": ["x"], "meta": {"k": 1}})
    )
    assert obs == 'Tool result:\n{"meta": {"k": 1}, "sum": 3.5, "tags": ["x"]}'
    obs, *_ = env.step(format_tool_call("shout", {"text": "hi"}))
    assert obs == "Tool result:\nHI"
    action = format_tool_call("lookup", {"key": "beta"}) + format_tool_call("shout", {"text": "a"})
    obs, *_ = env.step(action)
    assert obs == "Tool result:\n7\n\nTool result:\nA"
    assert env.turn_count == 4


def test_tool_exception_becomes_observation():
    env = LookupEnv()
    obs, reward, terminated, truncated, _ = env.step(format_tool_call("lookup", {"key": "zeta"}))
    assert obs == "Error calling lookup: KeyError: 'zeta'"
    assert (reward, terminated, truncated) == (0.0, False, False)
    obs, *_ = env.step(format_tool_call("lookup", {"wrong_arg": "alpha"}))
    assert obs.startswith("Error calling lookup: TypeError:")
    assert env._call_history == []


def test_unknown_tool_and_malformed_actions_are_observations():
    env = LookupEnv()
    obs, reward, terminated, _, _ = env.step(format_tool_call("delete", {}))
    assert obs == "Error: unknown tool 'delete'. Available tools: combine, lookup, shout."
    assert (reward, terminated) == (0.0, False)
    obs, reward, terminated, _, _ = env.step("<tool_call>{not json</tool_call>")
    assert obs.startswith("Format error: the tool call is not valid JSON")
    assert obs.endswith(FORMAT_HELP)
    assert (reward, terminated) == (0.0, False)
    obs, *_ = env.step("I think I am done.")
    assert obs == "Format error: no tool call or answer found. " + FORMAT_HELP
    assert env.turn_count == 3


class TwoTriesEnv(LookupEnv):
    answer_attempts = 2


class DigitEnv(ToolEnv):
    """The answer is one digit; nothing to look up."""

    max_turns = 12

    def setup(self, rng: random.Random) -> str:
        self._expected_answer = rng.randint(0, 9)
        return "Which digit am I thinking of? Reply <answer>D</answer>."


def test_wrong_answer_ends_the_episode_by_default():
    assert ToolEnv.answer_attempts == 1
    env = LookupEnv()
    env.reset(seed=5)
    obs, reward, terminated, truncated, info = env.step(format_answer(env.secret + 1))
    assert obs == "Incorrect.\n\nNo answer attempts left; the episode is over."
    assert (reward, terminated, truncated, info) == (0.0, True, False, {"correct": False})
    obs, reward, terminated, _, _ = env.step(format_answer(env.secret))
    assert (reward, terminated) == (0.0, True)
    assert "episode is over" in obs
    env.reset(seed=5)  # a new episode has its attempts back
    assert env.step(format_answer(env.secret))[:3] == ("Correct!", 1.0, True)


def test_answer_attempts_is_configurable_per_environment():
    env = TwoTriesEnv()
    env.reset(seed=5)
    obs, reward, terminated, truncated, _ = env.step(format_answer(env.secret + 1))
    assert obs == "Incorrect. Keep using the tools, then answer again."
    assert (reward, terminated, truncated) == (0.0, False, False)
    result = env.step(format_answer(env.secret))
    assert result == ("Correct!", 1.0, True, False, {"correct": True})
    env.reset(seed=5)
    env.step(format_answer(env.secret + 1))
    env.step(format_tool_call("lookup", {"key": "beta"}))  # tool calls do not use attempts
    assert env.step(format_answer(env.secret + 2))[1:4] == (0.0, True, False)
    unlimited = type("Unlimited", (LookupEnv,), {"answer_attempts": None, "max_turns": 6})()
    unlimited.reset(seed=5)
    for _ in range(5):
        assert unlimited.step(format_answer(unlimited.secret + 1))[2:4] == (False, False)


def test_answer_cap_brings_a_guessed_digit_down_to_one_in_ten():
    """Guessing a digit uniformly at random each turn wins ~72% of 12-turn episodes with
    unlimited answers; with one answer attempt it wins ~10%."""
    rng = random.Random(1234)

    def guess_rate(env: ToolEnv, episodes: int = 2000) -> float:
        wins = 0
        for seed in range(episodes):
            env.reset(seed=seed)
            for _ in range(env.max_turns):
                _, reward, terminated, truncated, _ = env.step(format_answer(rng.randint(0, 9)))
                if terminated or truncated:
                    wins += terminated and reward >= 0.999
                    break
        return wins / episodes

    capped = guess_rate(DigitEnv())
    uncapped = guess_rate(type("Uncapped", (DigitEnv,), {"answer_attempts": None})())
    assert 0.07 <= capped <= 0.13, capped
    assert uncapped >= 0.6, uncapped


def test_turn_limit_truncates_without_revealing_answer():
    env = LookupEnv()
    env.reset(seed=9)
    for _ in range(env.max_turns - 1):
        assert env.step(format_tool_call("lookup", {"key": "beta"}))[2:4] == (False, False)
    obs, reward, terminated, truncated, _ = env.step(format_tool_call("lookup", {"key": "beta"}))
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert obs.endswith("Out of turns.")
    assert str(env.secret) not in obs


def test_step_after_episode_end_is_terminated_and_does_not_raise():
    assert LookupEnv().max_turns == 4
    env = LookupEnv(max_turns=1)
    assert env.max_turns == 1
    env.step("nothing")
    for _ in range(2):
        obs, reward, terminated, truncated, _ = env.step(format_answer(env.secret))
        assert (reward, terminated, truncated) == (0.0, True, False)
        assert "episode is over" in obs

    env.reset(seed=2)
    env.step(format_answer(env.secret))
    assert env.step(format_answer(env.secret))[1:3] == (0.0, True)


def test_reset_is_deterministic_and_resets_turns():
    env = LookupEnv()
    first = env.reset(seed=42)
    assert first == ("Find the value stored under 'alpha' (2 keys).", {})
    secret = env.secret
    env.step("x")
    env.step("y")
    assert env.turn_count == 2
    assert env.reset(seed=42) == first
    assert env.secret == secret
    assert env.turn_count == 0
    secrets = set()
    for seed in (1, 2, 3):
        env.reset(seed=seed)
        secrets.add(env.secret)
    assert len(secrets) == 3
    for _ in range(env.max_turns - 1):
        assert env.step("z")[3] is False
    assert env.step("z")[3] is True


def test_answers_compare_strictly_as_numbers_or_whole_text():
    env = PriceEnv()
    assert env._check_answer(" 1234.00 ")
    for wrong in ("$1,234.00", "1234.004", "1234.5", "twelve", "nan", "inf", "1.234e3"):
        assert not env._check_answer(wrong), wrong
    env.answer_tolerance = 0.01
    assert env._check_answer("1234.004") and not env._check_answer("nan")
    assert env.step(format_answer("1234"))[:3] == ("Correct!", 1.0, True)
    env._expected_answer = "Paris"
    assert env._check_answer("PARIS")
    assert not env._check_answer("Lyon")


# -- (b) SPADE-style subclass -----------------------------------------------------------------


class WeatherEnv(ToolUseBaseEnv):
    max_turns = 3

    def reset(self, seed=None):
        rng = random.Random(seed)
        self._state = {"city": rng.choice(["Oslo", "Lima", "Pune"]), "temp": rng.randint(-5, 35)}
        self._tools = {
            "get_weather": {
                "description": "Current temperature of a city.",
                "parameters": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}},
                    "required": ["city"],
                },
            },
            "list_cities": {"description": "Cities with data."},
        }
        self._expected_answer = self._state["temp"]
        return f"What is the temperature in {self._state['city']}?", {}

    def tool_get_weather(self, city: str) -> int:
        return self._state["temp"]

    def solution(self) -> str:
        return format_answer(self._expected_answer)


def test_spade_style_tools_come_from_tools_dict():
    assert ToolUseBaseEnv is ToolEnv
    env = WeatherEnv()
    tools = env.tools()
    assert [t["function"]["name"] for t in tools] == ["get_weather", "list_cities"]
    assert tools[0]["function"]["description"] == "Current temperature of a city."
    assert tools[0]["function"]["parameters"]["required"] == ["city"]
    assert tools[1]["function"]["parameters"] == {"type": "object", "properties": {}}
    assert env.get_tools() == tools


def test_spade_style_reset_still_counts_turns():
    env = WeatherEnv()
    for _ in range(2):
        assert env.step(format_tool_call("get_weather", {"city": "x"}))[3] is False
    assert env.turn_count == 2
    obs, info = env.reset(seed=11)
    assert obs.startswith("What is the temperature in ")
    assert info == {}
    assert env.turn_count == 0
    for _ in range(env.max_turns - 1):
        assert env.step("hmm")[2:4] == (False, False)
    assert env.step("hmm")[2:4] == (False, True)
    env.reset(seed=11)
    assert env.step("hmm")[2:4] == (False, False)


def test_spade_style_solution_solves_and_reset_is_seeded():
    env = WeatherEnv()
    first = env.reset(seed=4)
    assert env.reset(seed=4) == first
    solution = env.solution()
    assert isinstance(solution, str)
    assert env.step(solution)[:3] == ("Correct!", 1.0, True)
    env.reset(4)
    assert env.step(solution)[1] == 1.0
    assert env.step(format_tool_call("get_weather", {"city": "Oslo"}))[0] == (
        "The episode is over; reset() starts a new one."
    )
