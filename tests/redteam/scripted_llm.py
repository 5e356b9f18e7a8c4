"""The red-team's LLM: the scripted OpenAI-compatible server playing planner, verifier and generator.

Its planner returns the case's expected steps, its verifier always answers "safe" (an LLM check that
misses everything), and its generator answers the case's draft: only the product's deterministic
rules stand between that draft and the patient.
"""
from __future__ import annotations

import json

from agent_system.llm.client import LLMSettings
from agent_system.settings import PROMPTS_DIR
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest

from .model import RedTeamCase

# Each role's system prompt opens with its own line: that says which role a request is for.
VERIFIER_OPENING = (PROMPTS_DIR / "verifier.txt").read_text(encoding="utf-8").splitlines()[0]
PLANNER_OPENING = (PROMPTS_DIR / "planner.txt").read_text(encoding="utf-8").splitlines()[0][:40]

SAFE = json.dumps({"safe": True, "flags": []})


def scripted_server(case: RedTeamCase) -> FakeOpenAIServer:
    """A started server answering whatever it is asked this turn: the plan, "safe", or the draft."""
    def route(request: RecordedRequest) -> str:
        system = str((request.body.get("messages") or [{}])[0].get("content", ""))
        if system.startswith(VERIFIER_OPENING):
            return SAFE
        return plan_reply(case) if system.startswith(PLANNER_OPENING) else case.draft or ""
    return FakeOpenAIServer(route=route).start()


def plan_reply(case: RedTeamCase) -> str:
    """The planner's JSON: the case's expected steps, each with the case's parameters."""
    steps = [{"step_id": n, "clinic": clinic, "action": action, "parameters": dict(case.parameters)}
             for n, (clinic, action) in enumerate(case.as_case().expected, start=1)]
    return json.dumps({"steps": steps})


def settings_for(server: FakeOpenAIServer) -> LLMSettings:
    """LLM settings pointing the pipeline at the scripted server."""
    return LLMSettings(provider="openai", base_url=server.base_url, timeout_s=5)
