"""Fixtures for fault tests: clinics of our own to kill or freeze, web apps wired to them, store snapshots.

The session-wide fleet (tests/conftest.py) is shared by every suite, so nothing here ever kills or
freezes it: a test that breaks a clinic starts its own with `own_clinic`.
"""
from __future__ import annotations

import os
import signal
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from agent_system.terminal.client import ChatClient
from agent_system.web.settings import WebSettings
from tests.support import ANA_CPF, agent_settings, single_clinic
from tests.web.conftest import ROOMY_LIMITS, app, client, live_server, web_settings  # noqa: F401  (re-exported)
from web_app import create_app

ANA = ("Ana Paula Teixeira", ANA_CPF)


@pytest.fixture
def own_clinic(tmp_path):
    """Start one private clinic (`own_clinic("clinic_c")`); it is thawed and stopped after the test."""
    started = []

    def start(clinic_id: str, workers: int = 1):
        fleet = single_clinic(clinic_id, tmp_path / f"own-{clinic_id}", workers=workers)
        started.append(fleet)
        return fleet

    yield start
    for fleet in started:
        for process in fleet.processes.values():
            signal_group(process, signal.SIGCONT)
        fleet.stop()


def signal_group(process, signum: int) -> None:
    """Signal a clinic's gunicorn master and its workers (the launcher gives each its own group)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signum)
        except ProcessLookupError:
            pass


@pytest.fixture
def clinic_urls(clinics, registry):
    """The shared fleet's endpoints; copy and replace entries to route a clinic elsewhere."""
    return {c: clinics.url(c) for c in registry.ids()}


@pytest.fixture
def app_for(tmp_path):
    """Build a web app over given clinic endpoints, with agent settings changed as asked."""
    def build(urls: dict[str, str], var_dir: Path | None = None, **agent_changes):
        agent = agent_settings(urls, var_dir or tmp_path / "web-var", **agent_changes)
        return create_app({"SETTINGS": WebSettings(agent=agent, limits=ROOMY_LIMITS), "TESTING": True})
    return build


def chat_client(base_url: str, patient: tuple[str, str] = ANA) -> ChatClient:
    """A headless client with an open session."""
    chat = ChatClient(base_url, timeout_s=60)
    chat.open(*patient)
    return chat


def slot_rows(var_dir: Path, clinic_id: str) -> list[tuple]:
    """Every slot row of a clinic's store, read-only: a snapshot to compare before and after."""
    with closing(sqlite3.connect(f"file:{var_dir / clinic_id}.sqlite3?mode=ro", uri=True)) as db:
        return db.execute("SELECT doctor, date, time, available, patient_name, cpf FROM slots "
                          "ORDER BY doctor, date, time").fetchall()


def session_rows(var_dir: Path) -> list[tuple]:
    """Every session of the web app's store (id, state and history, not the idle clock)."""
    with closing(sqlite3.connect(f"file:{var_dir / 'sessions.sqlite3'}?mode=ro", uri=True)) as db:
        return db.execute("SELECT id, state, history FROM sessions ORDER BY id").fetchall()


@pytest.fixture
def fleet_var(clinics) -> Path:
    """Where the shared fleet keeps its stores."""
    return Path(clinics.env["VAR_DIR"])


def fleet_snapshot(var_dir: Path, clinic_ids) -> dict[str, list[tuple]]:
    """The slot rows of several clinics."""
    return {cid: slot_rows(var_dir, cid) for cid in clinic_ids}
