"""Follow-ups: "pode marcar" right after asking about one listed slot books it; the previous request for one doctor
asked again on another day lists (or books) that doctor; "a outra doutora" lists the specialty's doctors the last
listing did not show; "marca com a doutora" when two listed doctors fit asks which."""
from __future__ import annotations

from agent_system.domain.dialogue import Choosing
from agent_system.dialogue.handlers.follow_up import FollowUp
from agent_system.sessions.conversation import Message
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import (ANA_BEATRIZ, FERNANDO, FERNANDO_LISTING, JULIANA, RICARDO, book,
                                                      conversation, intents_of, listing, slot, steps_of)


def after(previous: str, listed=FERNANDO_LISTING):
    return conversation(recent=[Message(role="user", text=previous)], state=Choosing(listed=listed))


def test_a_go_ahead_after_asking_about_a_listed_slot_books_it(planner):
    plan = planned(FollowUp(), planner, "pode marcar", after("o Dr. Fernando Mendes tem às 14h amanhã?"))
    assert (steps_of(plan), intents_of(plan)) == (book("clinic_c", FERNANDO, "2026-11-24", "14:00"), ["book"])


def test_the_other_female_doctor_lists_those_the_listing_did_not_show(planner):
    plan = planned(FollowUp(), planner, "e a outra doutora?", after("cardiologia amanhã"))
    assert steps_of(plan) == (listing("clinic_a", doctor=ANA_BEATRIZ, date="2026-11-24")
                              | listing("clinic_c", doctor=JULIANA, date="2026-11-24"))


def test_a_doctor_pointed_at_among_several_listed_is_asked_about(planner):
    listed = [slot("clinic_a", RICARDO, "2026-11-24", "09:00"), slot("clinic_a", ANA_BEATRIZ, "2026-11-24", "10:00"),
              slot("clinic_c", JULIANA, "2026-11-24", "11:00")]
    plan = planned(FollowUp(), planner, "marca com a doutora", after("cardiologia amanhã", listed))
    assert (plan.steps, intents_of(plan)) == ([], ["clarify"])
    assert plan.clarification is not None
    assert [d.doctor for d in plan.clarification.doctors] == [ANA_BEATRIZ, JULIANA]


def test_the_previous_request_on_another_day_keeps_its_doctor(planner):
    state = conversation(recent=[Message(role="user", text="o Dr. Ricardo Lopes tem às 9h amanhã?")])
    plan = planned(FollowUp(), planner, "mesmo horário mas na sexta então", state)
    assert steps_of(plan) == listing("clinic_a", doctor=RICARDO, date="2026-11-27")
    assert plan.asked_slot == slot("clinic_a", RICARDO, "2026-11-27", "09:00")


def test_a_message_naming_its_own_request_is_no_follow_up(planner):
    assert not applies(FollowUp(), planner, "quero marcar dermatologia", after("cardiologia amanhã"))
