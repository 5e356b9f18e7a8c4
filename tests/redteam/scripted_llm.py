"""The red-team's LLM: the scripted OpenAI-compatible server playing planner, verifier and generator.

Its planner returns the case's expected steps, its verifier always answers "safe" (an LLM check that
misses everything), and its generator answers the case's draft: only the product's deterministic
rules stand between that draft and the patient.
"""
from __future__ import annotations

import json

from agent_system.llm import LLMSettings
from tests.fakes.openai_server import FakeOpenAIServer

from .model import RedTeamCase

SAFE = json.dumps({"safe": True, "note": "OK", "rules": []})


def scripted_server(case: RedTeamCase) -> FakeOpenAIServer:
    """A started server scripted for one turn: plan, data verdict, draft, answer verdict."""
    server = FakeOpenAIServer().start()
    server.script(plan_reply(case), SAFE, case.draft or "", SAFE)
    return server


def plan_reply(case: RedTeamCase) -> str:
    """The planner's JSON: the case's expected steps, each with the case's parameters."""
    steps = [{"step_id": n, "clinic": clinic, "action": action, "parameters": dict(case.parameters)}
             for n, (clinic, action) in enumerate(case.as_case().expected, start=1)]
    return json.dumps({"steps": steps})


def settings_for(server: FakeOpenAIServer) -> LLMSettings:
    """LLM settings pointing the pipeline at the scripted server."""
    return LLMSettings(provider="openai", base_url=server.base_url, timeout_s=5)
