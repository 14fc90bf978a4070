"""Length-prefixed JSON frames over pipes: the sandbox protocol's only encoding.

Standard library only: the sandbox worker imports this before any environment code runs.
"""

from __future__ import annotations

import json
import os
import select
import struct
import time

HEADER = struct.Struct(">I")
_dumps = json.dumps
_loads = json.loads


class FrameError(Exception):
    """A frame was malformed, too large, or the peer closed the pipe mid-frame."""


class FrameTimeout(Exception):
    """No complete frame arrived before the deadline."""


class PeerClosed(FrameError):
    """The pipe reached end-of-file before a frame started."""


def encode(message: object) -> bytes:
    body = _dumps(message, allow_nan=True, default=repr).encode("utf-8", "surrogatepass")
    return HEADER.pack(len(body)) + body


def write_frame(fd: int, message: object) -> None:
    data = memoryview(encode(message))
    while data:
        written = os.write(fd, data)
        data = data[written:]


def read_frame(fd: int, max_bytes: int, deadline: float | None = None) -> object:
    """Read one frame from ``fd``; ``deadline`` is a ``time.monotonic()`` value or ``None``."""
    header = _read_exact(fd, HEADER.size, deadline, at_start=True)
    (length,) = HEADER.unpack(header)
    if length > max_bytes:
        raise FrameError(f"message of {length} bytes exceeds the {max_bytes}-byte limit")
    body = _read_exact(fd, length, deadline, at_start=False)
    try:
        return _loads(body.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise FrameError(f"message is not valid JSON: {exc}") from None


def _read_exact(fd: int, size: int, deadline: float | None, at_start: bool) -> bytes:
    chunks: list[bytes] = []
    remaining = size
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    while remaining:
        if deadline is not None:
            timeout_ms = max(0, int((deadline - time.monotonic()) * 1000) + 1)
            if not poller.poll(timeout_ms):
                raise FrameTimeout()
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            if at_start and remaining == size:
                raise PeerClosed("peer closed the pipe")
            raise FrameError("peer closed the pipe in the middle of a message")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
