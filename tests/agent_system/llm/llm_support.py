"""What the LLM client tests share: the scripted server's LLMs, a closed port, a planner reply."""

from __future__ import annotations

import json
import socket
from pathlib import Path


from agent_system.llm.budget import ANSWER, TurnKind
from agent_system.llm.client import LLM, LLMSettings
from tests.fakes.openai_server import FakeOpenAIServer

PROMPTS = Path(__file__).resolve().parents[3] / "prompts"
PLAN_SCHEMA = {
    "type": "object",
    "properties": {"steps": {"type": "array", "items": {"type": "object"}}},
    "required": ["steps"],
}
SYSTEM = "You are the planner. Answer with JSON only."
CONVERSATION = [
    {"role": "user", "content": "quero marcar cardiologia"},
    {"role": "assistant", "content": "Temos horários na Clínica A e na Clínica C."},
    {"role": "user", "content": "o primeiro"},
]
PLAN = '{"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "list_available_slots", "parameters": {}}]}'
PATIENT_CPF = "529.982.247-25"
ANSWER_ONLY = TurnKind(frozenset({ANSWER}), 1)


def openai_llm(server: FakeOpenAIServer, timeout_s: float = 5.0) -> LLM:
    """An LLM pointed at the fake server's OpenAI path."""
    return LLM(LLMSettings(provider="openai", api_key="sk-test", base_url=server.base_url, timeout_s=timeout_s))


def azure_settings(server: FakeOpenAIServer) -> LLMSettings:
    """Azure settings pointed at the fake server."""
    return LLMSettings(
        provider="azure", api_key="azure-key", azure_endpoint=server.endpoint, azure_deployment="gpt4o-prod"
    )


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def faithful_answer(request) -> str:
    """What a capable model answers: every slot or booking of the request's clinic data, one sentence each."""
    from clinic_servers.contract.registry import ClinicRegistry
    names = {c.id: c.name for c in ClinicRegistry.load().clinics}
    payload = json.loads(request.body["messages"][-1]["content"])
    sentences = []
    for item in payload["clinic_data"]:
        for line in item.get("slots", []):
            doctor_day, times = line.split(": ")
            doctor, day = doctor_day.rsplit(" ", 1)
            sentences.append(f"Na {names[item['clinic']]}, {doctor} tem horários em {day} às {times}.")
        booked = (item.get("result") or {}).get("appointment")
        if booked:
            sentences.append(f"Sua consulta na {names[item['clinic']]} com {booked['doctor']} está confirmada para "
                             f"{booked['date']} às {booked['time']}. O código da reserva é {booked['booking_code']}.")
    return " ".join(sentences)
