"""A clinic that commits a booking and dies before replying: the patient is told the truth (not confirmed,
check your appointments), and the booking is in the clinic's store exactly once, also after a retry.

The clinic is a real gunicorn process behind a proxy that forwards the booking, lets the clinic commit
and answer, then kills the clinic (SIGKILL) and drops the connection instead of relaying the answer.
"""
from __future__ import annotations

import signal
from pathlib import Path

from tests.faults.conftest import ANA, chat_client, signal_group, slot_rows
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import served


class CrashAfterCommit(ClinicProxy):
    """Relays every call, except that a booking's answer is replaced by the clinic's death."""

    def __init__(self, target_url: str, process):
        super().__init__(target_url)
        self.process, self.crashed = process, False

    def forward(self, body: bytes, headers: dict) -> tuple[int, bytes]:
        status, content = super().forward(body, headers)
        if b'"book_appointment"' in body and not self.crashed:
            self.crashed = True
            assert b'"confirmed"' in content  # the clinic committed the booking ...
            signal_group(self.process, signal.SIGKILL)  # ... and dies before anyone hears of it
            raise ConnectionAbortedError("the clinic died before replying")
        return status, content


def answer_of(events):
    assert [e.type for e in events][-1] == "done", [e.type for e in events]
    return next(e for e in events if e.type == "answer")


def test_a_booking_committed_by_a_clinic_that_dies_before_replying_is_told_truthfully(own_clinic, clinic_urls,
                                                                                      app_for):
    clinic_b = own_clinic("clinic_b")
    proxy = CrashAfterCommit(clinic_b.url("clinic_b"), clinic_b.processes["clinic_b"])
    store = Path(clinic_b.env["VAR_DIR"])
    try:
        with served(app_for(clinic_urls | {"clinic_b": proxy.url}, dispatch_timeout_s=5.0)) as base:
            client = chat_client(base)
            slot = answer_of(client.turn("horários da Dra. Camila Rocha")).slots[0]
            told = answer_of(client.turn("quero o primeiro"))
            assert proxy.crashed
            # Not confirmed (the clinic never said so) and not denied (it may well have happened):
            assert told.appointments == []
            assert "Clínica B" in told.text and "não consegui confirmar" in told.text
            assert "de novo" in told.text and "duas vezes" in told.text  # asking again never books twice

            clinic_b.processes["clinic_b"].wait(10)
            clinic_b.start("clinic_b")  # back on the same store
            clinic_b.wait_ready()
            # Its code never reached the chat, so no listing can show it; the same request again confirms it.
            again = answer_of(client.turn(f"quero agendar com {slot.doctor} dia {slot.date[8:]}/{slot.date[5:7]} "
                                          f"às {slot.time}"))
            assert "Você já tem esta consulta" in again.text, again.text
    finally:
        proxy.stop()
    rows = [r for r in slot_rows(store, "clinic_b") if r[:3] == (slot.doctor, slot.date, slot.time)]
    assert [(available, name) for *_, available, name, _cpf in rows] == [(0, ANA[0])]
