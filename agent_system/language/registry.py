"""Which languages the product speaks: a language code -> its `LanguagePack`.

A new language is one pack module (see `language/pt.py`) added to `_BUILT_IN`; its keywords make the
detector (`language.text.detect_language`) recognise it. The first pack is the default.
"""
from __future__ import annotations

from agent_system.language import en, pt
from agent_system.language.pack import LanguagePack

_BUILT_IN = (pt.PACK, en.PACK)
_PACKS: dict[str, LanguagePack] = {pack.code: pack for pack in _BUILT_IN}
DEFAULT_LANGUAGE = _BUILT_IN[0].code


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


def unregister(code: str) -> None:
    """Stop speaking a language added by `register`; the default cannot be removed."""
    if code != DEFAULT_LANGUAGE:
        _PACKS.pop(code, None)
