"""The 14-day window, CLINIC_TODAY determinism, and that the past is never listed or bookable."""
from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from clinic_servers.contract.clock import Clock
from clinic_servers.contract.tools import BookAppointment, ListAvailableSlots
from clinic_servers.errors import ToolError
from clinic_servers.sqlite_store import SqliteSlotStore
from clinic_servers.store import Patient
from clinic_servers.tools import ClinicDesk, book_appointment, list_available_slots
from tests.support import ANA_CPF, CLINIC_TODAY, call_tool

TODAY = date.fromisoformat(CLINIC_TODAY)


def desk(registry, tmp_path, clock: Clock, clinic_id="clinic_a") -> ClinicDesk:
    clinic = registry.get(clinic_id)
    return ClinicDesk.open(clinic, SqliteSlotStore(tmp_path / f"{clinic_id}.sqlite3", clinic), clock)


def listing(d: ClinicDesk, **filters) -> list[tuple[str, str, str]]:
    return [(s.doctor, s.date, s.time) for s in list_available_slots(d, ListAvailableSlots(**filters)).available_slots]


def test_listings_with_clinic_today_are_deterministic(registry, tmp_path):
    first = listing(desk(registry, tmp_path / "one", Clock(TODAY)))
    second = listing(desk(registry, tmp_path / "two", Clock(TODAY)))
    assert first == second and len(first) > 10
    days = sorted({d for _, d, _ in first})
    assert days[0] >= CLINIC_TODAY and days[-1] <= (TODAY + timedelta(13)).isoformat()


def test_schedules_follow_the_weekly_templates(registry, tmp_path):
    slots = listing(desk(registry, tmp_path, Clock(TODAY)), doctor="Dr. Ricardo Lopes")
    weekdays = {date.fromisoformat(d).weekday() for _, d, _ in slots}
    assert weekdays == {0, 2}  # Monday and Wednesday
    assert all(date.fromisoformat(d).weekday() < 5 for _, d, _ in listing(desk(registry, tmp_path / "x", Clock(TODAY))))


def test_seed_bookings_are_deterministic_and_not_listed(registry, tmp_path):
    a = listing(desk(registry, tmp_path / "one", Clock(TODAY)), doctor="Dr. Ricardo Lopes")
    assert ("Dr. Ricardo Lopes", "2026-11-23", "09:00") not in a  # seed: his second slot is taken
    assert ("Dr. Ricardo Lopes", "2026-11-23", "08:00") in a


def test_the_window_moves_with_today_and_past_slots_disappear(registry, tmp_path):
    clinic_desk = desk(registry, tmp_path, Clock(TODAY))
    later = ClinicDesk(clinic_desk.clinic, clinic_desk.store, Clock(TODAY + timedelta(days=3)), clinic_desk.patients)
    dates = {d for _, d, _ in listing(later)}
    assert min(dates) >= (TODAY + timedelta(days=3)).isoformat()
    assert max(dates) > (TODAY + timedelta(days=13)).isoformat()  # the new days were created
    with pytest.raises(ToolError) as refused:
        book_appointment(later, BookAppointment(doctor="Dr. Ricardo Lopes", date=CLINIC_TODAY, time="08:00",
                                                patient_name="Ana", cpf="39053344705"))
    assert refused.value.code == "slot_in_past"


def test_earlier_slots_of_the_current_day_are_neither_listed_nor_bookable(registry, tmp_path):
    clinic_desk = desk(registry, tmp_path, Clock(TODAY))
    store, now = clinic_desk.store, datetime.combine(TODAY, datetime.min.time()).replace(hour=10)
    times = [r.time for r in store.available(now, "Dr. Ricardo Lopes", CLINIC_TODAY, CLINIC_TODAY)]
    assert times == ["10:30", "14:00"]
    with pytest.raises(ToolError) as refused:
        store.book(now, "Dr. Ricardo Lopes", CLINIC_TODAY, "08:00", Patient("Ana", "39053344705"))
    assert refused.value.code == "slot_in_past"


def test_a_date_before_today_is_not_bookable_through_mcp(clinics):
    result = call_tool(clinics.url("clinic_a"), "book_appointment", {
        "doctor": "Dr. Ricardo Lopes", "date": "2026-11-16", "time": "08:00",
        "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF})
    assert result["isError"] is True
    assert result["structuredContent"]["error"]["code"] in {"slot_not_found", "slot_in_past"}
    listed = call_tool(clinics.url("clinic_a"), "list_available_slots", {"date_to": "2026-11-22"})
    assert listed["structuredContent"]["available_slots"] == []
