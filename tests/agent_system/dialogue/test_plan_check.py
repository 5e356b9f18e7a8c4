"""The meaning check of LLM plans: each rejection path, each certain repair, and plans that pass as they are."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.domain.dialogue import Idle
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.errors import UngroundedPlan
from agent_system.dialogue.check import PlanCheck
from agent_system.domain.plan import Plan, Step
from agent_system.dialogue.reading.write_intent import is_write_request
from agent_system.sessions.conversation import Conversation, Message
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import read
from agent_system.dialogue.reading.vocabulary import DoctorIndex

TODAY = date(2026, 11, 23)
LISTED = SlotOffer(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-11-26", time="10:00")


@pytest.fixture
def check(registry):
    return PlanCheck(registry, DoctorIndex(registry), FederationWords(registry), is_write_request)


def conversation(*user_turns: str, listed: bool = False, booked: bool = False) -> Conversation:
    return Conversation(
        patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"),
        recent=[Message(role="user", text=t) for t in user_turns],
        state=Idle(listed=[LISTED] if listed else []),
        appointments=[AppointmentItem(**LISTED.model_dump(), status="confirmed")] if booked else [])


def plan(*steps: tuple[str, str, dict], source: str = "llm") -> Plan:
    return Plan(steps=[Step(step_id=n, clinic=c, action=a, parameters=p) for n, (c, a, p) in enumerate(steps, 1)],
                source=source)


def checked(check, message: str, the_plan: Plan, conv: Conversation | None = None) -> Plan:
    conv = conv or conversation()
    return check.check(the_plan, check.grounds(read(message, conv, TODAY, check.doctors, check.federation), conv, TODAY))


def pairs(the_plan: Plan) -> list[tuple[str, str, dict]]:
    return [(s.clinic, s.action, s.parameters) for s in the_plan.steps]


# --- plans that pass unchanged --------------------------------------------------------------------

def test_a_grounded_specialty_listing_passes_as_it_is(check):
    the_plan = plan(("clinic_a", "list_available_slots", {"date": "2026-11-27"}),
                    ("clinic_c", "list_available_slots", {"date": "2026-11-27"}))
    result = checked(check, "cardiologia na sexta, por favor", the_plan)
    assert result.source == "llm" and result.steps == the_plan.steps


def test_entities_from_earlier_turns_and_the_last_listing_are_grounded(check):
    the_plan = plan(("clinic_c", "book_appointment", {"doctor": LISTED.doctor, "date": LISTED.date,
                                                      "time": LISTED.time}))
    result = checked(check, "pode marcar esse", the_plan, conversation("quero cardiologia", listed=True))
    assert result.source == "llm" and pairs(result) == pairs(the_plan)


# --- certain repairs ------------------------------------------------------------------------------------

def test_rule_10_is_completed_from_the_registry(check):
    result = checked(check, "cardiologia", plan(("clinic_a", "list_available_slots", {})))
    assert result.source == "llm_repaired"
    assert pairs(result) == [("clinic_a", "list_available_slots", {}), ("clinic_c", "list_available_slots", {})]


def test_a_named_clinic_is_not_widened_to_its_specialty(check):
    result = checked(check, "horários na clínica A", plan(("clinic_a", "list_available_slots", {})))
    assert result.source == "llm" and pairs(result) == [("clinic_a", "list_available_slots", {})]


def test_my_appointments_is_completed_to_every_clinic(check, registry):
    result = checked(check, "e as minhas?", plan(("clinic_b", "list_my_appointments", {})), conversation(booked=True))
    assert result.source == "llm_repaired"
    assert [s.clinic for s in result.steps] == ["clinic_b", *[c for c in registry.ids() if c != "clinic_b"]]
    assert [s.step_id for s in result.steps] == list(range(1, 7))


def test_a_listing_filter_the_patient_never_gave_is_dropped(check):
    the_plan = plan(("clinic_d", "list_available_slots", {"date": "2026-11-30"}),
                    ("clinic_e", "list_available_slots", {"date": "2026-11-30"}))
    result = checked(check, "ortopedia", the_plan)
    assert result.source == "llm_repaired"
    assert pairs(result) == [("clinic_d", "list_available_slots", {}), ("clinic_e", "list_available_slots", {})]


def test_an_identity_repair_from_the_planner_stays_marked(check):
    result = checked(check, "cardiologia", plan(("clinic_a", "list_available_slots", {}),
                                                ("clinic_c", "list_available_slots", {}), source="llm_repaired"))
    assert result.source == "llm_repaired"


# --- rejections ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("message", "steps", "conv", "why"), [
    pytest.param("cardiologia", [("clinic_a", "list_available_slots", {"doctor": "Dr. Ricardo Lopes"})], None,
                 "doctor", id="invented-doctor"),
    pytest.param("cardiologia", [("clinic_b", "list_available_slots", {})], None, "specialty",
                 id="specialty-never-asked"),
    pytest.param("cardiologia dia 20/01", [("clinic_a", "list_available_slots", {"date": "2027-01-20"})], None,
                 "window", id="date-outside-the-window"),
    pytest.param("quem tem o horário das 10:00?", [("clinic_c", "book_appointment",
                 {"doctor": LISTED.doctor, "date": LISTED.date, "time": LISTED.time})], "listed",
                 "does not ask to book", id="write-without-intent"),
    pytest.param("quero marcar com o Dr. Fernando Mendes", [("clinic_c", "book_appointment",
                 {"doctor": "Dr. Fernando Mendes", "date": "2026-11-27", "time": "10:00"})], None,
                 "date", id="booking-date-invented"),
    pytest.param("quero marcar com o Dr. Fernando Mendes dia 27/11", [("clinic_c", "book_appointment",
                 {"doctor": "Dr. Fernando Mendes", "date": "2026-11-27", "time": "10:00"})], None,
                 "time", id="booking-time-invented"),
    pytest.param("hmm", [("clinic_a", "list_my_appointments", {})], None, "never part of the conversation",
                 id="my-appointments-out-of-nowhere"),
    pytest.param("quero cancelar", [("clinic_c", "cancel_appointment",
                 {"doctor": LISTED.doctor, "date": LISTED.date, "time": LISTED.time})], "booked",
                 "confirmed", id="cancel-needs-the-rules-confirmation"),
])
def test_ungrounded_plans_are_rejected(check, message, steps, conv, why):
    context = conversation("quero cardiologia", listed=conv == "listed", booked=conv == "booked")
    with pytest.raises(UngroundedPlan, match=why):
        checked(check, message, plan(*steps), context)
