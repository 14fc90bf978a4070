"""The environment designer: grounded prompts, generation with repair, novelty, rewards."""

from spade.archive import Relation
from spade.designer.config import DesignerConfig, MemoryConfig
from spade.designer.design import Attempt, Design, DesignTask, design_round, plan_tasks
from spade.designer.extract import extract_code
from spade.designer.novelty import NoveltyConfig, archive_diversity
from spade.designer.rounds import RoundResult, run_round
from spade.designer.score import attempt_reward, play_designs, score_designs
from spade.designer.types import EnvKind, Outcome, RoundContext

__all__ = [
    "Attempt",
    "Design",
    "DesignTask",
    "DesignerConfig",
    "EnvKind",
    "MemoryConfig",
    "NoveltyConfig",
    "Outcome",
    "Relation",
    "RoundContext",
    "RoundResult",
    "archive_diversity",
    "attempt_reward",
    "design_round",
    "extract_code",
    "plan_tasks",
    "play_designs",
    "run_round",
    "score_designs",
]
