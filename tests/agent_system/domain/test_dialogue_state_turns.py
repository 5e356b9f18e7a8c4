"""The dialogue state through real turns on the six clinics: what each answer leaves waiting, and what the next
message does with it, judged by the answers and by what the clinics' stores hold."""
from __future__ import annotations

from collections import Counter

from agent_system.domain.dialogue import AfterEmergency, AwaitingChoice, Choosing, Idle, JustBooked
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

CPF_BASE = 71_000


def plan_actions(events) -> list[str]:
    return [s["action"] for s in next(e for e in events if e.type == "plan").steps]


def test_an_acceptance_of_the_new_slots_of_a_move_asks_which_and_moves_nothing(pipeline, new_conversation, clinics):
    cpf = make_cpf(CPF_BASE + 1)
    conversation = new_conversation("Helena Prado Vilela", cpf)
    run_turn(pipeline, conversation, "dermato na quinta")
    counts = Counter(s.time for s in conversation.state.listed)
    slot = next(s for s in sorted(conversation.state.listed, key=lambda s: (s.date, s.time)) if counts[s.time] == 1)
    run_turn(pipeline, conversation, f"quero o das {slot.time}")
    try:
        assert isinstance(conversation.state, JustBooked) and conversation.state.appointment.time == slot.time
        _, offered = run_turn(pipeline, conversation, "preciso remarcar essa consulta")
        assert isinstance(conversation.state, AwaitingChoice) and offered.slots
        assert conversation.state.choosing() and conversation.state.listed == offered.slots
        # "perfeito" accepts without a yes ("sim" goes on with the move and lists again): which of the slots?
        events, asked = run_turn(pipeline, conversation, "perfeito")
        assert plan_actions(events) == [] and "?" in asked.text
        assert all_store_bookings(clinics, cpf) == [(slot.clinic, slot.doctor, slot.date, slot.time)]
    finally:
        give_back(clinics, conversation)


def test_an_emergency_drops_the_listing_choice_keeps_the_listing_and_a_call_for_help_is_acknowledged(
        pipeline, new_conversation, clinics):
    cpf = make_cpf(CPF_BASE + 2)
    conversation = new_conversation("Otávio Reis Sampaio", cpf)
    _, listing = run_turn(pipeline, conversation, "tem ortopedia sexta?")
    assert isinstance(conversation.state, Choosing) and conversation.state.listed == listing.slots
    _, emergency = run_turn(pipeline, conversation, "meu peito tá apertando muito e o braço esquerdo formiga")
    assert emergency.emergency and isinstance(conversation.state, AfterEmergency)
    _, acknowledged = run_turn(pipeline, conversation, "já liguei pro samu")
    assert not acknowledged.emergency and isinstance(conversation.state, AfterEmergency)
    events, _ = run_turn(pipeline, conversation, "quanto custa a consulta?")
    assert conversation.state == Idle(listed=listing.slots) and "book_appointment" not in plan_actions(events)
    assert all_store_bookings(clinics, cpf) == []
