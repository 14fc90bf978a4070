"""The small, stable helper module that environment source may import.

Everything here is pure Python and imports only the standard library, so it loads inside the
sandbox. Its names are an interface: generated environments depend on them.
"""

from spade.envkit.answers import same_answer
from spade.envkit.episode import EpisodeEnv
from spade.envkit.parsers import (
    ToolCall,
    format_answer,
    format_tool_call,
    parse_all_boxed,
    parse_answer,
    parse_boxed,
    parse_tool_calls,
)
from spade.envkit.quizenv import QuizEnv
from spade.envkit.toolenv import FORMAT_HELP, ToolEnv
from spade.envkit.turnenv import TurnEnv

ToolUseBaseEnv = ToolEnv
"""SPADE's name for the tool-use base class; its generated environments use it unimported."""

__all__ = [
    "FORMAT_HELP",
    "EpisodeEnv",
    "QuizEnv",
    "ToolCall",
    "ToolEnv",
    "ToolUseBaseEnv",
    "TurnEnv",
    "format_answer",
    "format_tool_call",
    "parse_all_boxed",
    "parse_answer",
    "parse_boxed",
    "parse_tool_calls",
    "same_answer",
]
