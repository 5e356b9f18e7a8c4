"""The Verifier's verdicts: notes in the user's language that never repeat the blocked data, nothing logged."""
from __future__ import annotations

import logging

import pytest

from agent_system.domain.events import VerificationEvent
from agent_system.verification.verifier import OK_NOTE, Verdict, blocked_note
from tests.agent_system.verification.verifier_support import ANA, ANA_BARE, MARIA, MARIA_CPF, MARIA_MASK, booking


@pytest.mark.parametrize(("rules", "language", "expected_words"), [
    (("R2",), "pt", "privacidade"),
    (("R2",), "en", "privacy"),
    (("R1",), "pt", "médico"),
    (("R3",), "en", "doctor"),
    (("R1", "R2"), "pt", "outras pessoas"),
    ((), "en", "safety check"),
])
def test_blocked_notes_speak_the_users_language(rules, language, expected_words):
    note = blocked_note(rules, language)
    assert expected_words in note and note != OK_NOTE


def test_the_note_never_repeats_the_blocked_data(verifier):
    text = f"{MARIA}, CPF {MARIA_CPF}, tome 500 mg de amoxicilina."
    verdict = verifier.check_answer(text, [booking(name=MARIA, mask=MARIA_MASK)], ANA, "en")
    assert verdict.rules == ("R1", "R2")
    assert verdict.note == blocked_note(("R1", "R2"), "en")
    assert all(piece not in verdict.note for piece in ("Maria", "526", "500", "amoxicilina"))


def test_verdict_becomes_the_verification_event():
    verdict = Verdict(safe=False, note="n", rules=("R1", "R2"))
    assert verdict.to_event() == VerificationEvent(safe=False, note="n", rules=["R1", "R2"])


def test_no_data_or_answer_is_logged(verifier, caplog):
    caplog.set_level(logging.DEBUG)
    verifier.check_data([booking(name=MARIA, mask=MARIA_MASK, cpf=MARIA_CPF)], ANA, "pt")
    verifier.check_answer(f"{MARIA} {MARIA_CPF}", [], ANA, "pt")
    logged = caplog.text
    assert all(piece not in logged for piece in (MARIA, MARIA_CPF, "018.159", ANA.name, ANA_BARE))
