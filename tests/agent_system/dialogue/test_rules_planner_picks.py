"""The rules planner picks a slot from the last listing: ordinals, a time, a doctor, or a question about them."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import Idle
from tests.agent_system.dialogue.rules_planner_support import (ANA_BEATRIZ, CARDIO, DERMA, FERNANDO, FERNANDO_LISTING,
                                                      JULIANA, RICARDO, TODAY, book, conversation, intents_of,
                                                      listing, slot, steps_of)


# A cardiology listing as the renderer groups it (clinic, then doctor), not in time order.
CARDIO_LISTING = [
    *(slot("clinic_a", RICARDO, "2026-11-25", t) for t in ("09:00", "10:30", "15:00")),
    *(slot("clinic_a", ANA_BEATRIZ, "2026-11-24", t) for t in ("08:30", "10:00", "11:30")),
    *(slot("clinic_c", FERNANDO, "2026-11-24", t) for t in ("09:00", "10:00", "14:00")),
    *(slot("clinic_c", FERNANDO, "2026-11-27", t) for t in ("08:00", "10:00")),
    *(slot("clinic_c", JULIANA, "2026-11-26", t) for t in ("08:00", "09:30", "11:00")),
]


@pytest.mark.parametrize(
    ("message", "steps"),
    [
        # Ordinals count the listed slots in time order: the first is the earliest.
        ("o primeiro", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "08:30")),
        ("o mais cedo", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "08:30")),
        ("the earliest", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "08:30")),
        ("quero a primeira opção", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "08:30")),
        ("o segundo", book("clinic_c", FERNANDO, "2026-11-24", "09:00")),
        ("o último", book("clinic_c", FERNANDO, "2026-11-27", "10:00")),
        ("the last one", book("clinic_c", FERNANDO, "2026-11-27", "10:00")),
        ("o primeiro com a Juliana", book("clinic_c", JULIANA, "2026-11-26", "08:00")),
        ("o primeiro da clínica A na quarta", book("clinic_a", RICARDO, "2026-11-25", "09:00")),
        # A time (and a doctor) that fits exactly one listed slot.
        ("quero o das 10h com a Dra. Ana Beatriz", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "10:00")),
        ("quero o das 11h com a Juliana", book("clinic_c", JULIANA, "2026-11-26", "11:00")),
        ("pode ser o das 14h", book("clinic_c", FERNANDO, "2026-11-24", "14:00")),
        ("I'll take the 9:30 one", book("clinic_c", JULIANA, "2026-11-26", "09:30")),
        ("às 10h30", book("clinic_a", RICARDO, "2026-11-25", "10:30")),
        ("Quero agendar com Dr. Fernando Mendes no dia 27/11/2026 às 08:00",
         book("clinic_c", FERNANDO, "2026-11-27", "08:00")),
        # Ambiguous: "às 10h" fits three slots of two doctors. No booking: those doctors are listed
        # again (on the day, when the slots share one) so the patient can choose.
        ("às 10h", listing("clinic_a", doctor=ANA_BEATRIZ) | listing("clinic_c", doctor=FERNANDO)),
        ("amanhã às 10h", listing("clinic_a", doctor=ANA_BEATRIZ, date="2026-11-24")
         | listing("clinic_c", doctor=FERNANDO, date="2026-11-24")),
        # A pick that fits nothing listed: the listing's clinics again.
        ("às 12h", listing(*CARDIO)),
        ("the fifth", book("clinic_a", ANA_BEATRIZ, "2026-11-24", "11:30")),
    ],
)
def test_pick_from_the_last_listing(planner, message, steps):
    plan = planner.decompose(message, conversation(state=Idle(listed=CARDIO_LISTING)), TODAY)
    assert steps_of(plan) == steps
    if steps:
        assert intents_of(plan) == ["book"]


@pytest.mark.parametrize("message", ["fechou, marca o primeiro dele", "pode ser a primeira dela então",
                                     "book his first one"])
def test_an_ordinal_with_a_possessive_picks_from_the_doctors_listing(planner, message):
    """"o primeiro dele" is the doctor's first slot, not "primeiro de <mês>"."""
    listed = [slot("clinic_c", JULIANA, "2026-11-26", t) for t in ("08:00", "09:30")]
    plan = planner.decompose(message, conversation(state=Idle(listed=listed)), TODAY)
    assert steps_of(plan) == book("clinic_c", JULIANA, "2026-11-26", "08:00")


def test_an_ordinal_past_the_listing_lists_again(planner):
    listed = [slot("clinic_c", JULIANA, "2026-11-26", t) for t in ("08:00", "09:30")]
    plan = planner.decompose("o terceiro", conversation(state=Idle(listed=listed)), TODAY)
    assert (steps_of(plan), intents_of(plan)) == (listing("clinic_c", doctor=JULIANA), ["book"])


@pytest.mark.parametrize(
    ("message", "steps"),
    [("Dr. Fernando 27/11 às 08:00", book("clinic_c", FERNANDO, "2026-11-27", "08:00")),
     ("e com a Dra. Camila amanhã às 10h?", listing("clinic_b", doctor="Dra. Camila Rocha", date="2026-11-24"))],
)
def test_a_slot_named_without_asking_to_book_is_booked_only_when_listed(planner, message, steps):
    assert steps_of(planner.decompose(message, conversation(state=Idle(listed=CARDIO_LISTING)), TODAY)) == steps


def test_a_new_specialty_is_not_a_pick_from_the_listing(planner):
    plan = planner.decompose("quero marcar dermatologia amanhã", conversation(state=Idle(listed=CARDIO_LISTING)), TODAY)
    assert steps_of(plan) == listing(*DERMA, date="2026-11-24")


@pytest.mark.parametrize("message", ["o das 10h ainda está livre?", "o primeiro é com qual médico?",
                                     "is the 10:00 with Dr. Fernando free?", "quanto custa o das 14h?"])
def test_a_question_about_listed_slots_books_nothing(planner, message):
    plan = planner.decompose(message, conversation(state=Idle(listed=FERNANDO_LISTING)), TODAY)
    assert all(s.action == "list_available_slots" for s in plan.steps)
