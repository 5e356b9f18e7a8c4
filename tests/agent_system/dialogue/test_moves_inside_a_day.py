"""A change to a position inside a day, relative to the booking ("o último que tiver nesse dia", "her earliest slot
that same morning", "o primeiro da sexta", "the last one of the day after"), and to a date said in words ("passa pro
dia dois", "move it to the third of December"): the move waits for a yes and lands on a slot the clinic really has
free (checked in the stores); "qual o primeiro horário livre?" stays a question about the soonest slot."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.dialogue.reading.relative_change import relative_change
from agent_system.language.text import normalize
from clinic_servers.contract.cpf import normalize_cpf
from agent_system.domain.plan import part_of_day
from tests.support import CLINIC_TODAY, all_store_bookings, call_tool, give_back, make_cpf, moved_with_a_yes, run_turn

TODAY = date.fromisoformat(CLINIC_TODAY)


@pytest.mark.parametrize(("text", "position"), [
    ("passa pro ultimo horario dela nesse dia", "last"), ("o ultimo q tiver no msm dia", "last"),
    ("me coloca no primeiro horario da manha", "first"), ("pode ser o primeiro da sexta?", "first"),
    ("switch me to her earliest slot that same morning", "first"), ("the last one he has that day, please", "last"),
    ("his latest opening of the day works", "last"), ("muda pro primeiro horario desse dia", "first"),
    ("troca pro ultimo horario daquela tarde", "last"), ("move me to the first slot on that day", "first"),
    ("qual o primeiro horario livre?", None), ("o ultimo horario livre depois desse", None),
    ("quero o primeiro", None), ("the last one", None),
])
def test_a_position_inside_a_day_is_read_only_when_tied_to_a_day(text, position):
    assert relative_change(normalize(text), TODAY).day_position == position


def _free(clinics, clinic: str, doctor: str, day: str, part: str | None) -> list[str]:
    """The doctor's free times that day as the clinic lists them now (other tests may hold some), in a part of it."""
    listed = call_tool(clinics.url(clinic), "list_available_slots", {"doctor": doctor, "date": day})
    times = [s["time"] for s in listed["structuredContent"]["available_slots"] if s["available"]]
    return sorted(t for t in times if part is None or part_of_day(t) == part)


# The new slot: the first or last free one of the day (in a part of it), or a time said in words.
@pytest.mark.parametrize(("booking", "change", "yes", "where", "new"), [
    ("Quero marcar com o Dr. Marcelo Tavares dia 30/11 às 9h30", "tem como passar pro último horário dele nesse dia?",
     "pode sim", ("clinic_d", "Dr. Marcelo Tavares", "2026-11-30", None), "last"),
    ("marca c o dr eduardo quinta 3/12 as 11h30", "joga pro primeiro horario da manha dele no msm dia", "fechou",
     ("clinic_f", "Dr. Eduardo Nunes", "2026-12-03", "morning"), "first"),
    ("Book Dr. Eduardo Nunes on December 2 at 1 PM", "can you switch me to his last slot that same afternoon?", "yes",
     ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "afternoon"), "last"),
    ("Patrícia Gomes on Dec 1st at 3pm, reserve it for me", "switch it to her first opening on Friday the 4th",
     "ok go ahead", ("clinic_d", "Dra. Patrícia Gomes", "2026-12-04", None), "first"),
    ("Quero marcar com a Dra. Camila Rocha dia 26/11 às 14h", "dá pra passar pro dia três, mesmo horário?", "sim",
     ("clinic_b", "Dra. Camila Rocha", "2026-12-03", None), "14:00"),
    ("Book Dr. Ricardo Lopes on November 30 at 9 AM", "could you push it to the second of December at 10:30?", "yes",
     ("clinic_a", "Dr. Ricardo Lopes", "2026-12-02", None), "10:30"),
    ("marca c o dr fernando terca dia 1 as 10h", "passa pro dia quatro as oito", "pode passar",
     ("clinic_c", "Dr. Fernando Mendes", "2026-12-04", None), "08:00"),
])
def test_the_move_waits_for_a_yes_and_lands_on_a_free_slot(pipeline, new_conversation, clinics, booking, change, yes,
                                                           where, new):
    conversation = new_conversation("Otávio Brandão Leite", normalize_cpf(make_cpf(99640 + len(change))))
    clinic, doctor, day, part = where
    try:
        run_turn(pipeline, conversation, booking)
        free = _free(clinics, clinic, doctor, day, part)
        time = {"first": free[0], "last": free[-1]}.get(new, new) if free else new
        asked, before, after = moved_with_a_yes(pipeline, clinics, conversation, [], change, yes)
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert len(before) == 1 and before != [(clinic, doctor, day, time)]
        assert after == [(clinic, doctor, day, time)]
    finally:
        give_back(clinics, conversation)


def test_the_first_of_the_day_skips_a_slot_someone_else_holds(pipeline, new_conversation, clinics):
    other = new_conversation("Rui Campos Neto", normalize_cpf(make_cpf(99693)))
    conversation = new_conversation("Otávio Brandão Leite", normalize_cpf(make_cpf(99694)))
    free = _free(clinics, "clinic_e", "Dr. Rafael Moreira", "2026-12-03", None)
    assert len(free) >= 3, free  # the doctor works Thursdays 10:00, 11:30 and 16:00
    try:
        run_turn(pipeline, other, f"Quero marcar com o Dr. Rafael Moreira dia 03/12 às {free[0]}")
        run_turn(pipeline, conversation, f"Quero marcar com o Dr. Rafael Moreira dia 03/12 às {free[-1]}")
        assert all_store_bookings(clinics, other.patient.cpf) == [("clinic_e", "Dr. Rafael Moreira", "2026-12-03", free[0])]
        asked, _, after = moved_with_a_yes(pipeline, clinics, conversation, [],
                                 "consegue me passar pro primeiro horário dele nesse dia?", "sim")
        assert asked.confirm is not None
        assert after == [("clinic_e", "Dr. Rafael Moreira", "2026-12-03", free[1])]
    finally:
        give_back(clinics, other)
        give_back(clinics, conversation)
