"""Intents are open: a family defined here, in the test, with its phrase in a language pack, is planned and answered
end to end without a line of the product naming it.

The family's handler declares its own intent name and writes its answer note (a phrase key and typed values); the
rules planner asks it like the shipped ones (put first in the ordered list, as one line of `HANDLERS` would); the
answer words the note with no table of intents. Should a new family need an `Intent` member, a writer in the answer
or a settled-intent entry in the planner again, this test fails.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from agent_system.assembly import build_pipeline
from agent_system.dialogue import rules
from agent_system.dialogue.handlers import HANDLERS, Handler, PlanningTurn
from agent_system.dialogue.planner import confident
from agent_system.dialogue.reading.reading import read
from agent_system.dialogue.rules import RulesPlanner
from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.notes import AnswerNote, BookingValue, ClinicValue, DayValue
from agent_system.domain.patient import Patient
from agent_system.language import pt
from agent_system.language import registry as language_registry
from agent_system.sessions.conversation import Conversation
from tests.agent_system.dialogue.rules_planner_support import TODAY
from tests.support import agent_settings, run_turn

WAITING = AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-25", time="10:00",
                          status="booked", patient="Lia Prado")
PHRASES = {
    "waiting_room": "Sala de espera da {clinic}, {day}: senha {ticket}.",
    "waiting_room_many": "Salas de espera ({rooms}):",
    "waiting_line": "• {booking} — {day}",
}


class WaitingRoom(Handler):
    """A family nobody shipped: "sala de espera?" is told the waiting room, from typed values only."""

    def applies(self, turn: PlanningTurn) -> bool:
        return "sala de espera" in turn.reading.text

    def plan(self, turn: PlanningTurn) -> None:
        turn.out.intend("waiting_room")
        turn.out.tell(AnswerNote(phrase="waiting_room", values={
            "clinic": ClinicValue(clinic="clinic_b"), "day": DayValue(date="2026-11-25"), "ticket": "B12"}))
        turn.out.tell(AnswerNote(phrase="waiting_room", count=2, values={"rooms": 2}, lines=(
            AnswerNote(phrase="waiting_line", values={"booking": BookingValue(appointment=WAITING),
                                                      "day": DayValue(date="2026-11-24", full=True)}),)))


@pytest.fixture
def waiting_room(monkeypatch):
    """The family first in the handler list and its phrases in the Portuguese pack, for this test only."""
    monkeypatch.setattr(rules, "HANDLERS", (WaitingRoom(), *HANDLERS))
    # Only phrases are added (no words the reading compiles): the registry's entry is swapped and put back as it was,
    # since `register` would refuse the shipped pack back (it lacks the phrases the default pack then has).
    monkeypatch.setitem(language_registry._PACKS, "pt", replace(pt.PACK, phrases={**pt.PACK.phrases, **PHRASES}))


def test_a_family_defined_outside_the_product_is_planned_and_answered(waiting_room, clinics, registry, tmp_path):
    pipeline = build_pipeline(agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path), registry)
    conversation = Conversation(patient=Patient(name="Lia Prado Moura", cpf="39053344705"))
    try:
        events, answer = run_turn(pipeline, conversation, "oi, onde fica a sala de espera?")
    finally:
        pipeline.router.close()
    assert next(e for e in events if e.type == "plan").steps == []
    assert answer.text == ("Sala de espera da Clínica B, qua 25/11: senha B12.\n\n"
                           "Salas de espera (2):\n"
                           "• Clínica B — Dra. Camila Rocha, quarta-feira, 25/11/2026, às 10:00 (para Lia Prado)"
                           " — terça-feira, 24/11/2026 (amanhã)")


def test_a_family_that_writes_its_notes_is_settled_for_the_llm_planner(waiting_room, registry):
    planner = RulesPlanner(registry)
    conversation = Conversation(patient=Patient(name="Lia Prado Moura", cpf="39053344705"))
    reading = read("onde fica a sala de espera?", conversation, TODAY, planner.doctors, planner.federation)
    plan = planner.plan(reading, conversation, TODAY)
    assert plan.intents == ["waiting_room"] and confident(plan, reading)
