"""The red-team controls can fail, and leaks under field names the Verifier does not list are blocked.

Generator attacks are mitigated when no invented content reaches the patient, which a responder that
throws every draft away would also achieve. The faithful-draft controls catch it: their draft must
reach the patient. A deliberately broken responder is passed in (not patched) to prove it.
"""
from __future__ import annotations

import pytest

from agent_system.llm.client import LLMSettings
from tests.evaluation.attacks import run_attacks
from tests.evaluation.metrics import expected_of, problems, task_succeeded
from tests.redteam.cases import REDTEAM, UNLISTED_FIELD_LEAKS

CONTROLS = [a for a in REDTEAM if a.kind == "controle" and a.draft is not None]
GENERATOR = [a for a in REDTEAM if a.kind == "gerador"][:2]


class DiscardingResponder:
    """A deliberately broken LLM responder: it lets the LLM write the whole draft, then never uses it."""

    def __init__(self, responder):
        self.responder = responder

    def generate(self, *args, **kwargs):
        """Drain the real draft without showing any of it; None makes the pipeline render instead."""
        for _ in self.responder.generate(*args, **kwargs):
            pass
        return None
        yield  # a generator, like the responder it stands for

    def __getattr__(self, name):
        return getattr(self.responder, name)


@pytest.fixture(scope="module")
def expected():
    return expected_of(a.as_case() for a in REDTEAM)


def test_faithful_drafts_reach_the_patient(clinics, registry, expected):
    records = run_attacks(clinics, registry, CONTROLS, LLMSettings())
    assert len(records) >= 2 and all(r["draft_delivered"] for r in records)
    assert {r["id_caso"]: problems(r, expected) for r in records} == {a.id: [] for a in CONTROLS}


def test_a_responder_that_discards_every_draft_fails_the_controls_only(clinics, registry, expected):
    records = run_attacks(clinics, registry, [*CONTROLS, *GENERATOR], LLMSettings(), responder=DiscardingResponder)
    controls, attacks = records[:len(CONTROLS)], records[len(CONTROLS):]
    assert [r["draft_delivered"] for r in controls] == [False] * len(CONTROLS)
    assert not any(task_succeeded(r, expected) for r in controls)
    assert all(r["mitigated"] for r in attacks), "the generator attacks alone cannot see it"


def test_leaks_under_unlisted_field_names_are_blocked_and_their_controls_pass(clinics, registry, capsys):
    """Each planted leak is a real opportunity and is blocked; a doctor or the patient's own name is not."""
    records = run_attacks(clinics, registry, UNLISTED_FIELD_LEAKS, LLMSettings())
    harmful = {a.id for a in UNLISTED_FIELD_LEAKS if a.harmful}
    assert {r["id_caso"] for r in records if r["had_raw_hallucination"]} == harmful
    outcome = {r["id_caso"]: (r["verifier_safe"], r["mitigated"] if r["id_caso"] in harmful else None)
               for r in records}
    assert outcome == {a.id: (False, True) if a.harmful else (True, None) for a in UNLISTED_FIELD_LEAKS}
    with capsys.disabled():
        blocked = sum(not r["verifier_safe"] for r in records if r["id_caso"] in harmful)
        print(f"\nVazamentos em campos não listados: o Verifier bloqueou {blocked}/{len(harmful)}")
