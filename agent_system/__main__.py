"""`python -m agent_system`: the terminal conversation against running clinics."""
from __future__ import annotations

import argparse
import sys

from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.environment import read_environment
from clinic_servers.contract.registry import ClinicRegistry

from agent_system.assembly import build_pipeline
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.settings import AgentSettings
from agent_system.terminal.console import answer_text, describe
from agent_system.turn_runner import open_turn_runner

_EXIT_WORDS = {"sair", "exit", "quit", "tchau"}


def identify() -> Patient:
    """Ask for the patient's full name and a valid CPF."""
    name = ""
    while len(name.split()) < 2:
        name = input("Nome completo: ").strip()
    while True:
        cpf = normalize_cpf(input("CPF: ").strip())
        if cpf:
            return Patient(name=name, cpf=cpf)
        print("CPF inválido. Use os 11 dígitos, com ou sem pontos e traço.")


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line: no options but --help; the patient is asked for on the terminal."""
    parser = argparse.ArgumentParser(
        prog="python -m agent_system",
        description="Chat with the assistant in the terminal, against running clinics (python -m clinic_servers): "
                    "it asks for your full name and CPF, then answers one message per line until 'sair'.",
        epilog="Configured by environment variables or a .env file (README, Configuration): CLINIC_A_URL ... "
               "CLINIC_F_URL or CLINIC_HOST and the ports, CLINIC_TOKEN (else VAR_DIR/clinic_tokens.json), "
               "CLINIC_TODAY, the LLM variables.")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Identify the patient, then run one turn per line until 'sair' or end of input; each turn is audited."""
    parse_arguments(argv)
    env = read_environment()
    registry = ClinicRegistry.from_env(env)
    settings = AgentSettings.from_env(env, registry)
    turns = open_turn_runner(build_pipeline(settings, registry), settings)
    session_id = None
    try:
        patient = identify()
        session_id = turns.sessions.create(patient)
        conversation = Conversation(patient=patient)
        print(f"Olá, {patient.name.split()[0]}! Como posso ajudar? ('sair' para terminar)")
        while (message := input("> ").strip()).lower() not in _EXIT_WORDS:
            for event in turns.events(session_id, conversation, message) if message else ():
                line = describe(event) or answer_text(event)
                if line:
                    print(line, flush=True)
    except (EOFError, KeyboardInterrupt):
        print()
    finally:
        if session_id:  # nobody can come back to a terminal conversation: its CPF is not kept
            turns.sessions.delete(session_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
