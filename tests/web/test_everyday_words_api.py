"""Through the web API on the real clinics: "fechou, marca a primeira" books, and no safety line leads it.

"Fechou" ("deal") shares a word with "a garganta fechou"; said alone it is a booking reply, not a health signal.
"""
from __future__ import annotations

from agent_system.language.registry import language_pack
from tests.support import all_store_bookings, call_tool, make_cpf

NAME = "Renata Lopes Aguiar"


def says(client, session_id: str, message: str) -> dict:
    reply = client.post("/api/chat", json={"session_id": session_id, "message": message},
                        headers={"Accept": "application/json"})
    assert reply.status_code == 200, reply.get_json()
    return next(e for e in reply.get_json()["events"] if e["type"] == "answer")


def test_deal_after_a_listing_books_the_earliest_slot_without_the_safety_line(client, clinics):
    cpf = make_cpf(6810)
    opened = client.post("/api/session", json={"name": NAME, "cpf": cpf})
    assert opened.status_code == 201, opened.get_json()
    session_id = opened.get_json()["session_id"]
    listed = says(client, session_id, "quero ver horários de dermatologia")
    earliest = min(listed["slots"], key=lambda s: (s["date"], s["time"]))
    answer = says(client, session_id, "fechou, marca a primeira")
    booked = [a for a in answer["appointments"] if a["status"] == "confirmed"]
    try:
        assert not answer["emergency"]
        assert language_pack("pt").emergency["doubt_opening"] not in answer["text"]
        assert [(a["clinic"], a["doctor"], a["date"], a["time"]) for a in booked] == [
            (earliest["clinic"], earliest["doctor"], earliest["date"], earliest["time"])]
        assert all_store_bookings(clinics, cpf) == [
            (earliest["clinic"], earliest["doctor"], earliest["date"], earliest["time"])]
    finally:
        for a in booked:
            call_tool(clinics.url(a["clinic"]), "cancel_appointment", {
                "doctor": a["doctor"], "date": a["date"], "time": a["time"], "patient_name": NAME,
                "cpf": cpf, "booking_code": a["code"]})
