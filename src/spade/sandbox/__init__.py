"""Every environment instance runs in its own confined OS process. See docs/sandbox.md."""

from spade.sandbox.env import SandboxedEnv, step_all
from spade.sandbox.launcher import resolve_isolation
from spade.sandbox.limits import Limits
from spade.sandbox.pool import SandboxPool
from spade.sandbox.trusted import TrustedEnv

__all__ = [
    "Limits",
    "SandboxPool",
    "SandboxedEnv",
    "TrustedEnv",
    "resolve_isolation",
    "step_all",
]
