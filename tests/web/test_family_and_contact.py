"""Booking for a dependant, a person when asked, and each clinic's rules, through the real web API and clinics.

A parent books for a child: the clinic holds the child's name and CPF with the parent as booker, nothing
under the parent's own identity; the parent sees it in "my appointments" (a new session, with the code
the page kept) and cancels it. The router refuses a plan that names anyone the parent did not name. A
request for a person gives the clinics' phones; a callback request is stored at the clinic and listed by
the staff tool. A cancel inside a clinic's notice window is refused by its store and explained.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from agent_system.dispatch.router import Router
from agent_system.domain.plan import Step
from agent_system.domain.write_grant import WriteGrant
from agent_system.domain.patient import Dependant, Patient as SessionPatient
from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.registry import DATA_DIR, REGISTRY_PATH, ClinicRegistry
from clinic_servers.launcher import ClinicFleet
from tests.support import PATIENT_TOKEN, STAFF_TOKEN, call_tool, clinic_env, free_port, make_cpf
from tests.web.test_safe_writes import Patient, br, slot_of
from web_app import create_app

CAMILA = "Dra. Camila Rocha"  # clinic_b
MOREIRA = "Dr. Rafael Moreira"  # clinic_e


def rows(var_dir: Path, clinic: str, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{var_dir / f'{clinic}.sqlite3'}?mode=ro", uri=True) as db:
        return db.execute(sql, args).fetchall()


@pytest.fixture
def fleet_var(clinics) -> Path:
    return Path(clinics.env["VAR_DIR"])


def test_a_parent_books_for_a_child_sees_it_and_cancels_it_with_its_code(client, clinics, fleet_var):
    parent_cpf, child_cpf = make_cpf(96101), make_cpf(96102)
    parent = Patient(client, "Carla Mendes Duarte", parent_cpf)
    asked = parent.says("Quero marcar dermatologia pro meu filho")
    assert asked["steps"] == [] and "nome completo e o CPF de seu filho" in asked["answer_event"]["text"]

    listed = parent.says(f"Lucas Mendes Duarte, {child_cpf}")
    assert {s["clinic"] for s in listed["steps"]} == {"clinic_b", "clinic_f"}
    assert all("cpf" not in s["parameters"] for s in listed["steps"])
    assert "Lucas Mendes Duarte" in listed["answer_event"]["text"] and listed["answer_event"]["slots"]

    day, time_ = slot_of(clinics, "clinic_b", CAMILA)
    booked = parent.says(f"Quero agendar com {CAMILA} no dia {br(day)} às {time_}")["answer_event"]
    [item] = [a for a in booked["appointments"] if a["status"] == "confirmed"]
    assert item["patient"] == "Lucas Mendes Duarte" and item["code"] in booked["text"]
    assert "para Lucas Mendes Duarte" in booked["text"]
    # The clinic holds the child's name and CPF, the parent as booker; nothing under the parent's identity.
    assert rows(fleet_var, "clinic_b", "SELECT patient_name, cpf, booked_by_cpf FROM slots WHERE doctor = ? AND "
                "date = ? AND time = ?", CAMILA, day, time_) == [
        ("Lucas Mendes Duarte", normalize_cpf(child_cpf), normalize_cpf(parent_cpf))]
    assert rows(fleet_var, "clinic_b", "SELECT COUNT(*) FROM slots WHERE cpf = ?", normalize_cpf(parent_cpf)) == [(0,)]
    full = json.dumps([parent.says("obrigado")], ensure_ascii=False)
    assert normalize_cpf(child_cpf) not in full and child_cpf not in full

    # A new session of the parent's page, with the code it kept: "my appointments" shows whom it is for.
    later = Patient(client, "Carla Mendes Duarte", parent_cpf, codes=[{"clinic": "clinic_b", "code": item["code"]}])
    mine = later.says("me mostra as consultas que eu marquei")["answer_event"]
    assert [(a["date"], a["time"], a["patient"]) for a in mine["appointments"]] == [(day, time_, "Lucas Mendes Duarte")]
    assert "para Lucas Mendes Duarte" in mine["text"]
    asked_to_confirm = later.says(f"cancelar a consulta com {CAMILA} dia {br(day)} às {time_}")["answer_event"]
    assert asked_to_confirm["confirm"]["action"] == "cancel" and "código" in asked_to_confirm["text"]
    cancelled = later.says(item["code"])["answer_event"]
    assert [a["status"] for a in cancelled["appointments"]] == ["cancelled"]
    assert rows(fleet_var, "clinic_b", "SELECT available, cpf, booked_by_cpf FROM slots WHERE doctor = ? AND "
                "date = ? AND time = ?", CAMILA, day, time_) == [(1, None, None)]


def test_the_router_refuses_a_plan_that_names_a_cpf_nobody_named(clinics, fleet_var):
    holder = SessionPatient(name="Carla Mendes Duarte", cpf=normalize_cpf(make_cpf(96201)),
                            dependants=[Dependant(name="Lucas Mendes Duarte", cpf=normalize_cpf(make_cpf(96202)),
                                                  relation="filho")])
    stranger = normalize_cpf(make_cpf(96203))
    router = Router({"clinic_b": clinics.url("clinic_b")}, PATIENT_TOKEN, 5.0)
    try:
        (day, time_), (day2, time2) = slot_of(clinics, "clinic_b", CAMILA), slot_of(clinics, "clinic_b", CAMILA, 1)
        refused = router.call(Step(step_id=1, clinic="clinic_b", action="book_appointment",
                                   parameters={"doctor": CAMILA, "date": day, "time": time_, "cpf": stranger,
                                               "patient_name": "Outra Pessoa"}), holder, WriteGrant(book=True))
        assert (refused.status, refused.error["code"]) == ("error", "identity_not_allowed")
        assert rows(fleet_var, "clinic_b", "SELECT COUNT(*) FROM slots WHERE cpf = ?", stranger) == [(0,)]
        named = router.call(Step(step_id=2, clinic="clinic_b", action="book_appointment",
                                 parameters={"doctor": CAMILA, "date": day2, "time": time2,
                                             "cpf": holder.dependants[0].cpf}), holder, WriteGrant(book=True))
        assert named.status == "ok", named.error
        assert rows(fleet_var, "clinic_b", "SELECT patient_name, cpf, booked_by_cpf FROM slots WHERE doctor = ? "
                    "AND date = ? AND time = ?", CAMILA, day2, time2) == [
            ("Lucas Mendes Duarte", holder.dependants[0].cpf, holder.cpf)]
        call_tool(clinics.url("clinic_b"), "cancel_appointment", {
            "doctor": CAMILA, "date": day2, "time": time2, "patient_name": holder.name, "cpf": holder.cpf,
            "booking_code": named.data["appointment"]["booking_code"]})
    finally:
        router.close()


def test_a_person_when_asked_and_a_callback_stored_and_listed_for_the_staff(client, clinics, fleet_var):
    cpf = make_cpf(96301)
    patient = Patient(client, "Renata Alves Prado", cpf)
    person = patient.says("quero falar com um atendente")
    assert sorted(s["clinic"] for s in person["steps"]) == sorted(clinics.ports)
    assert {s["action"] for s in person["steps"]} == {"get_clinic_info"}
    assert "(11) 3251-4100" in person["answer_event"]["text"] and "telefone" in person["answer_event"]["text"]

    left = patient.says("Clínica A, me liguem no (11) 98765-4321 sobre o preparo do exame, de manhã")
    assert [(s["clinic"], s["action"]) for s in left["steps"]] == [("clinic_a", "request_callback")]
    [(reference, phone, best)] = rows(fleet_var, "clinic_a", "SELECT reference, phone, best_time FROM callbacks "
                                      "WHERE cpf = ?", normalize_cpf(cpf))
    assert (phone, best) == ("11987654321", "de manha") and reference in left["answer_event"]["text"]
    listed = call_tool(clinics.url("clinic_a"), "list_callbacks", {}, token=STAFF_TOKEN)["structuredContent"]
    [mine] = [c for c in listed["callbacks"] if c["reference"] == reference]
    assert (mine["patient_name"], mine["phone"], mine["status"]) == ("Renata Alves Prado", "11987654321", "open")
    assert mine["cpf_masked"].startswith("***")
    closed = call_tool(clinics.url("clinic_a"), "close_callback", {"reference": reference}, token=STAFF_TOKEN)
    assert closed["structuredContent"]["callback"]["status"] == "closed"


@pytest.fixture
def strict_clinic_e(tmp_path):
    """Clínica E with a 48-hour notice, as its own registry says; the registry file, and the running clinic."""
    raw = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    next(c for c in raw["clinics"] if c["id"] == "clinic_e")["min_notice_hours"] = 48
    shutil.copytree(DATA_DIR, tmp_path / "data")
    path = tmp_path / "registry.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    fleet = ClinicFleet(clinic_env(tmp_path / "var") | {"PATH": os.environ["PATH"], "CLINIC_REGISTRY": str(path)},
                        ports={"clinic_e": free_port()})
    fleet.start("clinic_e")
    try:
        fleet.wait_ready()
        yield ClinicRegistry.load(path), fleet, tmp_path / "var"
    finally:
        fleet.stop()


def test_a_cancel_inside_the_notice_window_is_refused_by_the_store_and_explained(strict_clinic_e, web_settings):
    registry, fleet, var_dir = strict_clinic_e
    agent = replace(web_settings.agent, clinic_urls={**web_settings.agent.clinic_urls, "clinic_e": fleet.url("clinic_e")})
    client = create_app({"SETTINGS": replace(web_settings, agent=agent), "REGISTRY": registry,
                         "TESTING": True}).test_client()
    patient = Patient(client, "Tiago Nunes Barros", make_cpf(96401))
    day, time_ = slot_of(fleet, "clinic_e", MOREIRA)  # Tuesday 08:00: 32 hours from the clinic's now
    booked = patient.says(f"Quero agendar com {MOREIRA} no dia {br(day)} às {time_}")["answer_event"]
    assert [a["status"] for a in booked["appointments"]] == ["confirmed"]
    assert "48 h antes" in booked["text"]
    patient.says(f"cancelar a consulta com {MOREIRA} dia {br(day)} às {time_}")
    refused = patient.says("sim")
    [dispatch] = [e for e in refused["events"] if e["type"] == "dispatch" and e["status"] != "start"]
    assert dispatch["error"]["code"] == "notice_too_short"
    text = refused["answer_event"]["text"]
    assert "48 horas" in text and "(11) 3061-5500" in text and not refused["answer_event"]["appointments"]
    assert rows(var_dir, "clinic_e", "SELECT cpf FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                MOREIRA, day, time_) == [(normalize_cpf(make_cpf(96401)),)]
