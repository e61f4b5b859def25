"""Ctrl-C in tests: a SIGINT sent to this process while some work runs."""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Callable

import pytest


def interrupted(work: Callable[[], object]) -> float:
    """Runs `work` with a SIGINT sent to this process half a second in, checks that it
    raised KeyboardInterrupt, and returns how long it took."""
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
    return time.monotonic() - started
