"""Property-based fuzzing of the planner's readers: dates, times, ranges, triage and the whole rules planner.

Pure functions, so examples are cheap; the text mixes random characters with the very words the
readers look for, so examples get past the first regular expression.
"""
from __future__ import annotations

import os
import re
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_system.domain.dialogue import AwaitingChoice, Idle
from agent_system.domain.pending import PendingAction
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.language.text import detect_language, normalize
from agent_system.domain.plan import PATIENT_ACTIONS
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.triage.screen import assess
from agent_system.dialogue.reading.dates import HORIZON_DAYS, find_date_range, find_dates
from agent_system.dialogue.reading.times import find_times
from clinic_servers.contract.registry import ClinicRegistry
from tests.faults.strategies import planner_text, text

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 150))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CLOCK_TIME = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")
# "Today" comes from the clinics' clock: this century, not date.max.
todays = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31))
messages = st.one_of(text, planner_text)
REGISTRY = ClinicRegistry.load()


@FUZZ
@given(message=messages, today=todays)
def test_dates_found_are_unique_and_between_today_and_the_horizon(message, today):
    found = find_dates(normalize(message), today)
    assert len(found) == len(set(found))
    assert all(today <= day <= today + timedelta(days=HORIZON_DAYS) for day in found), found


@FUZZ
@given(message=messages)
def test_times_found_are_unique_clock_times(message):
    found = find_times(normalize(message))
    assert len(found) == len(set(found)) and all(CLOCK_TIME.match(t) for t in found), found


@FUZZ
@given(message=messages, today=todays)
def test_a_date_range_found_starts_today_or_later_and_ends_after_it_starts(message, today):
    found = find_date_range(normalize(message), today)
    assert found is None or today <= found[0] <= found[1], found


@FUZZ
@given(message=messages)
def test_normalising_triage_and_language_never_raise(message):
    assert normalize(normalize(message)) == normalize(message)
    assert detect_language(message) in ("pt", "en")
    result = assess(message)
    assert result.emergency == (result.kind is not None)


def conversations():
    """A patient's conversation with some of the registry's slots listed and bookings known."""
    doctors = [(c.id, d.name) for c in REGISTRY.clinics for d in c.doctors]
    times = st.sampled_from(["08:00", "09:30", "10:00", "14:00", "16:30"])
    days = st.dates(min_value=date(2026, 11, 23), max_value=date(2026, 12, 6)).map(date.isoformat)
    slot = st.builds(lambda d, day, t: SlotOffer(clinic=d[0], doctor=d[1], date=day, time=t),
                     st.sampled_from(doctors), days, times)
    booking = st.builds(lambda s, status: AppointmentItem(**s.model_dump(), status=status), slot,
                        st.sampled_from(["confirmed", "booked", "rescheduled"]))
    pending = st.one_of(st.none(), st.fixed_dictionaries({"action": st.sampled_from(["cancel", "reschedule"])}))
    return st.builds(lambda slots, mine, wait: Conversation(patient=Patient(name="Ana Paula Teixeira",
                                                                            cpf="39053344705"),
                                                            appointments=mine, state=waiting(slots, wait)),
                     st.lists(slot, max_size=6), st.lists(booking, max_size=3), pending)


def waiting(slots: list[SlotOffer], action: dict | None) -> AwaitingChoice | Idle:
    """A listing shown, and a cancel or reschedule waiting for which booking when there is one."""
    return AwaitingChoice(asked=PendingAction(**action), listed=slots) if action else Idle(listed=slots)


@pytest.fixture(scope="module")
def planner():
    return RulesPlanner(REGISTRY)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages, conversation=conversations(), today=st.just(date(2026, 11, 23)) | todays)
def test_the_rules_planner_plans_any_text_with_patient_tools_on_known_clinics(planner, message, conversation,
                                                                               today):
    plan = planner.decompose(message, conversation, today)
    assert all(step.action in PATIENT_ACTIONS and REGISTRY.get(step.clinic) for step in plan.steps), plan
    assert all("cpf" not in step.parameters and "patient_name" not in step.parameters for step in plan.steps)
    assert len({step.step_id for step in plan.steps}) == len(plan.steps)
    assert plan.intents or plan.steps
