"""Session stores: SQLite (default) and Redis (REDIS_URL) behave the same, across processes too."""
from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import time

import pytest
import redis as redis_client

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.dialogue import (AfterEmergency, AskingWho, AwaitingChoice, AwaitingConfirmation, Choosing,
                                          DoctorsOffered, Held, Idle, JustBooked, Offered, SafetyAsked)
from agent_system.domain.pending import PendingAction, PendingChange
from agent_system.sessions.conversation import MAX_TURNS, RECENT_MESSAGES, Message, Turn
from agent_system.domain.patient import Patient
from agent_system.sessions.store import TURN_HOLD_S, RedisSessions, SqliteSessions
from tests.support import free_port, wait_for_redis

PATIENT = Patient(name="Ana Paula Teixeira", cpf="39053344705")


@pytest.fixture(scope="module")
def redis_url():
    """A real redis-server on an ephemeral port (installed by .ci/run; its absence is a failure)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (apt-get install redis-server; .ci/run does it)")
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    wait_for_redis(url)
    yield url
    server.terminate()
    server.wait()


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request, tmp_path):
    if request.param == "sqlite":
        return lambda ttl_s=3600: SqliteSessions(tmp_path / "sessions.sqlite3", ttl_s)
    url = request.getfixturevalue("redis_url")
    return lambda ttl_s=3600: RedisSessions(url, ttl_s)


def test_a_session_round_trips_between_two_store_instances(make_store):
    writer, reader = make_store(), make_store()
    session_id = writer.create(PATIENT)
    conversation = reader.load(session_id)
    conversation.record("oi", Turn(role="assistant", text="Olá!"))
    reader.save(session_id, conversation)
    assert [t.text for t in writer.history(session_id)] == ["oi", "Olá!"]
    assert [m.text for m in writer.load(session_id).recent] == ["oi", "Olá!"]
    writer.delete(session_id)
    assert reader.load(session_id) is None
    assert reader.history(session_id) == []


def test_the_history_is_appended_apart_from_the_state_and_keeps_the_last_turns(make_store):
    store = make_store()
    session_id = store.create(PATIENT)
    offer = SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-24", time="09:00")
    for n in range(1, MAX_TURNS):  # twice MAX_TURNS turns minus two, one exchange per load
        conversation = store.load(session_id)
        conversation.record(f"pergunta {n}", Turn(role="assistant", text=f"resposta {n}", slots=[offer]))
        store.save(session_id, conversation)
    history = store.history(session_id)
    assert len(history) == MAX_TURNS
    assert [t.text for t in history[-2:]] == [f"pergunta {MAX_TURNS - 1}", f"resposta {MAX_TURNS - 1}"]
    assert history[-1].slots == [offer] and history[0].text == "pergunta 20"
    # What a turn loads stays small however long the conversation: the recent messages, text only.
    state = store.load(session_id)
    assert len(state.recent) == RECENT_MESSAGES and state.recent[-1].text == f"resposta {MAX_TURNS - 1}"
    assert {type(m) for m in state.recent} == {Message}


def test_saving_twice_appends_each_turn_once(make_store):
    store = make_store()
    session_id = store.create(PATIENT)
    conversation = store.load(session_id)
    conversation.record("oi", Turn(role="assistant", text="Olá!"))
    store.save(session_id, conversation)
    store.save(session_id, conversation)
    assert [t.text for t in store.history(session_id)] == ["oi", "Olá!"]


def test_a_session_closed_while_its_turn_ran_keeps_nothing(make_store):
    store = make_store()
    session_id = store.create(PATIENT)
    conversation = store.load(session_id)
    store.delete(session_id)
    conversation.record("oi", Turn(role="assistant", text="Olá!"))
    store.save(session_id, conversation)
    assert store.load(session_id) is None and store.history(session_id) == []


def test_ids_are_unguessable_and_unknown_ids_load_nothing(make_store):
    store = make_store()
    ids = {store.create(PATIENT) for _ in range(20)}
    assert len(ids) == 20 and all(len(i) >= 43 for i in ids)
    assert store.load("not-a-session") is None


def test_idle_sessions_expire(make_store):
    store = make_store(ttl_s=1)
    session_id = store.create(PATIENT)
    time.sleep(2.1)
    assert store.load(session_id) is None


def test_the_rate_counter_counts_per_session(make_store):
    store = make_store()
    first, second = store.create(PATIENT), store.create(PATIENT)
    assert [store.hit(first) for _ in range(3)] == [1, 2, 3]
    assert store.hit(second) == 1


def test_sqlite_erases_expired_sessions_and_their_history_when_a_session_opens(tmp_path):
    store = SqliteSessions(tmp_path / "sessions.sqlite3", ttl_s=1)
    session_id = store.create(PATIENT)
    conversation = store.load(session_id)
    conversation.record("quero cardiologia", Turn(role="assistant", text="Aqui estão os horários."))
    store.save(session_id, conversation)
    time.sleep(2.1)
    store.create(PATIENT)
    with sqlite3.connect(tmp_path / "sessions.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM sessions WHERE id = ?", (session_id,)).fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM sessions WHERE history LIKE '%cardiologia%'").fetchone() == (0,)


def test_sqlite_keeps_the_stored_history_bounded(tmp_path):
    store = SqliteSessions(tmp_path / "sessions.sqlite3")
    session_id = store.create(PATIENT)
    for n in range(3 * MAX_TURNS):
        conversation = store.load(session_id)
        conversation.record(f"pergunta {n}", Turn(role="assistant", text=f"resposta {n}"))
        store.save(session_id, conversation)
    with sqlite3.connect(tmp_path / "sessions.sqlite3") as db:
        stored, lines = db.execute("SELECT history_turns, history FROM sessions WHERE id = ?", (session_id,)).fetchone()
    assert MAX_TURNS <= stored <= 2 * MAX_TURNS and stored == len(lines.splitlines())
    assert [t.text for t in store.history(session_id)][-1] == f"resposta {3 * MAX_TURNS - 1}"
    assert len(store.history(session_id)) == MAX_TURNS


SLOT = {"clinic": "clinic_a", "doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "09:00"}
BOOKING = {**SLOT, "status": "booked", "code": "K7M4QP"}
CHANGE = {"action": "cancel", "appointment": BOOKING}
# Conversations as releases before the dialogue state stored them: what waited sat in loose fields.
EARLIER_SHAPES = [
    ({"pending": {"action": "book_overlap", "slot": SLOT}}, Held(slot=SlotOffer(**SLOT), action="book_overlap")),
    ({"pending": {"action": "book_pick", "slot": SLOT}, "choosing": True, "last_slots": [SLOT]},
     Offered(slot=SlotOffer(**SLOT), listed=[SlotOffer(**SLOT)])),
    ({"awaiting": CHANGE, "pending": {"action": "cancel"}, "contact_clinics": ["clinic_a"]},
     AwaitingConfirmation(change=PendingChange(**CHANGE), asked=PendingAction(action="cancel"), contacts=["clinic_a"])),
    ({"pending": {"action": "reschedule", "appointment": BOOKING}, "offered_doctors": [], "choosing": True},
     AwaitingChoice(asked=PendingAction(action="reschedule", appointment=AppointmentItem(**BOOKING)), slots_listed=True)),
    ({"just_booked": BOOKING, "safety_asked": "medical", "choosing": False},
     SafetyAsked(category="medical", over=JustBooked(appointment=AppointmentItem(**BOOKING)))),
    ({"offered_doctors": ["Dr. Ricardo Lopes"], "after_emergency": False}, DoctorsOffered(doctors=["Dr. Ricardo Lopes"])),
    ({"family_ask": {"relation": "filho", "request": "ortopedia pro meu filho"}, "booking_for": None},
     AskingWho(relation="filho", request="ortopedia pro meu filho")),
    ({"after_emergency": True, "awaiting": CHANGE}, AfterEmergency(category="medical")),
    ({"last_slots": [SLOT], "choosing": True}, Choosing(listed=[SlotOffer(**SLOT)])),
    ({"last_slots": [SLOT], "pending": None, "awaiting": None}, Idle(listed=[SlotOffer(**SLOT)])),
]


def stored_as(store, session_id: str, state: dict) -> None:
    """Overwrite a session's stored conversation with `state`, as an earlier release wrote it."""
    if isinstance(store, SqliteSessions):
        with sqlite3.connect(store.path) as db:
            db.execute("UPDATE sessions SET state = ? WHERE id = ?", (json.dumps(state), session_id))
    else:
        store.redis.set(f"clinic-assistant:session:{session_id}", json.dumps(state))


@pytest.mark.parametrize(("fields", "expected"), EARLIER_SHAPES)
def test_a_session_stored_before_the_dialogue_state_loads_as_the_state_its_fields_amount_to(make_store, fields,
                                                                                            expected):
    store = make_store()
    session_id = store.create(PATIENT)
    stored_as(store, session_id, {"patient": PATIENT.model_dump(), "codes": {"x": "K7M4QP"}, **fields})
    conversation = store.load(session_id)
    assert conversation.state == expected and conversation.codes == {"x": "K7M4QP"}
    store.save(session_id, conversation)  # saved back in the current shape, the same state
    assert store.load(session_id).state == expected


def test_the_web_app_keeps_sessions_in_redis_when_configured(make_app, redis_url):
    one, other = make_app(redis_url=redis_url).test_client(), make_app(redis_url=redis_url).test_client()
    session_id = one.post("/api/session", json={"name": "Ana Paula Teixeira", "cpf": "390.533.447-05"}).get_json()[
        "session_id"]
    other.post("/api/chat", json={"session_id": session_id, "message": "ortopedia"},
               headers={"Accept": "application/json"})
    history = one.get("/api/session", headers={"X-Session-Id": session_id}).get_json()["history"]
    assert [t["role"] for t in history] == ["user", "assistant"]
    keys = [k.decode() for k in redis_client.Redis.from_url(redis_url).keys("clinic-assistant:session:*")]
    assert f"clinic-assistant:session:{session_id}" in keys


def test_one_turn_at_a_time_per_session_across_store_instances(make_store):
    one, other = make_store(), make_store()  # two worker processes
    session_id, second = one.create(PATIENT), one.create(PATIENT)
    assert one.begin_turn(session_id) is True
    assert other.begin_turn(session_id) is False and other.begin_turn(second) is True
    one.end_turn(session_id)
    assert other.begin_turn(session_id) is True


def test_a_live_session_is_known_without_reading_its_state(make_store):
    store = make_store(ttl_s=1)
    session_id = store.create(PATIENT)
    assert store.known(session_id) is True
    assert store.known("not-a-session") is False
    time.sleep(2.1)
    assert store.known(session_id) is False and store.load(session_id) is None


def test_sqlite_takes_over_the_turn_hold_a_crashed_worker_left(tmp_path):
    store = SqliteSessions(tmp_path / "sessions.sqlite3")
    session_id = store.create(PATIENT)
    assert store.begin_turn(session_id) is True and store.begin_turn(session_id) is False
    with sqlite3.connect(tmp_path / "sessions.sqlite3") as db:  # the hold as a worker killed long ago left it
        db.execute("UPDATE turns_running SET since = since - ?", (TURN_HOLD_S + 1,))
    assert store.begin_turn(session_id) is True and store.begin_turn(session_id) is False
