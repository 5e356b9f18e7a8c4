"""Understanding, end to end on the six real clinics: a move asked as a question never books twice, and a
message about appointments that cannot be acted on gets a question with options, never the refusal."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.registry import language_pack
from tests.support import all_store_bookings, call_tool, give_back, make_cpf, page_codes, run_turn

OUT_OF_SCOPE_OPENINGS = tuple(language_pack(code).phrases["out_of_scope"][:30] for code in ("pt", "en"))
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def steps(events):
    plan = next(e for e in events if e.type == "plan")
    return [(s["clinic"], s["action"]) for s in plan.steps]


def free_pair(clinics, clinic: str, doctor: str, same_day: bool) -> tuple[tuple, tuple]:
    """Two free slots of a doctor (on one day, or on two days): other tests share the clinics, so ask them."""
    result = call_tool(clinics.url(clinic), "list_available_slots", {"doctor": doctor})
    free = [(clinic, s["doctor"], s["date"], s["time"]) for s in result["structuredContent"]["available_slots"]]
    if same_day:
        day = next(d for d in dict.fromkeys(s[2] for s in free) if sum(s[2] == d for s in free) >= 2)
        on_day = [s for s in free if s[2] == day]
        return on_day[0], on_day[-1]
    return free[0], next(s for s in reversed(free) if s[2] != free[0][2])


def pt_time(time: str) -> str:
    hour, minute = time.split(":")
    return f"{int(hour)}h{'' if minute == '00' else minute}"


def en_time(time: str) -> str:
    hour, minute = int(time[:2]), time[3:]
    return f"{hour % 12 or 12}{'' if minute == '00' else ':' + minute} {'am' if hour < 12 else 'pm'}"


def words(slot: tuple) -> dict[str, str]:
    """How the patient writes the slot: day number, weekday, ordinal day, PT and EN times."""
    day = date.fromisoformat(slot[2])
    return {"day": str(day.day), "weekday": f"{day:%A}", "nth": f"{day.day}{_SUFFIX.get(day.day, 'th')}",
            "pt": pt_time(slot[3]), "en": en_time(slot[3])}


# The clinics are shared by the whole test session: these patients' CPFs are used nowhere else.
CPF_BASE = 60_000


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


def patient(new_conversation, n: int):
    return new_conversation("Beatriz Nogueira Prado", digits(n))


def book_first(pipeline, conversation, slot: tuple) -> None:
    run_turn(pipeline, conversation, f"Marca com {slot[1]} dia {slot[2][8:]}/{slot[2][5:7]} às {pt_time(slot[3])}")


@pytest.mark.parametrize(("n", "clinic", "doctor", "same_day", "listing", "question", "yes"), [
    (301, "clinic_f", "Dr. Eduardo Nunes", True, "", "consegue passar pras {pt}?", "sim"),
    (302, "clinic_e", "Dra. Luciana Freitas", False, "", "e se eu trocar pro dia {day} às {pt}, pode?", "pode sim"),
    (303, "clinic_b", "Dr. Paulo Henrique Lima", True, "", "can you shift it to {en}?", "yes"),
    (304, "clinic_c", "Dra. Juliana Castro", False, "", "would {weekday} the {nth} at {en} work instead?", "yes please"),
    # A listing of the same doctor in between: "muda pra …?" must not read as a pick from it.
    (305, "clinic_d", "Dr. Marcelo Tavares", True, "horários do {doctor}", "muda pra {pt}?", "sim"),
    (306, "clinic_a", "Dra. Ana Beatriz Souza", False, "What does {doctor} have?", "could we make it {en} on the {nth}?",
     "yes"),
])
def test_a_move_asked_as_a_question_never_books_a_second_slot(pipeline, clinics, new_conversation, n, clinic, doctor,
                                                               same_day, listing, question, yes):
    conversation, cpf = patient(new_conversation, n), digits(n)
    original, target = free_pair(clinics, clinic, doctor, same_day)
    book_first(pipeline, conversation, original)
    assert all_store_bookings(clinics, cpf) == [original]
    if listing:
        run_turn(pipeline, conversation, listing.format(doctor=doctor))

    events, answer = run_turn(pipeline, conversation, question.format(**words(target)))
    assert steps(events) == [], answer.text
    assert answer.confirm is not None and answer.confirm.action == "reschedule", answer.text
    assert (answer.confirm.new.date, answer.confirm.new.time) == target[2:]
    assert all_store_bookings(clinics, cpf) == [original]

    events, _ = run_turn(pipeline, conversation, yes)
    assert steps(events) == [(clinic, "reschedule_appointment")]
    assert all_store_bookings(clinics, cpf) == [target]


@pytest.mark.parametrize(("n", "earlier", "message", "options"), [
    (311, [], "preciso resolver umas coisas da consulta", ["Cardiologia", "Dermatologia", "Ortopedia"]),
    (312, [], "about my visit to the doctor", ["Cardiology", "Dermatology", "Orthopedics"]),
    (313, ["Quais horários tem pra ortopedia?"], "prefiro com o doutor", ["Dr. Marcelo Tavares", "Dr. Rafael Moreira"]),
    (314, ["horarios de dermatologia"], "com a doutora entao", ["Dra. Camila Rocha", "Dra. Mariana Alves"]),
])
def test_an_unclear_message_about_appointments_gets_a_question_with_options(pipeline, new_conversation,
                                                                            n, earlier, message, options):
    conversation = patient(new_conversation, n)
    for turn in earlier:
        run_turn(pipeline, conversation, turn)
    events, answer = run_turn(pipeline, conversation, message)
    assert steps(events) == [] and "?" in answer.text, answer.text
    assert all(option in answer.text for option in options), answer.text
    assert not answer.text.startswith(OUT_OF_SCOPE_OPENINGS), answer.text


def test_an_unclear_message_about_a_booking_offers_the_patient_s_bookings(pipeline, clinics, new_conversation):
    conversation = patient(new_conversation, 315)
    first, _ = free_pair(clinics, "clinic_f", "Dra. Mariana Alves", False)
    second, _ = free_pair(clinics, "clinic_d", "Dra. Patrícia Gomes", False)
    book_first(pipeline, conversation, first)
    book_first(pipeline, conversation, second)
    events, answer = run_turn(pipeline, conversation, "sobre aquela consulta")
    assert steps(events) == [] and "?" in answer.text, answer.text
    assert "Dra. Mariana Alves" in answer.text and "Dra. Patrícia Gomes" in answer.text, answer.text


@pytest.mark.parametrize("message", ["qual o melhor time do brasileirão?", "write me a haiku about autumn"])
def test_a_message_not_about_appointments_gets_the_scope_and_what_can_be_done(pipeline, new_conversation, message):
    events, answer = run_turn(pipeline, patient(new_conversation, 320), message)
    assert steps(events) == [] and answer.text.startswith(OUT_OF_SCOPE_OPENINGS), answer.text


@pytest.mark.parametrize(("n", "request_text", "language"), [
    (321, "quero remarcar a consulta com a {short} pra {weekday_pt} as {pt}", "pt"),
    (322, "I need to move my appointment with {short} to {weekday} at {en}", "en"),
    (323, "quero cancelar minha consulta com a {short}", "pt"),
])
def test_a_change_asked_in_a_new_session_finds_the_one_booking_with_the_doctor_named(
        pipeline, clinics, new_conversation, n, request_text, language):
    """The bookings are looked up first; the doctor named in the request still picks the one meant."""
    from agent_system.sessions.conversation import Conversation
    conversation = patient(new_conversation, n)
    camila, later = free_pair(clinics, "clinic_b", "Dra. Camila Rocha", False)
    other, _ = free_pair(clinics, "clinic_d", "Dra. Patrícia Gomes", False)
    book_first(pipeline, conversation, camila)
    book_first(pipeline, conversation, other)
    # A new session on the same device: nothing known but who is asking and the codes the page holds.
    fresh = Conversation(patient=conversation.patient.model_copy(update={"codes": page_codes(conversation)}))
    weekdays_pt = ["segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"]
    slot_words = words(later)
    text = request_text.format(short="Dra. Camila", weekday_pt=weekdays_pt[date.fromisoformat(later[2]).weekday()],
                               **slot_words)
    events, answer = run_turn(pipeline, fresh, text)
    if answer.confirm is None:  # the bookings were looked up in this turn: the next one answers from them
        events, answer = run_turn(pipeline, fresh, "sim" if language == "pt" else "yes")
    assert answer.confirm is not None, answer.text
    assert "Dra. Patrícia Gomes" not in answer.text, answer.text
    assert "Dra. Camila Rocha" in answer.text, answer.text
    stored = {(c, d, day, t) for c, d, day, t, *_ in all_store_bookings(clinics, conversation.patient.cpf)}
    assert {camila[:4], other[:4]} <= stored  # asking to confirm changed nothing yet
    give_back(clinics, conversation)
