"""Safe writes through the real web app and real clinics: only the right patient, asking on purpose,
changes a booking, and always hears about it. Every outcome is checked in the clinics' stores."""
from __future__ import annotations

import json
import sqlite3
import threading
import time
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest
import requests

from tests.agent_system.dialogue.test_write_intent import QUESTIONS
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import all_store_bookings, call_tool, make_cpf, served, store_bookings
from web_app import create_app

WRITES = {"book_appointment", "cancel_appointment", "reschedule_appointment"}
CAMILA = "Dra. Camila Rocha"


class Patient:
    """One browser session, talking to the app in JSON mode."""

    def __init__(self, client, name: str, cpf: str, codes: list[dict] | None = None):
        self.client, self.cpf = client, cpf
        reply = client.post("/api/session", json={"name": name, "cpf": cpf, "booking_codes": codes or []})
        assert reply.status_code == 201, reply.get_json()
        self.session_id = reply.get_json()["session_id"]

    def says(self, message: str) -> dict:
        reply = self.client.post("/api/chat", json={"session_id": self.session_id, "message": message},
                                 headers={"Accept": "application/json"})
        assert reply.status_code == 200, reply.get_json()
        body = reply.get_json()
        body["answer_event"] = next(e for e in body["events"] if e["type"] == "answer")
        body["steps"] = next(e for e in body["events"] if e["type"] == "plan")["steps"]
        return body


def slot_of(clinics, clinic: str, doctor: str, nth: int = 0) -> tuple[str, str]:
    listing = call_tool(clinics.url(clinic), "list_available_slots", {"doctor": doctor})["structuredContent"]
    slot = listing["available_slots"][nth]
    return slot["date"], slot["time"]


def br(day: str) -> str:
    return f"{day[8:]}/{day[5:7]}"


def books(patient: Patient, doctor: str, day: str, time_: str) -> str:
    """The patient books by chat; returns the booking code the answer showed."""
    answer = patient.says(f"Quero agendar com {doctor} no dia {br(day)} às {time_}")["answer_event"]
    booked = [a for a in answer["appointments"] if a["status"] == "confirmed"]
    assert len(booked) == 1 and booked[0]["code"] and booked[0]["code"] in answer["text"], answer
    return booked[0]["code"]


def recorded_name(clinics, clinic: str, cpf: str) -> str | None:
    digits = "".join(c for c in cpf if c.isdigit())
    with sqlite3.connect(f"file:{Path(clinics.env['VAR_DIR']) / f'{clinic}.sqlite3'}?mode=ro", uri=True) as db:
        row = db.execute("SELECT name FROM patients WHERE cpf = ?", (digits,)).fetchone()
    return row[0] if row else None


def every_booking(clinics) -> int:
    total = 0
    for clinic in clinics.ports:
        with sqlite3.connect(f"file:{Path(clinics.env['VAR_DIR']) / f'{clinic}.sqlite3'}?mode=ro", uri=True) as db:
            total += db.execute("SELECT COUNT(*) FROM slots WHERE available = 0").fetchone()[0]
    return total


def test_a_stranger_with_the_victims_cpf_sees_nothing_changes_nothing_and_gets_locked(client, clinics):
    victim_cpf = make_cpf(7001)
    victim = Patient(client, "Luíza Helena Prado", victim_cpf)
    day, time_ = slot_of(clinics, "clinic_b", CAMILA)
    code = books(victim, CAMILA, day, time_)

    stranger = Patient(client, "Marcos Pereira Dias", victim_cpf)
    nobody = Patient(client, "Marcos Pereira Dias", make_cpf(7002))
    for message in ("minhas consultas", f"cancela minha consulta com a {CAMILA} dia {br(day)} às {time_}",
                    f"sim, o código é {code}"):
        seen, unknown = stranger.says(message), nobody.says(message)
        assert seen["answer"] == unknown["answer"]
        assert [e.get("error") for e in seen["events"]] == [e.get("error") for e in unknown["events"]]
        assert seen["answer_event"]["appointments"] == []
    # One failed try so far (the cancel; a lookup without a code checks nothing); then the direct
    # JSON-RPC route, with the right code and the victim's CPF but another name, four times; the sixth
    # try finds that name locked.
    arguments = {"doctor": CAMILA, "date": day, "time": time_, "patient_name": "Marcos Pereira Dias",
                 "cpf": victim_cpf, "booking_code": code}
    for _ in range(4):
        refused = call_tool(clinics.url("clinic_b"), "cancel_appointment", arguments)
        assert refused["structuredContent"]["error"]["code"] == "appointment_not_found"
    sixth = call_tool(clinics.url("clinic_b"), "cancel_appointment", arguments)
    assert sixth["structuredContent"]["error"]["code"] == "locked"
    assert store_bookings(clinics, "clinic_b", victim_cpf) == [("clinic_b", CAMILA, day, time_)]
    assert recorded_name(clinics, "clinic_b", victim_cpf) == "Luíza Helena Prado"


def test_the_real_patient_in_a_new_session_needs_the_code_to_cancel(client, clinics):
    cpf = make_cpf(7003)
    first = Patient(client, "José Antônio Brandão", cpf)
    day, time_ = slot_of(clinics, "clinic_f", "Dr. Eduardo Nunes")
    code = books(first, "Dr. Eduardo Nunes", day, time_)

    # A new session on the same device: the page sends the codes it holds, which open her booking to a listing.
    again = Patient(client, unicodedata.normalize("NFD", "JOSÉ ANTÔNIO  brandão"), cpf,
                    codes=[{"clinic": "clinic_f", "code": code}])
    mine = again.says("tenho consultas marcadas?")["answer_event"]["appointments"]
    assert [(a["doctor"], a["date"], a["time"]) for a in mine] == [("Dr. Eduardo Nunes", day, time_)]
    asked = again.says(f"quero cancelar a consulta com o Dr. Eduardo Nunes dia {br(day)} às {time_}")
    assert asked["steps"] == [] and asked["answer_event"]["confirm"]["action"] == "cancel"
    assert "código" in asked["answer"]
    assert again.says("sim")["steps"] == []  # a yes is not the code
    wrong = "AAAAA3" if code != "AAAAA3" else "AAAAA4"
    refused = again.says(wrong)
    assert [s["action"] for s in refused["steps"]] == ["cancel_appointment"]
    assert store_bookings(clinics, "clinic_f", cpf) == [("clinic_f", "Dr. Eduardo Nunes", day, time_)]
    again.says(f"quero cancelar a consulta com o Dr. Eduardo Nunes dia {br(day)} às {time_}")
    done = again.says(code)
    assert [a["status"] for a in done["answer_event"]["appointments"]] == ["cancelled"]
    assert store_bookings(clinics, "clinic_f", cpf) == []


@pytest.mark.parametrize("language, listing", [("pt", "horários de cardiologia"),
                                               ("en", "show me cardiology slots")])
def test_questions_after_a_listing_never_write(make_app, clinics, language, listing):
    client = make_app(messages_per_minute=1000).test_client()
    cpf = make_cpf(7010 if language == "pt" else 7011)
    patient = Patient(client, "Renata Alves Costa", cpf)
    before = every_booking(clinics)
    assert patient.says(listing)["answer_event"]["slots"]
    for question in QUESTIONS:
        steps = patient.says(question)["steps"]
        assert not {s["action"] for s in steps} & WRITES, (question, steps)
    assert every_booking(clinics) == before and all_store_bookings(clinics, cpf) == []


def test_a_write_is_told_even_when_the_rest_of_the_answer_is_blocked(web_settings, clinics):
    cpf = make_cpf(7020)
    leak = ClinicProxy(clinics.url("clinic_b"), rewrite=lambda result: {
        **result, "outros_pacientes": [{"nome": "Luiza Helena Prado", "cpf": "529.982.247-25"}]})
    agent = replace(web_settings.agent, clinic_urls={**web_settings.agent.clinic_urls, "clinic_b": leak.url})
    client = create_app({"SETTINGS": replace(web_settings, agent=agent), "TESTING": True}).test_client()
    try:
        day, time_ = slot_of(clinics, "clinic_b", CAMILA, nth=1)
        answer = Patient(client, "Paulo Roberto Lima", cpf).says(
            f"Quero agendar com {CAMILA} no dia {br(day)} às {time_}")["answer_event"]
    finally:
        leak.stop()
    assert answer["blocked"] is True and "529.982.247-25" not in answer["text"]
    assert "Consulta confirmada" in answer["text"] and answer["appointments"][0]["code"] in answer["text"]
    assert store_bookings(clinics, "clinic_b", cpf) == [("clinic_b", CAMILA, day, time_)]


def test_a_client_that_leaves_after_dispatch_still_gets_its_booking_saved(web_settings, clinics):
    cpf = make_cpf(7030)
    slow = ClinicProxy(clinics.url("clinic_d"), delay_s=1.0)
    agent = replace(web_settings.agent, clinic_urls={**web_settings.agent.clinic_urls, "clinic_d": slow.url})
    app = create_app({"SETTINGS": replace(web_settings, agent=agent), "TESTING": True})
    try:
        with served(app) as base:
            session_id = requests.post(f"{base}/api/session", json={"name": "Carla Dias Nunes", "cpf": cpf},
                                       timeout=10).json()["session_id"]
            day, time_ = slot_of(clinics, "clinic_d", "Dr. Marcelo Tavares")
            message = f"Quero agendar com Dr. Marcelo Tavares no dia {br(day)} às {time_}"
            with requests.post(f"{base}/api/chat", json={"session_id": session_id, "message": message},
                               stream=True, timeout=10) as stream:
                for line in stream.iter_lines(decode_unicode=True):
                    if line == "event: dispatch":
                        break  # the booking left for the clinic: walk away now
            history = []
            for _ in range(100):
                history = requests.get(f"{base}/api/session", headers={"X-Session-Id": session_id},
                                       timeout=10).json()["history"]
                if history:
                    break
                time.sleep(0.1)
    finally:
        slow.stop()
    assert [t["role"] for t in history] == ["user", "assistant"]
    assert [(a["status"], a["date"], a["time"]) for a in history[1]["appointments"]] == [("confirmed", day, time_)]
    assert store_bookings(clinics, "clinic_d", cpf) == [("clinic_d", "Dr. Marcelo Tavares", day, time_)]
    trail = (web_settings.agent.var_dir / "audit.jsonl").read_text(encoding="utf-8").splitlines()
    assert ["clinic_d", "book_appointment"] in json.loads(trail[-1])["steps"]


def test_a_stop_before_dispatch_writes_nothing(app, clinics):
    cpf = make_cpf(7031)
    client = app.test_client()
    patient = Patient(client, "Carla Dias Nunes", cpf)
    conversation = app.extensions["sessions"].load(patient.session_id)
    day, time_ = slot_of(clinics, "clinic_d", "Dr. Marcelo Tavares")
    stop = threading.Event()
    turn = app.extensions["turns"].events(patient.session_id, conversation,
                                          f"Quero agendar com Dr. Marcelo Tavares no dia {br(day)} às {time_}", stop)
    seen = []
    for event in turn:
        seen.append(event.type)
        if event.type == "plan":
            stop.set()  # the patient pressed Stop while the plan was shown
    assert "dispatch" not in seen and store_bookings(clinics, "clinic_d", cpf) == []
    assert app.extensions["sessions"].history(patient.session_id) == []


def test_a_write_held_past_the_clinics_deadline_is_told_truthfully_and_a_retry_books_once(client, clinics):
    cpf = make_cpf(7040)
    patient = Patient(client, "Helena Costa Ramos", cpf)
    day, time_ = slot_of(clinics, "clinic_e", "Dra. Luciana Freitas")
    message = f"Quero agendar com Dra. Luciana Freitas no dia {br(day)} às {time_}"
    holder = sqlite3.connect(Path(clinics.env["VAR_DIR"]) / "clinic_e.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the file past the clinic's write deadline
    try:
        busy = patient.says(message)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [e["error"]["code"] for e in busy["events"] if e.get("status") == "error"] == ["clinic_busy"]
    assert "nada foi alterado" in busy["answer"] and busy["answer_event"]["appointments"] == []
    assert store_bookings(clinics, "clinic_e", cpf) == []
    assert [a["status"] for a in patient.says(message)["answer_event"]["appointments"]] == ["confirmed"]
    assert store_bookings(clinics, "clinic_e", cpf) == [("clinic_e", "Dra. Luciana Freitas", day, time_)]


class _SlowOnce(ClinicProxy):
    """Answers the first call only after the router gave up (the clinic has committed by then)."""

    def __init__(self, target_url: str, delay_s: float):
        super().__init__(target_url)
        self.first_delay_s, self.keys = delay_s, []

    def forward(self, body: bytes, headers: dict) -> tuple[int, bytes]:
        reply = requests.post(self.target_url, data=body, headers=headers, timeout=30)
        params = json.loads(body).get("params") or {}
        if params.get("name") != "book_appointment":  # the overlap check's lookups pass straight through
            return reply.status_code, reply.content
        self.keys.append(params["arguments"].get("idempotency_key"))
        if len(self.keys) == 1:
            time.sleep(self.first_delay_s)
        return reply.status_code, reply.content


def test_a_write_that_timed_out_is_asked_again_with_its_key_and_never_books_twice(web_settings, clinics):
    cpf = make_cpf(7041)
    slow = _SlowOnce(clinics.url("clinic_e"), delay_s=1.5)
    agent = replace(web_settings.agent, dispatch_timeout_s=1.0,
                    clinic_urls={**web_settings.agent.clinic_urls, "clinic_e": slow.url})
    client = create_app({"SETTINGS": replace(web_settings, agent=agent), "TESTING": True}).test_client()
    try:
        day, time_ = slot_of(clinics, "clinic_e", "Dr. Rafael Moreira")
        answer = Patient(client, "Igor Santos Melo", cpf).says(
            f"Quero agendar com Dr. Rafael Moreira no dia {br(day)} às {time_}")["answer_event"]
    finally:
        slow.stop()
    assert len(slow.keys) == 2 and slow.keys[0] == slow.keys[1] and slow.keys[0]
    assert [a["status"] for a in answer["appointments"]] == ["confirmed"]
    assert store_bookings(clinics, "clinic_e", cpf) == [("clinic_e", "Dr. Rafael Moreira", day, time_)]


def test_knowing_the_cpf_and_the_name_is_not_enough_to_cancel(client, clinics):
    cpf = make_cpf(7050)
    owner = Patient(client, "Maria José da Silva", cpf)
    day, time_ = slot_of(clinics, "clinic_a", "Dr. Ricardo Lopes")
    code = books(owner, "Dr. Ricardo Lopes", day, time_)
    impostor = Patient(client, "MARIA JOSE DA SILVA", cpf)
    # Asking for the very same slot confirms it is hers, but never hands out its code.
    again = impostor.says(f"Quero agendar com Dr. Ricardo Lopes no dia {br(day)} às {time_}")
    assert code not in json.dumps(again)
    impostor.says(f"cancela a consulta com o Dr. Ricardo Lopes dia {br(day)} às {time_}")
    assert impostor.says("sim")["steps"] == []
    assert store_bookings(clinics, "clinic_a", cpf) == [("clinic_a", "Dr. Ricardo Lopes", day, time_)]


@pytest.mark.parametrize("reply", ["Claro que não!", "ok, deixa eu pensar", "Pode me passar o endereço antes?",
                                   "sim?", "okay wait, which one?"])
def test_only_a_clear_yes_confirms(client, clinics, reply):
    cpf = make_cpf(7060 + len(reply))
    patient = Patient(client, "Otávio Lima Rocha", cpf)
    day, time_ = slot_of(clinics, "clinic_c", "Dra. Juliana Castro")
    books(patient, "Dra. Juliana Castro", day, time_)
    assert patient.says("quero cancelar minha consulta")["answer_event"]["confirm"]["action"] == "cancel"
    assert not {s["action"] for s in patient.says(reply)["steps"]} & WRITES
    assert patient.says("sim")["steps"] == []  # the question is over: a late yes changes nothing
    assert store_bookings(clinics, "clinic_c", cpf) == [("clinic_c", "Dra. Juliana Castro", day, time_)]


def test_an_emergency_in_between_ends_the_pending_question(client, clinics):
    cpf = make_cpf(7070)
    patient = Patient(client, "Otávio Lima Rocha", cpf)
    day, time_ = slot_of(clinics, "clinic_c", "Dr. Fernando Mendes")
    books(patient, "Dr. Fernando Mendes", day, time_)
    patient.says("quero cancelar minha consulta")
    assert patient.says("Estou com dor no peito muito forte")["answer_event"]["emergency"] is True
    assert patient.says("ok")["steps"] == []
    assert store_bookings(clinics, "clinic_c", cpf) == [("clinic_c", "Dr. Fernando Mendes", day, time_)]
