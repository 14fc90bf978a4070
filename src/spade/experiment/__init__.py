"""``spade experiment``: arms trained from one run configuration at equal agent updates and the
same seeds (self-play with the designer trained, frozen, absent, or rewarded without the hint),
then their final agents evaluated on identical environments and seeds, with paired differences
from the fixed-environment arm. See docs/training.md."""

from spade.experiment.config import ARMS, DEFAULT_ARMS, ArmName, ExperimentConfig

__all__ = ["ARMS", "DEFAULT_ARMS", "ArmName", "ExperimentConfig"]
