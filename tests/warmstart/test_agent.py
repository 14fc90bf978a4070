"""The agent's warm-start pairs: one per turn of a solution-played episode, in the messages
rollout shows the agent, the hint only in hinted episodes, nothing from a losing solution."""

from __future__ import annotations

import pytest

from spade.envs import LIBRARY_DIR
from spade.rollout.episodes import first_messages
from spade.rollout.twins import Twins
from spade.sandbox import SandboxPool
from spade.train.config import RunConfig
from spade.types import HINT_SEPARATOR
from spade.warmstart.agent import AgentDraw, agent_pairs, play_solution
from spade.warmstart.generators import generate

RUN = RunConfig()


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    with SandboxPool(RUN.sandbox, spares=1) as opened:
        yield opened


def test_a_chain_quiz_gives_one_pair_a_turn_with_the_history(pool: SandboxPool) -> None:
    (chain,) = generate(1, seed=0, doc_ids={"23-recipe-scaling"}, tiers=["chain"])
    turns = play_solution(Twins(pool.open), chain.source, 500_000_001, False, RUN.rollout)
    assert turns is not None and len(turns) == 3
    (first, a1), (second, _), (third, _) = turns
    assert first == first_messages(RUN.rollout, first[-1]["content"])
    assert "Pantry stock" in first[-1]["content"] and HINT_SEPARATOR not in first[-1]["content"]
    assert second[-2] == {"role": "assistant", "content": a1}
    assert second[-1]["content"].startswith("Right.") and len(third) == len(second) + 2
    assert all(action.startswith("\\boxed{") for _, action in turns)


def test_library_pairs_keep_the_turns_a_run_plays_and_skip_tool_environments(
    pool: SandboxPool,
) -> None:
    hanoi = (LIBRARY_DIR / "hanoi_steps.py").read_text()
    turns = play_solution(Twins(pool.open), hanoi, 500_000_003, False, RUN.rollout)
    assert turns is not None and len(turns) == RUN.rollout.max_turns  # the solution is longer
    tools = [("library/order_lookup", (LIBRARY_DIR / "order_lookup.py").read_text())]
    pairs, dropped = agent_pairs(tools, AgentDraw(3, 0.0, 0), RUN.rollout, pool)
    assert pairs == [] and dropped == ["library/order_lookup: a tool environment: a pair's "
                                       "prompt has no tool schemas"]  # fmt: skip


def test_hinted_episodes_show_the_hint_as_the_hinted_arm_does(pool: SandboxPool) -> None:
    (lookup,) = generate(1, seed=0, doc_ids={"31-thermostat-panel"}, tiers=["lookup"])
    turns = play_solution(Twins(pool.open), lookup.source, 500_000_002, True, RUN.rollout)
    assert turns is not None
    task = turns[0][0][-1]["content"]
    assert HINT_SEPARATOR in task and task.split(HINT_SEPARATOR)[1].strip()


def test_pairs_repeat_for_a_seed_and_a_losing_solution_gives_none(pool: SandboxPool) -> None:
    files = generate(1, seed=0, doc_ids={"16-crazy-eights"}, tiers=["sum", "two_step"])
    sources = [(f.label, f.source) for f in files]
    wrong = files[0].source.replace("def hint(self):", "def solution(self):\n        return "
                                    "['\\\\boxed{-1}']\n\n    def hint(self):")  # fmt: skip
    sources.append(("16-crazy-eights/wrong#0", wrong))
    draw = AgentDraw(episodes=3, hinted_share=0.5, seed=0)
    pairs, dropped = agent_pairs(sources, draw, RUN.rollout, pool)
    episodes = {p.id.rsplit("#", 1)[0] for p in pairs}
    assert len(episodes) == 6 and all(p.kind == "agent" and p.prefill == "" for p in pairs)
    assert all(p.target.startswith("\\boxed{") for p in pairs)
    assert len(dropped) == 3 and all("wrong#0" in d and "did not win" in d for d in dropped)
    assert 0 < sum("hinted" in p.augmentations for p in pairs) < len(pairs)
    assert agent_pairs(sources, draw, RUN.rollout, pool) == (pairs, dropped)


def test_a_worked_quiz_gives_replies_that_show_the_working_then_the_answer(
    pool: SandboxPool,
) -> None:
    (summed,) = generate(1, seed=0, doc_ids={"22-double-entry-bookkeeping"}, tiers=["sum"],
                         worked=True)  # fmt: skip
    turns = play_solution(Twins(pool.open), summed.source, 500_000_004, False, RUN.rollout)
    assert turns is not None
    for _, action in turns:
        working, _, answer = action.partition(" \\boxed{")
        assert working and not working.startswith("\\boxed") and answer.endswith("}")
    assert any(" = " in action for _, action in turns)
