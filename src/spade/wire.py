"""Length-prefixed JSON frames over pipes: the sandbox protocol's only encoding.

Standard library only: the sandbox worker imports this before any environment code runs, and
binds the encoder and decoder it uses then, so later monkeypatching of ``json`` cannot reach them.
"""

from __future__ import annotations

import json
import os
import select
import struct
import time

HEADER = struct.Struct(">I")
_encode = json.JSONEncoder(allow_nan=True, default=repr, ensure_ascii=False).encode
_decode = json.JSONDecoder().decode
READ_CHUNK = 1 << 16
SPIN_SECONDS = 150e-6
"""How long a reader polls without sleeping before it blocks. Replies usually arrive within
tens of microseconds, and on virtual machines waking a sleeping CPU costs about as much."""


class FrameError(Exception):
    """A frame was malformed, too large, or the peer closed the pipe mid-frame."""


class FrameTimeout(Exception):
    """No complete frame arrived before the deadline."""


class PeerClosed(FrameError):
    """The pipe reached end-of-file before a frame started."""


def encode(message: object) -> bytes:
    body = _encode(message).encode("utf-8", "surrogatepass")
    return HEADER.pack(len(body)) + body


def write_frame(fd: int, message: object) -> None:
    write_bytes(fd, encode(message))


def write_bytes(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class FrameReader:
    """Reads frames from one pipe, keeping bytes that arrived ahead of the current frame."""

    def __init__(self, fd: int, max_bytes: int, spin_seconds: float = SPIN_SECONDS) -> None:
        self.fd = fd
        self.max_bytes = max_bytes
        self.spin_seconds = spin_seconds
        self._buffer = bytearray()
        self._spin = spin_seconds > 0
        self._poller = select.poll()
        self._poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        os.set_blocking(fd, False)

    def read(self, deadline: float | None = None) -> object:
        """The next message; ``deadline`` is a ``time.monotonic()`` value or ``None``."""
        buffer = self._buffer
        while True:
            if len(buffer) >= HEADER.size:
                (length,) = HEADER.unpack_from(buffer)
                if length > self.max_bytes:
                    raise FrameError(
                        f"message of {length} bytes exceeds the {self.max_bytes}-byte limit"
                    )
                end = HEADER.size + length
                if len(buffer) >= end:
                    body = bytes(buffer[HEADER.size : end])
                    del buffer[:end]
                    return _parse(body)
            chunk = self._read_chunk(deadline)
            if not chunk:
                if not buffer:
                    raise PeerClosed("peer closed the pipe")
                raise FrameError("peer closed the pipe in the middle of a message")
            buffer += chunk

    def _read_chunk(self, deadline: float | None) -> bytes:
        started = time.monotonic()
        spin_until = started + self.spin_seconds if self._spin else started
        while True:
            try:
                chunk = os.read(self.fd, READ_CHUNK)
            except BlockingIOError:
                pass
            else:
                # Keep spinning only while messages arrive within the window: when a peer
                # talks slowly (or many peers share the cores) spinning only burns CPU.
                self._spin = time.monotonic() - started <= self.spin_seconds
                return chunk
            now = time.monotonic()
            if now < spin_until:
                os.sched_yield()  # spinning must not starve other runnable processes
                continue
            if deadline is None:
                self._poller.poll()
            elif not self._poller.poll(max(0, int((deadline - now) * 1000) + 1)):
                raise FrameTimeout()


def _parse(body: bytes) -> object:
    try:
        return _decode(body.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise FrameError(f"message is not valid JSON: {exc}") from None
