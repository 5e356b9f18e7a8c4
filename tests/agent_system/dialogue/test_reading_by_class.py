"""The reading by class: date windows, spoken times, weekday + day number, the request inventory, words that
are ordinals only in a choice, and follow-ups on the last listing. Today is Monday 2026-11-23."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.domain.dialogue import Idle
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.language.text import normalize
from agent_system.dialogue.rules import RulesPlanner
from agent_system.dialogue.reading.write_intent import is_write_request
from agent_system.sessions.conversation import Conversation, Message
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.date_windows import find_date_window
from agent_system.dialogue.reading.dates import find_dates, weekday_mismatch
from agent_system.dialogue.reading.spoken_days import spell_out_days
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.reading import read
from agent_system.dialogue.reading.vocabulary import DoctorIndex
from clinic_servers.contract.registry import ClinicRegistry

TODAY = date(2026, 11, 23)
D = date.fromisoformat


@pytest.fixture(scope="module")
def planner() -> RulesPlanner:
    return RulesPlanner(ClinicRegistry.load())


def reading(message: str, **state):
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"), **state)
    registry = ClinicRegistry.load()
    return read(message, conversation, TODAY, DoctorIndex(registry), FederationWords(registry))


@pytest.mark.parametrize(("text", "window"), [
    ("vaga ate quinta", (D("2026-11-23"), D("2026-11-26"))),
    ("until Wednesday", (D("2026-11-23"), D("2026-11-25"))),
    ("antes de quarta", (D("2026-11-23"), D("2026-11-24"))),
    ("before the 26th", (D("2026-11-23"), D("2026-11-25"))),
    ("entre o dia 30 e o dia 2", (D("2026-11-30"), D("2026-12-02"))),
    ("between Tuesday and Thursday", (D("2026-11-24"), D("2026-11-26"))),
    ("de 24 a 26", (D("2026-11-24"), D("2026-11-26"))),
    ("from Dec 1 to Dec 4", (D("2026-12-01"), D("2026-12-04"))),
    ("depois do dia 30", (D("2026-12-01"), None)),
    ("after Wednesday", (D("2026-11-26"), None)),
    ("a partir de quinta", (D("2026-11-26"), None)),
    ("starting on the 1st", (D("2026-12-01"), None)),
    # hours, a day after tomorrow, and words that are no window
    ("ate as 11h", None), ("de 9 a 11", None), ("from 8 to 10 am", None), ("depois de amanha", None),
    ("de manha", None), ("quero marcar dia 25 as 10h", None),
])
def test_date_windows(text, window):
    found = find_date_window(normalize(text), TODAY)
    assert (found and (found.start, found.end)) == window or (found is None and window is None)


@pytest.mark.parametrize(("text", "times"), [
    ("às três e meia da tarde", ["15:30"]), ("as onze", ["11:00"]), ("a uma da tarde", ["13:00"]),
    ("at nine in the morning", ["09:00"]), ("quarter past ten", ["10:15"]), ("at four o'clock", ["16:00"]),
    ("9.30am", ["09:30"]), ("15h45min", ["15:45"]), ("o das 11", ["11:00"]), ("at 3:30", ["15:30"]),
    ("às 08:30", ["08:30"]), ("at eleven thirty", ["11:30"]), ("as tres e quinze", ["15:15"]),
    ("as quinze pras tres", ["14:45"]), ("dez para as 4", ["15:50"]), ("at a quarter to three", ["14:45"]),
    ("ao meio-dia", ["12:00"]), ("at noon", ["12:00"]), ("as dezesseis horas", ["16:00"]),
    ("at half ten", ["10:30"]), ("half an hour", []),
    ("às quatorze horas", ["14:00"]),
    # number words that are not times
    ("quero marcar as duas consultas", []), ("uma vaga", []), ("one of the doctors", []),
])
def test_spoken_and_loose_times(text, times):
    assert find_times(normalize(text)) == times


@pytest.mark.parametrize(("text", "day"), [
    ("quarta 2", "2026-12-02"), ("sexta, dia 4", "2026-12-04"), ("Thursday the 3rd", "2026-12-03"),
    ("fri 27th", "2026-11-27"), ("segunda-feira 30", "2026-11-30"),
    ("sexta dia quatro", "2026-12-04"), ("Friday the twenty-seventh", "2026-11-27"),
    ("na segunda trinta", "2026-11-30"), ("sexta quatro, perto do meio dia", "2026-12-04"),
    ("quarta vinte e cinco as onze", "2026-11-25"),
])
def test_a_weekday_with_a_day_number_is_that_date(text, day):
    dated = spell_out_days(normalize(text))
    assert find_dates(dated, TODAY) == [D(day)] and weekday_mismatch(dated, TODAY) is None


@pytest.mark.parametrize(("text", "day", "time"), [
    ("sexta quatro e meia", "2026-11-27", "16:30"), ("quinta dez horas", "2026-11-26", "10:00"),
    ("terça uma da tarde", "2026-11-24", "13:00"),
])
def test_a_number_word_after_a_weekday_that_is_an_hour_stays_an_hour(text, day, time):
    dated = spell_out_days(normalize(text))
    assert find_dates(dated, TODAY) == [D(day)] and find_times(dated) == [time]


@pytest.mark.parametrize(("text", "said", "named"), [
    ("marca na terça dia 2 as 9h", "2026-12-02", "2026-12-01"), ("quinta 9", "2026-12-09", "2026-12-10"),
    ("Thursday December 4 at 10 AM", "2026-12-04", "2026-12-03"), ("sexta dia tres", "2026-12-03", "2026-12-04"),
    ("Monday the first at 3 PM", "2026-12-01", "2026-11-30"), ("quarta, 03/12", "2026-12-03", "2026-12-02"),
    ("sexta-feira dia primeiro", "2026-12-01", "2026-12-04"), ("Friday the 1st", "2026-12-01", "2026-12-04"),
])
def test_a_weekday_and_a_date_that_disagree_choose_no_day(text, said, named):
    dated = spell_out_days(normalize(text))
    assert weekday_mismatch(dated, TODAY) == (D(said), D(named))
    assert all(day.isoformat() != named for day in find_dates(dated, TODAY))


@pytest.mark.parametrize(("text", "day"), [
    ("dia tres de dezembro", "2026-12-03"), ("no dia vinte e sete", "2026-11-27"), ("dia primeiro de dezembro",
    "2026-12-01"), ("December second", "2026-12-02"), ("the fourth of December", "2026-12-04"),
    ("on the third of December", "2026-12-03"), ("dia trinta", "2026-11-30"),
    ("twenty-sixth of November, 4 o'clock", "2026-11-26"),
])
def test_days_of_the_month_in_words(text, day):
    assert find_dates(spell_out_days(normalize(text)), TODAY) == [D(day)]


@pytest.mark.parametrize("text", ["o primeiro", "the second one", "uma consulta", "a segunda opção", "go to the second",
                                  "the second and the third"])
def test_ordinals_and_counts_are_no_days(text):
    assert spell_out_days(normalize(text)) == normalize(text)


@pytest.mark.parametrize(("text", "first", "last"), [
    ("derm slots from the twenty-fifth to the twenty-seventh", "2026-11-25", "2026-11-27"),
    ("anything between the first and the third of December?", "2026-12-01", "2026-12-03"),
    ("entre o dia vinte e cinco e o dia vinte e sete", "2026-11-25", "2026-11-27"),
])
def test_windows_with_days_in_words(text, first, last):
    found = find_date_window(spell_out_days(normalize(text)), TODAY)
    assert (found.start, found.end) == (D(first), D(last))


@pytest.mark.parametrize(("message", "field"), [
    ("desmarca minha consulta por favor", "wants_cancel"), ("nao consigo mais comparecer", "wants_cancel"),
    ("I won't make it, call it off", "wants_cancel"), ("ditch my appointment", "wants_cancel"),
    ("tira meu nome da lista", "wants_cancel"),
    ("reagenda pra mim", "wants_reschedule"), ("bring it forward a bit", "wants_reschedule"),
    ("change my booking please", "wants_reschedule"),
    ("quando é a minha consulta?", "wants_mine"), ("o que eu agendei?", "wants_mine"),
    ("have I got anything booked?", "wants_mine"), ("what appointments have I got?", "wants_mine"),
    ("onde é minha consulta?", "wants_mine"), ("what day is my dermatology thing again?", "wants_mine"),
    ("qnd é minha proxima consulta?", "wants_mine"), ("a minha do cardiologista é q dia msm?", "wants_mine"),
    ("n vou poder na quarta, pode ser sexta?", "cant_make_it"), ("I can't do Friday", "cant_make_it"),
    ("mesmo dia e horario", "same_time"),
])
def test_the_request_inventory(message, field):
    assert getattr(reading(message), field)


@pytest.mark.parametrize("message", ["me passa os horarios de sexta", "passa pra mim a lista", "marcar consulta"])
def test_words_of_moving_without_a_new_day_or_time_are_not_a_move(message):
    found = reading(message)
    assert not (found.moves_to or found.wants_reschedule or found.wants_cancel)


@pytest.mark.parametrize(("message", "ordinal"), [
    ("how long does it last", None), ("last week I had a rash, any derm slots?", None),
    ("quanto tempo dura a ultima?", None), ("what's free first thing tomorrow?", None),
    ("book the last one", -1), ("o ultimo pra mim", -1), ("the last slot, please", -1),
    ("Friday the 4th at 10", None), ("the 2nd one", 1),
])
def test_word_ordinals_count_only_in_a_choice(message, ordinal):
    assert reading(message).ordinal == ordinal


FERNANDO_DAY = [SlotOffer(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-11-24", time=t)
                for t in ("09:00", "14:00")]
DERMA_LISTING = [SlotOffer(clinic=c, doctor=d, date="2026-11-30", time="09:00") for c, d in (
    ("clinic_b", "Dra. Camila Rocha"), ("clinic_b", "Dr. Paulo Henrique Lima"), ("clinic_f", "Dra. Mariana Alves"),
    ("clinic_f", "Dr. Eduardo Nunes"))]


def steps_of(plan):
    return [(s.clinic, s.action, s.parameters) for s in plan.steps]


def state(last_slots=(), said=(), appointments=()):
    recent = [Message(role="user", text=text) for text in said]
    return Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"), state=Idle(listed=list(last_slots)),
                        recent=recent, appointments=list(appointments))


def test_a_go_ahead_books_the_slot_the_previous_question_named(planner):
    plan = planner.decompose("pode marcar entao", state(FERNANDO_DAY, ["o dr fernando tem 14h dia 24?"]), TODAY)
    assert steps_of(plan) == [("clinic_c", "book_appointment",
                               {"doctor": "Dr. Fernando Mendes", "date": "2026-11-24", "time": "14:00"})]


def test_a_part_of_the_day_picks_the_one_listed_slot_in_it(planner):
    plan = planner.decompose("I'll take the afternoon one", state(FERNANDO_DAY), TODAY)
    assert steps_of(plan) == [("clinic_c", "book_appointment",
                               {"doctor": "Dr. Fernando Mendes", "date": "2026-11-24", "time": "14:00"})]


def test_the_other_doctor_is_the_one_of_that_specialty_not_listed(planner):
    listed = [SlotOffer(clinic="clinic_d", doctor="Dr. Marcelo Tavares", date="2026-11-30", time="08:00")]
    plan = planner.decompose("e o outro médico?", state(listed, ["horarios do dr marcelo dia 30"]), TODAY)
    assert steps_of(plan) == [("clinic_e", "list_available_slots", {"doctor": "Dr. Rafael Moreira", "date": "2026-11-30"})]


def test_a_doctor_without_a_name_asks_which_of_those_listed(planner):
    plan = planner.decompose("marca com a medica", state(DERMA_LISTING), TODAY)
    assert steps_of(plan) == [] and [d.doctor for d in plan.clarification.doctors] == [
        "Dra. Camila Rocha", "Dra. Mariana Alves"]


def test_a_move_to_a_new_time_with_a_booking_known_is_a_reschedule_never_a_booking(planner):
    booked = AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-11-24", time="09:00",
                             status="confirmed", code="K7M4QP")
    plan = planner.decompose("joga pras 14h", state(FERNANDO_DAY, appointments=[booked]), TODAY)
    assert steps_of(plan) == [] and plan.awaiting.new_time == "14:00"


def test_a_move_word_without_a_booking_is_a_listing_follow_up(planner):
    plan = planner.decompose("passa pro dia 27?", state(FERNANDO_DAY, ["horarios do dr fernando dia 24"]), TODAY)
    assert all(s.action == "list_available_slots" for s in plan.steps) and plan.steps


NAMES = DoctorIndex(ClinicRegistry.load()).name_words


@pytest.mark.parametrize("message", [
    "me marca com o dr lopes dia 30 as 8h", "Me reserva a Dra. Gomes sexta 4 às 9h", "desmarque a de sexta",
    "me encaixa com a dra castro segunda 30 as 13h30", "garante o das 10h pra mim", "veja se consegue marcar o das 9h",
    "quero o da manhã", "the morning one, please", "yes, the 9 AM", "that option works for me",
    "Cardiologia com a Dra. Souza dia 1 às 8h30, pode ser?",
    # leave asked for a whole slot: the doctor, the day and the time
    "posso marcar com a dra castro dia 03/12 as 8h?", "Could I get in with Dr. Lopes on November 30 at 2 PM?",
    "seria possivel marcar com a dra alves dia 1/12 as 14h?", "is it possible to see Dra. Freitas on December 2 at 10:30 AM?",
    "I'd like an appointment with Dra. Gomes, December 4, 10 AM", "quero o de quinta dia vinte e seis as tres da tarde",
    "me ve um horario com a dra rocha segunda dia 30 as onze", "Dr. Mendes, Dec 4, 10am please",
    "consegue um horario pra mim com o dr lopes dia 30 as 10h30?",
])
def test_requests_by_construction(message):
    assert is_write_request(message, NAMES)


@pytest.mark.parametrize("message", [
    "Dr. Lopes works on Mondays", "does the morning one work?", "ve se tem vaga amanha", "me passa o endereço",
    "Dr. Lopes amanhã às 10h, pode ser que eu atrase?", "não quero o da manhã",
    # asking whether, without the whole slot; or whether a slot is free
    "posso marcar amanha?", "da pra marcar de manha?", "tem como marcar sem convenio?", "can I book for tomorrow?",
    "a dra souza tem horario livre dia 26 as 16h?", "is Dr. Mendes free on December 1 at 2 PM?",
    "consegue um horario amanha?", "me ve um horario",
])
def test_not_requests(message):
    assert not is_write_request(message, NAMES)


def _codes_of_every_shape() -> list[str]:
    """Codes with letters and digits in every arrangement, cycling through the whole alphabet of each."""
    from itertools import cycle, product
    from clinic_servers.contract.booking_codes import DIGITS, LETTERS, LENGTH
    letters, digits, codes = cycle(LETTERS), cycle(DIGITS), []
    for shape in product("LD", repeat=LENGTH):
        if len(set(shape)) == 2:
            codes += ["".join(next(letters if kind == "L" else digits) for kind in shape) for _ in range(3)]
    return codes


@pytest.mark.parametrize("code", _codes_of_every_shape())
def test_a_typed_code_reads_as_a_code_and_nothing_else(code):
    # "PJG963" has the shape of a patient id ("CARD-001"): read as one, the owner's own code was refused.
    for message in (code, f"meu código é {code.lower()}", f"my code is {code[:3]}-{code[3:]}"):
        r = reading(message)
        assert r.booking_code == code and r.confirmation == "yes"
        assert not (r.wants_privacy or r.injection or r.dates or r.times or r.doctors or r.specialties or r.clinics)


@pytest.mark.parametrize(("message", "part"), [
    ("tem ortopedia quinta depois do meio-dia?", "afternoon"),
    ("derma sexta a partir do meio dia", "afternoon"),
    ("cardio on Tuesday after noon please", "afternoon"),
    ("anything in dermatology before noon on Thursday?", "morning"),
    ("queria cardio quarta antes do meio-dia", "morning"),
])
def test_a_part_of_the_day_bounded_by_noon_is_no_slot_at_noon(message, part):
    read_ = reading(message)
    assert read_.day_part == part and read_.times == []


def test_noon_itself_is_still_a_time():
    assert reading("marca dermato sexta ao meio-dia").times != []


@pytest.mark.parametrize("message", ["who am I seeing on Thursday?", "which doctor will I be seeing?",
                                     "com qual medico eu vou consultar mesmo?", "qual doutora eu marquei mesmo?"])
def test_the_doctor_of_ones_own_booking_asked_by_context_reads_the_bookings(message):
    assert reading(message).wants_mine


@pytest.mark.parametrize("message", ["which doctor sees children?", "qual medico atende joelho?"])
def test_which_doctor_treats_what_is_no_question_about_ones_bookings(message):
    assert not reading(message).wants_mine
