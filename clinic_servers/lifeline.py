"""Child processes that die with their parent, even when the parent is killed with SIGKILL.

A clinic left running by a crashed web app keeps its port, and the next start fails on it. On
Linux the kernel itself delivers a signal to the child when its parent dies (PR_SET_PDEATHSIG);
set in the child between fork and exec, it survives the exec into gunicorn.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Callable

_PR_SET_PDEATHSIG = 1


def die_with_parent(signum: int = signal.SIGTERM) -> Callable[[], None] | None:
    """A `preexec_fn` that asks the kernel to send `signum` when the parent dies; None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    parent = os.getpid()
    libc = ctypes.CDLL(None, use_errno=True)

    def arm() -> None:
        if libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
        if os.getppid() != parent:  # the parent died before the request was armed: nobody will signal
            os.kill(os.getpid(), signum)

    return arm
