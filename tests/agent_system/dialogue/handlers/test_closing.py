"""Closing: thanks or goodbye and nothing else ends the exchange with a short reply, never the introduction; thanks
that come with a request leave the request to its family."""
from __future__ import annotations

import pytest

from agent_system.dialogue.handlers.closing import Closing
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import conversation, intents_of
from tests.support import run_turn


@pytest.mark.parametrize("message", [
    "valeu, obrigada!", "brigadão moça, era isso", "ok, muito obrigado pela ajuda", "tchau, até mais",
    "thanks, bye", "thank you so much!", "great, thanks for your help", "cheers, that's all for today",
])
def test_thanks_or_goodbye_alone_closes(planner, message):
    plan = planned(Closing(), planner, message, conversation())
    assert (plan.steps, intents_of(plan)) == ([], ["closing"])


@pytest.mark.parametrize("message", [
    "obrigada, e tem dermato na sexta?", "thanks, and could you book the earliest slot for me?", "oi, tudo bem?",
    "valeu, cancela a de quinta", "obrigado mas quero remarcar", "ok", "sim",
])
def test_thanks_with_a_request_or_a_bare_yes_is_not_a_closing(planner, message):
    assert not applies(Closing(), planner, message, conversation())


@pytest.mark.parametrize(("message", "reply"), [
    ("valeu, obrigada!", "De nada!"), ("thanks a lot, bye", "You're welcome!"),
])
def test_the_answer_is_a_short_youre_welcome_without_the_introduction(pipeline, new_conversation, message, reply):
    conversation_ = new_conversation("Tatiane Rocha Lima", "52998224725")
    events, answer = run_turn(pipeline, conversation_, message)
    assert answer.text.startswith(reply) and "assistente" not in answer.text and "assistant" not in answer.text
    assert next(e for e in events if e.type == "plan").steps == []
