"""A stranger holding a patient's exact name and CPF, attacking through the real web API and real clinics.

Each test is one attack class of issue 26: what the refusals say (no clinic named, the same words
whether the name is bound elsewhere or locked, no clinic text in the events), how fast a stranger may
keep failing, and whether the owner is ever locked out by it.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from clinic_servers.launcher import start_fleet
from tests.support import call_tool, clinic_env, free_port, make_cpf, store_bookings
from tests.web.conftest import ROOMY_LIMITS
from tests.web.test_safe_writes import br, books, slot_of

CAMILA, PAULO = "Dra. Camila Rocha", "Dr. Paulo Henrique Lima"
OWNER, STRANGER = "Luíza Helena Prado", "Marcos Pereira Dias"
HOME, ELSEWHERE = {"REMOTE_ADDR": "127.0.0.1"}, {"REMOTE_ADDR": "10.0.0.7"}


@pytest.fixture(scope="module")
def clinics(registry, tmp_path_factory):
    """A fleet of its own: these attacks book and fail more than the shared fleet's schedules can spare."""
    var_dir = tmp_path_factory.mktemp("attacked-fleet")
    fleet = start_fleet(registry, clinic_env(var_dir), var_dir, ports={c.id: free_port() for c in registry.clinics})
    yield fleet
    fleet.stop()


class Browser:
    """One session opened from one client address, talking to the app in JSON mode."""

    def __init__(self, client, name: str, cpf: str, address: dict = HOME):
        self.client, self.address = client, address
        reply = client.post("/api/session", json={"name": name, "cpf": cpf}, environ_base=address)
        assert reply.status_code == 201, reply.get_json()
        self.session_id = reply.get_json()["session_id"]

    def send(self, message: str):
        return self.client.post("/api/chat", json={"session_id": self.session_id, "message": message},
                                headers={"Accept": "application/json"}, environ_base=self.address)

    def says(self, message: str) -> dict:
        reply = self.send(message)
        assert reply.status_code == 200, reply.get_json()
        body = reply.get_json()
        body["answer_event"] = next(e for e in body["events"] if e["type"] == "answer")
        body["refusals"] = [e["error"] for e in body["events"] if e["type"] == "dispatch" and e.get("error")]
        return body


def booking_request(clinics, doctor: str, nth: int) -> str:
    day, time_ = slot_of(clinics, "clinic_b", doctor, nth)
    return f"Quero agendar com {doctor} no dia {br(day)} às {time_}"


def lock_at_the_clinic(clinics, cpf: str, name: str) -> None:
    """The stranger's name fails five times straight at clinic B's JSON-RPC (a wrong name, a made-up code)."""
    day, time_ = slot_of(clinics, "clinic_b", CAMILA)
    for _ in range(5):
        refused = call_tool(clinics.url("clinic_b"), "cancel_appointment", {
            "doctor": CAMILA, "date": day, "time": time_, "patient_name": name, "cpf": cpf, "booking_code": "AAAAA3"})
        assert refused["isError"] is True


def test_a_refused_booking_names_no_clinic_and_reads_the_same_when_the_name_is_locked(client, clinics, registry):
    victim = make_cpf(9101)
    books(Browser(client, OWNER, victim), CAMILA, *slot_of(clinics, "clinic_b", CAMILA))
    mismatch = Browser(client, STRANGER, victim).says(booking_request(clinics, PAULO, 0))
    lock_at_the_clinic(clinics, victim, STRANGER)
    locked = Browser(client, STRANGER, victim).says(booking_request(clinics, PAULO, 0))

    assert mismatch["answer"] == locked["answer"] and mismatch["refusals"] == locked["refusals"]
    assert [r["code"] for r in mismatch["refusals"]] == ["identity_mismatch"]
    for clinic in registry.clinics:
        assert clinic.name not in mismatch["answer"] and clinic.id not in mismatch["answer"]
    # The clinic's own sentences ("nesta clínica", "bloqueado") never reach the events.
    seen = json.dumps(mismatch["events"] + locked["events"], ensure_ascii=False)
    assert "nesta clínica" not in seen and "bloquead" not in seen and "não confere com o cadastro" not in seen
    assert store_bookings(clinics, "clinic_b", victim)[0][1] == CAMILA and len(store_bookings(clinics, "clinic_b",
                                                                                              victim)) == 1


def test_a_refused_cancel_reads_the_same_for_an_unknown_cpf_a_bound_one_and_a_locked_name(client, clinics):
    victim, unknown = make_cpf(9102), make_cpf(9103)
    day, time_ = slot_of(clinics, "clinic_b", CAMILA)
    code = books(Browser(client, OWNER, victim), CAMILA, day, time_)
    asks = [f"cancela minha consulta com a {CAMILA} dia {br(day)} às {time_}", f"sim, o código é {code}"]

    def attempt(cpf: str) -> list[dict]:
        stranger = Browser(client, STRANGER, cpf)
        return [stranger.says(message) for message in asks]
    bound, never_seen = attempt(victim), attempt(unknown)
    lock_at_the_clinic(clinics, victim, STRANGER)
    locked = attempt(victim)
    for turn in range(2):
        assert bound[turn]["answer"] == never_seen[turn]["answer"] == locked[turn]["answer"]
        assert bound[turn]["refusals"] == never_seen[turn]["refusals"] == locked[turn]["refusals"]
    assert store_bookings(clinics, "clinic_b", victim) == [("clinic_b", CAMILA, day, time_)]


def test_identity_failures_are_limited_per_session_and_per_address_across_cpfs(make_app, clinics):
    limits = replace(ROOMY_LIMITS, identity_failures_per_session="2 per 15 minutes",
                     identity_failures_per_ip="3 per hour")
    client = make_app(limits=limits).test_client()
    first, second = make_cpf(9104), make_cpf(9105)
    for victim in (first, second):
        books(Browser(client, OWNER, victim, ELSEWHERE), CAMILA, *slot_of(clinics, "clinic_b", CAMILA))

    stranger = Browser(client, STRANGER, first)
    for _ in range(2):
        assert [r["code"] for r in stranger.says(booking_request(clinics, PAULO, 0))["refusals"]] == \
            ["identity_mismatch"]
    refused = stranger.send(booking_request(clinics, PAULO, 0))
    assert refused.status_code == 429 and "dados que não conferem" in refused.get_json()["error"]["message"]
    assert int(refused.headers["Retry-After"]) > 0

    # Another CPF in a new session from the same address: one more failure, and the address is spent.
    other = Browser(client, STRANGER, second)
    assert other.says(booking_request(clinics, PAULO, 0))["refusals"]
    assert other.send("minhas consultas").status_code == 429
    assert Browser(client, "Outra Pessoa Qualquer", make_cpf(9106)).send("oi").status_code == 429

    # The owners, from their own address, are not slowed by any of it.
    owner = Browser(client, OWNER, first, ELSEWHERE)
    said = owner.says(booking_request(clinics, PAULO, 1))
    if not said["answer_event"]["appointments"]:  # asked first: she has a dermatology booking that week
        said = owner.says("sim")
    assert [a["status"] for a in said["answer_event"]["appointments"]] == ["confirmed"], said["answer"]


def test_a_strangers_failures_never_lock_the_owner_out_of_her_booking(client, clinics):
    victim = make_cpf(9107)
    day, time_ = slot_of(clinics, "clinic_b", CAMILA)
    code = books(Browser(client, OWNER, victim), CAMILA, day, time_)
    for _ in range(3):  # fifteen failures under the stranger's name, far past the clinic's lock, renewed
        stranger = Browser(client, STRANGER, victim)
        stranger.says(f"cancela minha consulta com a {CAMILA} dia {br(day)} às {time_}")
        stranger.says(f"sim, o código é {code}")
        lock_at_the_clinic(clinics, victim, STRANGER)
    owner = Browser(client, OWNER, victim)
    owner.says(f"cancela minha consulta com a {CAMILA} dia {br(day)} às {time_}")
    done = owner.says(f"sim, o código é {code}")
    assert [a["status"] for a in done["answer_event"]["appointments"]] == ["cancelled"]
    assert store_bookings(clinics, "clinic_b", victim) == []


# -- reading needs a code ---------------------------------------------------------------------------------

def two_bookings(client, clinics, cpf: str) -> list[tuple[str, str, str, str, str]]:
    """The owner books with Dra. Camila Rocha (clinic B) and Dr. Marcelo Tavares (clinic D): (clinic, doctor, day,
    time, code) each."""
    owner, made = Browser(client, OWNER, cpf), []
    for clinic, doctor in (("clinic_b", CAMILA), ("clinic_d", "Dr. Marcelo Tavares")):
        day, time_ = slot_of(clinics, clinic, doctor)
        said = owner.says(f"Quero agendar com {doctor} no dia {br(day)} às {time_}")
        if not said["answer_event"]["appointments"]:  # asked first about another booking that week
            said = owner.says("sim")
        [booked] = said["answer_event"]["appointments"]
        made.append((clinic, doctor, day, time_, booked["code"]))
    return made


def shown(said: dict) -> list[tuple[str, str, str]]:
    return [(a["doctor"], a["date"], a["time"]) for a in said["answer_event"]["appointments"]]


def test_a_fresh_session_with_the_exact_name_and_cpf_sees_nothing_of_her_bookings(client, clinics):
    victim = make_cpf(9110)
    made = two_bookings(client, clinics, victim)
    stranger = Browser(client, OWNER, victim).says("quais são as minhas consultas?")
    nobody = Browser(client, OWNER, make_cpf(9111)).says("quais são as minhas consultas?")
    assert shown(stranger) == [] and stranger["answer"] == nobody["answer"]
    assert "código" in stranger["answer"] and "telefone" in stranger["answer"]
    seen = json.dumps(stranger["events"], ensure_ascii=False)
    for _, doctor, day, _, _ in made:  # not a doctor, a day or an hour: not even that there is a booking
        assert doctor not in seen and day not in seen and br(day) not in seen
    assert [e["status"] for e in stranger["events"] if e["type"] == "dispatch" and e["status"] != "start"] == \
        [e["status"] for e in nobody["events"] if e["type"] == "dispatch" and e["status"] != "start"]


def test_a_typed_code_opens_its_own_booking_only(client, clinics):
    victim = make_cpf(9112)
    (_, camila, day, time_, code), _ = two_bookings(client, clinics, victim)
    patient = Browser(client, OWNER, victim)
    assert shown(patient.says(f"meu código é {code}")) == [(camila, day, time_)]
    assert shown(patient.says("minhas consultas")) == [(camila, day, time_)]


def test_the_codes_the_page_holds_open_their_bookings_in_a_new_session(client, clinics):
    victim = make_cpf(9113)
    _, (clinic, doctor, day, time_, code) = two_bookings(client, clinics, victim)
    reply = client.post("/api/session", json={"name": OWNER, "cpf": victim,
                                              "booking_codes": [{"clinic": clinic, "code": code}]})
    assert reply.status_code == 201
    session = Browser.__new__(Browser)
    session.client, session.address, session.session_id = client, HOME, reply.get_json()["session_id"]
    assert shown(session.says("minhas consultas")) == [(doctor, day, time_)]
    # Sent to another clinic, the same code opens nothing there.
    elsewhere = client.post("/api/session", json={"name": OWNER, "cpf": victim,
                                                  "booking_codes": [{"clinic": "clinic_a", "code": code}]})
    session.session_id = elsewhere.get_json()["session_id"]
    assert shown(session.says("minhas consultas")) == []


def test_bookings_made_in_the_conversation_are_listed_without_a_code(client, clinics):
    victim = make_cpf(9114)
    patient = Browser(client, OWNER, victim)
    day, time_ = slot_of(clinics, "clinic_b", PAULO, 2)
    books(patient, PAULO, day, time_)
    assert shown(patient.says("minhas consultas")) == [(PAULO, day, time_)]


def test_the_codes_a_page_sends_must_be_a_short_list(client):
    body = {"name": OWNER, "cpf": make_cpf(9115)}
    for codes in ("K7M4QP", [["clinic_b", "K7M4QP"]], [{"clinic": "clinic_b", "code": "K7M4QP"}] * 51):
        reply = client.post("/api/session", json={**body, "booking_codes": codes})
        assert reply.status_code == 400 and reply.get_json()["error"]["code"] == "invalid_booking_codes"
    kept = client.post("/api/session", json={**body, "booking_codes": [
        {"clinic": "clinic_z", "code": "K7M4QP"}, {"clinic": "clinic_b", "code": "not a code"}]})
    assert kept.status_code == 201  # an old page's codes of a clinic no longer served are dropped, not refused


def test_on_another_device_the_owner_cancels_with_the_code_she_types(client, clinics):
    victim = make_cpf(9116)
    day, time_ = slot_of(clinics, "clinic_b", PAULO, 3)
    code = books(Browser(client, OWNER, victim), PAULO, day, time_)
    elsewhere = Browser(client, OWNER, victim)  # a new device: the page holds no code
    asked = elsewhere.says("quero cancelar minha consulta")
    assert shown(asked) == [] and "código" in asked["answer"]
    found = elsewhere.says(code)
    assert shown(found) == [(PAULO, day, time_)] and found["answer_event"]["confirm"]["action"] == "cancel"
    done = elsewhere.says("sim")
    assert [a["status"] for a in done["answer_event"]["appointments"]] == ["cancelled"]
    assert store_bookings(clinics, "clinic_b", victim) == []


def test_typed_codes_that_open_nothing_count_as_identity_failures(make_app, clinics):
    limits = replace(ROOMY_LIMITS, identity_failures_per_session="2 per 15 minutes")
    client = make_app(limits=limits).test_client()
    victim = make_cpf(9117)
    books(Browser(client, OWNER, victim, ELSEWHERE), PAULO, *slot_of(clinics, "clinic_b", PAULO, 4))
    guesser = Browser(client, OWNER, victim)  # the exact name and CPF, guessing codes
    for guess in ("K7M4QP", "H3N6RT"):
        assert shown(guesser.says(f"meu código é {guess}")) == []
    refused = guesser.send("meu código é T9W4XC")
    assert refused.status_code == 429 and "dados que não conferem" in refused.get_json()["error"]["message"]
