"""BookingCode: "qual era o código mesmo?" is answered with the codes of the bookings this chat made or moved, each
with its booking; a chat that made none says so and where the code is found. Nothing is written, no clinic is called,
and no code this chat did not make or move is ever shown.

The conversations run through the web API on the six real clinic processes; the stores are read before and after
each question.
"""
from __future__ import annotations

import re

import pytest

from agent_system.dialogue.handlers import HANDLERS
from agent_system.dialogue.handlers.booking_code import BookingCode
from agent_system.language.registry import language_pack
from agent_system.web.limits import ClientLimits
from agent_system.web.settings import WebSettings
from tests.agent_system.dialogue.handlers.support import applies, planned, planning_turn
from tests.agent_system.dialogue.rules_planner_support import BOOKED, conversation
from tests.support import agent_settings, all_store_bookings, call_tool, make_cpf
from web_app import create_app

ASKED_AGAIN = [
    "qual era o código mesmo?", "me passa o codigo da consulta de novo", "esqueci o código da reserva",
    "qual o cod da minha consulta msm?", "manda o código de novo pfv", "não anotei o código, qual é?",
    "what's my booking code again?", "what was the confirmation number?", "I lost my booking code",
    "can you send me the code again?",
]
# A code typed, a clinic's phone, a request that needs the code: other families' messages.
NOT_ASKED = [
    "meu código é K7M4QP", "qual o número da clínica A?", "what is the area code of Clínica B?",
    "quero cancelar minha consulta", "minhas consultas", "what's the phone number of clinic A?",
]
_CODE = re.compile(r"\b[A-Z0-9]{6}\b")
CPF_BASE = 73_300  # apart from every other test's patients: a CPF keeps the name of its first booking


@pytest.mark.parametrize("message", ASKED_AGAIN)
def test_the_code_asked_again_plans_nothing(planner, message):
    plan = planned(BookingCode(), planner, message, conversation(appointments=[BOOKED]))
    assert (plan.steps, plan.intents) == ([], ["booking_code"])


@pytest.mark.parametrize("message", NOT_ASKED)
def test_other_messages_about_codes_and_numbers_are_left_to_their_families(planner, message):
    assert not applies(BookingCode(), planner, message, conversation(appointments=[BOOKED]))


@pytest.fixture
def client(clinics, registry, tmp_path):
    limits = ClientLimits(sessions_per_ip="100000 per minute", chats_per_ip="100000 per minute", streams_per_ip=1000)
    settings = WebSettings(agent=agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path), limits=limits)
    return create_app({"SETTINGS": settings, "TESTING": True}).test_client()


class Chat:
    """One patient's session through the web API; whatever it booked is cancelled at the end."""

    def __init__(self, client, clinics, name: str, cpf_number: int):
        self.client, self.clinics, self.name, self.cpf = client, clinics, name, make_cpf(cpf_number)
        opened = client.post("/api/session", json={"name": name, "cpf": self.cpf})
        assert opened.status_code == 201, opened.get_json()
        self.session_id = opened.get_json()["session_id"]
        self.codes: dict[tuple[str, str, str, str], str] = {}

    def says(self, message: str) -> tuple[dict, list]:
        """The answer event and the plan's steps."""
        reply = self.client.post("/api/chat", json={"session_id": self.session_id, "message": message},
                                 headers={"Accept": "application/json"})
        assert reply.status_code == 200, reply.get_json()
        events = reply.get_json()["events"]
        plan = next(e for e in events if e["type"] == "plan")
        answer = next(e for e in events if e["type"] == "answer")
        for a in answer["appointments"]:
            key = (a["clinic"], a["doctor"], a["date"], a["time"])
            if a.get("code"):
                self.codes[key] = a["code"]
            elif a["status"] in ("cancelled", "moved"):
                self.codes.pop(key, None)
        return answer, plan["steps"]

    def book(self, clinic: str, message: str, english: bool = False) -> dict:
        """Book a free slot of `clinic`'s first doctor (the last of its listing on a day this chat booked nothing, so
        no overlap is held for a yes): the booking answer's appointment."""
        slot = [s for s in free_slots(self.clinics, clinic) if s["date"] not in {day for *_, day, _ in self.codes}][-1]
        day = slot["date"] if english else f"{slot['date'][8:]}/{slot['date'][5:7]}"
        answer, _ = self.says(message.format(doctor=slot["doctor"], day=day, time=slot["time"]))
        made = [a for a in answer["appointments"] if a["status"] == "confirmed"]
        assert [(a["doctor"], a["date"], a["time"]) for a in made] == [(slot["doctor"], slot["date"], slot["time"])], \
            answer["text"]
        return made[0]

    def asks_for_the_code(self, message: str, waiting: dict | None = None) -> str:
        """The answer to the question, which must write nothing, call no clinic and leave what waits (`waiting`, the
        confirmation asked before) as it was."""
        before = all_store_bookings(self.clinics, self.cpf)
        answer, steps = self.says(message)
        assert (steps, answer["appointments"], answer.get("confirm")) == ([], [], waiting), answer["text"]
        assert all_store_bookings(self.clinics, self.cpf) == before
        return answer["text"]

    def close(self) -> None:
        for (clinic, doctor, day, time_), code in self.codes.items():
            freed = call_tool(self.clinics.url(clinic), "cancel_appointment", {
                "doctor": doctor, "date": day, "time": time_, "patient_name": self.name, "cpf": self.cpf,
                "booking_code": code})
            assert freed["isError"] is False, freed


def free_slots(clinics, clinic: str) -> list[dict]:
    listed = call_tool(clinics.url(clinic), "list_available_slots", {})["structuredContent"]["available_slots"]
    doctor = listed[0]["doctor"]
    return [s for s in listed if s["doctor"] == doctor and s["available"]]


@pytest.fixture
def chat(client, clinics):
    opened: list[Chat] = []

    def start(name: str, cpf_number: int) -> Chat:
        opened.append(Chat(client, clinics, name, cpf_number))
        return opened[-1]
    yield start
    for each in opened:
        each.close()


def described(booking: dict) -> tuple[str, str]:
    """What the answer must show of a booking beside its code: the doctor and the time."""
    return booking["doctor"], booking["time"]


@pytest.mark.parametrize("question", ["qual era o código mesmo?", "me passa o codigo da consulta de novo"])
def test_one_booking_portuguese(chat, question):
    patient = chat("Heloísa Prado Ventura", CPF_BASE + 1)
    booking = patient.book("clinic_a", "quero marcar com {doctor} dia {day} às {time}")
    text = patient.asks_for_the_code(question)
    assert booking["code"] in text and all(part in text for part in described(booking)), text
    assert _CODE.findall(text) == [booking["code"]]


def test_one_booking_english(chat):
    patient = chat("Harold Price Whitman", CPF_BASE + 2)
    booking = patient.book("clinic_b", "please book {doctor} on {day} at {time}", english=True)
    text = patient.asks_for_the_code("what's my booking code again?")
    assert booking["code"] in text and all(part in text for part in described(booking)), text
    assert "booking code" in text.lower() and "código" not in text.lower()


def test_two_bookings_each_code_with_its_booking(chat):
    patient = chat("Vitória Campos Reis", CPF_BASE + 3)
    first = patient.book("clinic_a", "quero marcar com {doctor} dia {day} às {time}")
    second = patient.book("clinic_f", "quero marcar com {doctor} dia {day} às {time}")
    text = patient.asks_for_the_code("what was the confirmation number?")
    lines = text.splitlines()
    for booking in (first, second):
        line = next(line for line in lines if booking["code"] in line)
        assert all(part in line for part in described(booking)), text
    assert sorted(_CODE.findall(text)) == sorted([first["code"], second["code"]])


def test_no_booking_in_this_chat_says_so_and_shows_no_other_sessions_code(chat):
    earlier = chat("Otávio Lins Barreto", CPF_BASE + 4)
    made = earlier.book("clinic_d", "quero marcar com {doctor} dia {day} às {time}")
    later = chat("Otávio Lins Barreto", CPF_BASE + 4)  # the same patient, a new chat that booked nothing
    assert later.cpf == earlier.cpf
    text = later.asks_for_the_code("qual era o código mesmo?")
    assert text.startswith(language_pack("pt").phrases["booking_code_unknown"][:40])
    assert made["code"] not in text and _CODE.findall(text) == []
    english = later.asks_for_the_code("I lost my booking code")
    assert english.startswith(language_pack("en").phrases["booking_code_unknown"][:40])


def test_after_a_reschedule_the_code_is_shown_with_the_new_time(chat, clinics):
    patient = chat("Marina Teles Queiroz", CPF_BASE + 5)
    booking = patient.book("clinic_c", "quero marcar com {doctor} dia {day} às {time}")
    target = next(s for s in free_slots(clinics, "clinic_c")
                  if s["doctor"] == booking["doctor"] and (s["date"], s["time"]) != (booking["date"], booking["time"]))
    answer, _ = patient.says(f"Preciso remarcar para {target['date'][8:]}/{target['date'][5:7]} às {target['time']}")
    assert answer["confirm"]["action"] == "reschedule", answer["text"]
    answer, _ = patient.says("sim")
    assert [a["status"] for a in answer["appointments"]] == ["moved", "rescheduled"], answer["text"]
    text = patient.asks_for_the_code("qual o cod da minha consulta msm?")
    assert booking["code"] in text and target["time"] in text, text
    assert f"{booking['date'][8:]}/{booking['date'][5:7]}" not in text or booking["date"] == target["date"]


def test_after_a_cancel_only_the_booking_left_keeps_its_code(chat):
    patient = chat("Sérgio Amaral Pontes", CPF_BASE + 6)
    kept = patient.book("clinic_b", "quero marcar com {doctor} dia {day} às {time}")
    gone = patient.book("clinic_e", "quero marcar com {doctor} dia {day} às {time}")
    answer, _ = patient.says(f"quero cancelar a consulta com {gone['doctor']}")
    assert answer["confirm"]["action"] == "cancel", answer["text"]
    answer, _ = patient.says("sim")
    assert [a["status"] for a in answer["appointments"]] == ["cancelled"], answer["text"]
    text = patient.asks_for_the_code("manda o código de novo pfv")
    assert kept["code"] in text and gone["code"] not in text and gone["doctor"] not in text, text
    answer, _ = patient.says(f"quero cancelar a consulta com {kept['doctor']}")
    patient.says("sim")
    text = patient.asks_for_the_code("esqueci o código da reserva")
    assert text.startswith(language_pack("pt").phrases["booking_code_unknown"][:40]) and _CODE.findall(text) == []


def test_asked_while_a_cancel_waits_for_a_yes_the_cancel_still_waits(chat):
    patient = chat("Joana Brito Falcão", CPF_BASE + 7)
    booking = patient.book("clinic_d", "quero marcar com {doctor} dia {day} às {time}")
    asked, _ = patient.says("quero cancelar minha consulta")
    assert asked["confirm"]["action"] == "cancel", asked["text"]
    text = patient.asks_for_the_code("qual era o código mesmo?", waiting=asked["confirm"])
    assert booking["code"] in text and asked["text"] in text, text  # the code, and the question asked again
    answer, steps = patient.says("sim")
    assert [a["status"] for a in answer["appointments"]] == ["cancelled"], answer["text"]
    assert all_store_bookings(patient.clinics, patient.cpf) == []


@pytest.mark.parametrize(("message", "first"), [
    ("qual o código da minha consulta?", "BookingCode"),  # the patient's booking named, its code asked: before mine
    ("quero cancelar minha consulta, esqueci o código", "CancelRequest"),  # a cancel uses the code this chat holds
    ("what's my booking code again?", "BookingCode"),
])
def test_its_place_among_the_families(planner, message, first):
    turn = planning_turn(planner, message, conversation(appointments=[BOOKED]))
    assert type(next(h for h in HANDLERS if h.applies(turn))).__name__ == first
