"""A clinic's answer as the checks read it: every value in it, with the keys that lead to it, in folded form."""
from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from agent_system.domain.folding import fold

__all__ = ["Leaf", "fold", "leaves"]

_NO_RECORD: Mapping[str, Any] = MappingProxyType({})


@lru_cache(maxsize=512)
def _fold_key(key: str) -> str:
    """`fold` for field names: a clinic's answers repeat the same few keys hundreds of times."""
    return fold(key)


class Leaf(NamedTuple):
    """One scalar in clinic data, with the keys that lead to it and the object holding it."""
    keys: tuple[str, ...]
    value: str
    record: Mapping[str, Any] = _NO_RECORD

    @property
    def key(self) -> str:
        """The folded name of the field holding the value ("" inside a bare list)."""
        return self.keys[-1] if self.keys else ""


def leaves(node: Any, keys: tuple[str, ...] = (), record: Mapping[str, Any] | None = None) -> list[Leaf]:
    """Every string or number in nested clinic data, in document order."""
    # A stack, not recursion: clinic data may nest as deep as JSON allows. Exact types first: a
    # listing has hundreds of values, and `isinstance(x, Mapping)` is a slow ABC check.
    found: list[Leaf] = []
    stack = [(node, keys, _NO_RECORD if record is None else record)]
    while stack:
        node, keys, record = stack.pop()
        kind = type(node)
        if kind is str:
            found.append(Leaf(keys, node, record))
        elif kind is dict or (kind is not list and isinstance(node, Mapping)):
            items = list(node.items())
            stack.extend([(value, (*keys, _fold_key(str(key))), node) for key, value in reversed(items)])
        elif kind is list or kind is tuple:
            stack.extend([(item, keys, record) for item in reversed(node)])
        elif isinstance(node, (str, int, float)) and kind is not bool:
            found.append(Leaf(keys, str(node), record))
    return found
