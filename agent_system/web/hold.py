"""Something a chat turn holds while it runs (a place among its client's turns, its session), given back once."""
from __future__ import annotations

import threading
from contextlib import ExitStack
from typing import Callable


class Hold:
    """`release()` gives the held thing back the first time it is called and does nothing after.

    Several parties may end a turn (its worker at `done` or on an error, the stream's end, the server closing
    the response) and any may come first. Only the first gives back: a second end of a session's turn
    would free the session's next turn.
    """

    def __init__(self, give_back: Callable[[], None]):
        self._give_back: Callable[[], None] | None = give_back
        self._lock = threading.Lock()

    def release(self) -> None:
        """Give it back, unless that was done already."""
        with self._lock:
            give_back, self._give_back = self._give_back, None
        if give_back is not None:
            give_back()


def release_all(*holds: Hold) -> None:
    """Release every hold, each one even when an earlier one fails (a store error must not keep a place)."""
    with ExitStack() as stack:
        for hold in reversed(holds):  # the stack runs last in, first out: in the order given
            stack.callback(hold.release)
