"""Which languages the product speaks: a language code -> its `LanguagePack`.

A built-in language is one folder (see `language/pt/`) added to `_BUILT_IN`; another one is registered at start-up
or by a test (`register`). Its keywords make the detector (`language.text.detect_language`) recognise it and its
lexicon's words join the reading's patterns (`language.lexicon`). The first pack is the default.
"""
from __future__ import annotations

from agent_system.language import en, pt
from agent_system.language.pack import LanguagePack

_BUILT_IN = (pt.PACK, en.PACK)
_PACKS: dict[str, LanguagePack] = {pack.code: pack for pack in _BUILT_IN}
DEFAULT_LANGUAGE = _BUILT_IN[0].code
# Counts registrations: what is built from the packs' words (language.lexicon) is rebuilt when it moves on.
_GENERATION = [0]


def generation() -> int:
    """How many times the registered languages have changed since start-up."""
    return _GENERATION[0]


def language_pack(code: str) -> LanguagePack:
    """The pack for a language code; an unknown code gets the default language's."""
    return _PACKS.get(code) or _PACKS[DEFAULT_LANGUAGE]


def language_packs() -> tuple[LanguagePack, ...]:
    """Every registered pack, the default first."""
    return tuple(_PACKS.values())


def register(pack: LanguagePack) -> None:
    """Speak one more language (or replace a pack with the same code); every text must be there."""
    default = _PACKS[DEFAULT_LANGUAGE]
    missing = (set(default.phrases) - set(pack.phrases)) | (set(default.emergency) - set(pack.emergency)) | (
        set(default.blocked_notes) - set(pack.blocked_notes))
    if missing:
        raise ValueError(f"the {pack.code!r} language pack lacks texts: {', '.join(sorted(missing))}")
    _PACKS[pack.code] = pack
    _GENERATION[0] += 1


def unregister(code: str) -> None:
    """Stop speaking a language added by `register`; the default cannot be removed."""
    if code != DEFAULT_LANGUAGE and _PACKS.pop(code, None) is not None:
        _GENERATION[0] += 1
