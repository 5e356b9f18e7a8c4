"""An LLM answer is shown only when it carries every fact of the deterministic answer, names nothing else,
reads as the patient's language and has no sentence those facts cannot ground; otherwise the deterministic
answer is. Over real HTTP (the scripted OpenAI-compatible server) with the real clinics behind."""
from __future__ import annotations

import pytest

from agent_system.answer.answer_gate import (MISSING_FACT, OTHER_FACT, UNGROUNDED_SENTENCE, UNKNOWN_WORD,
                                             AnswerGate)
from agent_system.answer.responder import Rendering
from agent_system.assembly import build_pipeline
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.llm.client import LLMSettings
from agent_system.sessions.audit import audit_record
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.dialogue.rules import RulesPlanner
from agent_system.dialogue.reading.answer_facts import AnswerFacts
from tests.agent_system.llm.llm_support import faithful_answer
from tests.fakes.openai_server import FakeReply
from tests.support import CLINIC_TODAY, agent_settings, call_tool, give_back, make_cpf, run_turn, store_bookings

CAMILA = "Dra. Camila Rocha"
INCOHERENT = "Para ao caso de mensagens, esteja que não pode ser o que deseia."


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path,
                              llm=LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=5))
    built = build_pipeline(settings, registry)
    yield built
    built.router.close()


@pytest.fixture
def booking(clinics):
    """A free slot of Dra. Camila's and a patient to book it; the booking is given back afterwards."""
    cpf = make_cpf(7450).replace(".", "").replace("-", "")
    conversation = Conversation(patient=Patient(name="Lia Campos Prado", cpf=cpf))
    slot = call_tool(clinics.url("clinic_b"), "list_available_slots", {"doctor": CAMILA})["structuredContent"][
        "available_slots"][-1]
    day = "/".join(reversed(slot["date"].split("-")))
    yield conversation, slot, f"quero marcar com a {CAMILA} dia {day} às {slot['time']}"
    give_back(clinics, conversation)


def streamed(events) -> str:
    return "".join(e.text for e in events if e.type == "token")


def wording(events) -> str | None:
    return audit_record("s", events).get("wording")


def test_incoherent_portuguese_after_a_write_is_never_shown(llm_pipeline, openai_server, clinics, booking):
    conversation, slot, message = booking
    openai_server.script(FakeReply(content=f"{INCOHERENT} Sua consulta foi confirmada.", chunks=12))
    events, answer = run_turn(llm_pipeline, conversation, message)
    [booked] = answer.appointments
    assert store_bookings(clinics, "clinic_b", conversation.patient.cpf) == [
        ("clinic_b", CAMILA, slot["date"], slot["time"])]
    assert streamed(events) == "" and "deseia" not in answer.text
    assert answer.text.startswith("Consulta confirmada!") and booked.code in answer.text
    assert wording(events) == f"rules:{UNKNOWN_WORD}"


@pytest.mark.parametrize("reply, reason", [
    # names the booking, but in words the patient's language does not have
    ("Sua consulta com a Dra. Camila Rocha está deseia pra confirmadx.", UNKNOWN_WORD),
    # fluent, and names nothing the booking said
    ("Para o caso de mensagens, esteja atento ao que pode ser o que deseja.", UNGROUNDED_SENTENCE),
    # the right doctor, the wrong outcome
    ("A consulta com a Dra. Camila Rocha foi cancelada.", OTHER_FACT),
    # English to a Portuguese patient
    ("Your appointment with Dra. Camila Rocha is confirmed.", UNKNOWN_WORD),
])
def test_an_answer_that_does_not_read_as_the_deterministic_facts_is_replaced(
        llm_pipeline, openai_server, clinics, booking, reply, reason):
    conversation, slot, message = booking
    openai_server.script(reply)
    events, answer = run_turn(llm_pipeline, conversation, message)
    assert answer.text.startswith("Consulta confirmada!") and reply not in answer.text
    assert streamed(events) == "" and wording(events) == f"rules:{reason}"


def test_a_faithful_confirmation_is_shown_sentence_by_sentence(llm_pipeline, openai_server, clinics, booking):
    conversation, slot, message = booking
    openai_server.route = lambda request: FakeReply(content=faithful_answer(request), chunks=20)
    events, answer = run_turn(llm_pipeline, conversation, message)
    [booked] = answer.appointments
    confirmed = f"Sua consulta na Clínica B com {CAMILA} está confirmada para {slot['date']} às {slot['time']}."
    code = f" O código da reserva é {booked.code}."
    assert answer.text == confirmed + code
    assert [e.text for e in events if e.type == "token"] == [confirmed, code]  # each sentence whole, once checked
    assert wording(events) == "llm"


def test_a_confirmation_without_its_booking_code_is_replaced(llm_pipeline, openai_server, booking):
    conversation, slot, message = booking
    openai_server.route = lambda request: faithful_answer(request).split(" O código")[0]
    events, answer = run_turn(llm_pipeline, conversation, message)
    [booked] = answer.appointments
    assert answer.text.startswith("Consulta confirmada!") and booked.code in answer.text
    assert wording(events) == f"rules:{MISSING_FACT}"


def test_a_listing_is_shown_only_with_every_slot(llm_pipeline, openai_server):
    conversation = Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))
    openai_server.route = faithful_answer
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert wording(events) == "llm" and {s.clinic for s in answer.slots} == {"clinic_a", "clinic_c"}
    assert all(s.date in answer.text and s.time in answer.text for s in answer.slots)
    openai_server.route = lambda request: faithful_answer(request).rsplit(" Na ", 1)[0]  # one doctor-day short
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert wording(events) == f"rules:{MISSING_FACT}"
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")


# --- the gate on its own ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gate(registry):
    rules = RulesPlanner(registry)
    return AnswerGate(AnswerFacts(rules.doctors, rules.federation))


BOOKED = Rendering(text="Consulta confirmada! Clínica B — Dra. Camila Rocha, quinta-feira, 26/11/2026, às 15:00. "
                        "Código da reserva: K7M4QP.", slots=[],
                   appointments=[AppointmentItem(clinic="clinic_b", doctor=CAMILA, date="2026-11-26", time="15:00",
                                                 status="confirmed", code="K7M4QP")])


@pytest.mark.parametrize("sentence, reason", [
    ("Sua consulta com a Dra. Camila Rocha está confirmada.", None),
    ("O código é K7M4QP.", None),
    ("Consulta confirmada!", None),  # the rendering's own words
    ("A Dra. Mariana Alves também atende.", OTHER_FACT),
    ("Sua consulta é às 16:00.", OTHER_FACT),
    ("Sua consulta é em 27/11.", OTHER_FACT),
    ("Na Clínica F, tudo certo.", OTHER_FACT),
    ("Use o código K7M4QA.", OTHER_FACT),
    (INCOHERENT, UNKNOWN_WORD),
    ("Para o caso de mensagens, esteja atento.", UNGROUNDED_SENTENCE),
])
def test_each_sentence_names_only_the_renderings_facts_in_known_words(gate, sentence, reason):
    from datetime import date
    reference = gate.reference(BOOKED, "pt")
    assert gate.sentence(sentence, reference, date.fromisoformat(CLINIC_TODAY)) == reason


@pytest.mark.parametrize("answer, reason", [
    ("Sua consulta na Clínica B com a Dra. Camila Rocha está confirmada para 26/11 às 15:00. Código: K7M4QP.", None),
    ("Sua consulta na Clínica B com a Dra. Camila Rocha está confirmada para 2026-11-26 às 15:00, código K7M4QP.",
     None),
    ("Sua consulta com a Dra. Camila Rocha está confirmada para 26/11 às 15:00. Código: K7M4QP.", MISSING_FACT),
    ("Sua consulta na Clínica B com a Dra. Camila Rocha é 26/11 às 15:00. Código: K7M4QP.", MISSING_FACT),
])
def test_the_whole_answer_carries_every_fact(gate, answer, reason):
    assert gate.answer(answer, gate.reference(BOOKED, "pt")) == reason


def test_a_language_without_a_word_list_shows_no_llm_answer(gate):
    from datetime import date
    listing = Rendering(text="Horários: Dra. Camila Rocha 26/11 15:00", appointments=[],
                        slots=[SlotOffer(clinic="clinic_b", doctor=CAMILA, date="2026-11-26", time="15:00")])
    reference = gate.reference(listing, "xx")
    assert gate.sentence("Die Ärztin Camila Rocha hat am 26/11 um 15:00 Zeit.", reference,
                         date.fromisoformat(CLINIC_TODAY)) == UNKNOWN_WORD


def test_a_code_the_rendering_tells_without_a_booking_of_the_turn_must_be_carried(gate):
    """A handler's note may repeat a code ("qual era o código mesmo?"): the code is the answer's fact."""
    from datetime import date
    told = Rendering(text="O código da sua reserva desta conversa:\n• K7M4QP — Clínica B", slots=[], appointments=[])
    reference = gate.reference(told, "pt")
    assert gate.sentence("O código é K7M4QP.", reference, date.fromisoformat(CLINIC_TODAY)) is None
    assert gate.answer("Sua reserva está na Clínica B.", reference) == MISSING_FACT
    assert gate.answer("O código da sua reserva é K7M4QP, na Clínica B.", reference) is None
