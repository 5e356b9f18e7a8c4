"""This process's rate counts for the `limits` library: moving windows kept in a dict, swept by the caller.

limits' own MemoryStorage starts a timer thread on nearly every hit to sweep expired entries; on two busy
cores those thread starts cost more than the rest of a chat request's limits. This store implements
limits' public storage interface (`Storage`, `MovingWindowSupport`) under the `swept-memory://` scheme
and drops expired windows in the calling thread, at most once a second. It serves the moving window only,
the strategy the app's limits use.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from limits.storage import MovingWindowSupport, Storage

_MOVING_WINDOW_ONLY = "swept-memory:// counts moving windows only"


class SweptMemoryStorage(Storage, MovingWindowSupport):
    """Hit times per key (oldest first, at most `limit` of them), each key dropped once its window is over."""

    STORAGE_SCHEME = ["swept-memory"]
    SWEEP_EVERY_S = 1.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 clock: Callable[[], float] = time.time, **options: str):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._hits: dict[str, list[float]] = {}
        self._until: dict[str, float] = {}  # when a key's newest hit leaves its window
        self._lock = threading.Lock()
        self._clock, self._next_sweep = clock, 0.0

    @property
    def base_exceptions(self) -> type[Exception]:
        return ValueError

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """Take `amount` hits in `key`'s window of `expiry` seconds if fewer than `limit` remain in it."""
        now = self._clock()
        with self._lock:
            self._sweep(now)
            hits = self._hits.setdefault(key, [])
            kept = limit - amount  # hits that may already be in the window
            if amount > limit or (len(hits) > kept and hits[-kept - 1] >= now - expiry):
                return False
            hits += [now] * amount
            del hits[:-limit]  # older hits can no longer decide anything for this limit
            self._until[key] = now + expiry
            return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """(the oldest hit in the window, how many hits it holds)."""
        now = self._clock()
        with self._lock:
            recent = [hit for hit in self._hits.get(key, ()) if hit > now - expiry]
        return (recent[0], len(recent)) if recent else (now, 0)

    def clear(self, key: str) -> None:
        with self._lock:
            self._hits.pop(key, None)
            self._until.pop(key, None)

    def reset(self) -> int:
        with self._lock:
            count = len(self._hits)
            self._hits.clear()
            self._until.clear()
        return count

    def check(self) -> bool:
        return True

    def keys_held(self) -> int:
        """How many keys the store holds (expired ones until the next sweep)."""
        return len(self._hits)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError(_MOVING_WINDOW_ONLY)

    def get(self, key: str) -> int:
        raise NotImplementedError(_MOVING_WINDOW_ONLY)

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError(_MOVING_WINDOW_ONLY)

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.SWEEP_EVERY_S
        for key in [key for key, until in self._until.items() if until <= now]:
            del self._hits[key], self._until[key]
