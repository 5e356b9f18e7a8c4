"""Each clinic's own booking rules, decided inside the write's transaction: notice to cancel or move, and a
limit of future bookings per patient."""
from __future__ import annotations

from datetime import datetime, timedelta

from clinic_servers.contract.registry import ClinicRules
from clinic_servers.errors import ToolError
from clinic_servers.store import SlotRow
from clinic_servers.transaction import Transaction

NOTICE = ("Esta clínica só aceita cancelar ou remarcar com pelo menos {hours} horas de antecedência; "
          "para esta consulta, fale com a clínica pelo telefone.")
TOO_MANY = "Esta clínica aceita no máximo {most} consultas futuras por paciente."


def within_limit(tx: Transaction, rules: ClinicRules, now: datetime, cpf: str) -> None:
    """Refuse a booking past the clinic's limit of future bookings for this patient."""
    most = rules.max_future_bookings
    if most is None:
        return
    today, clock = now.date().isoformat(), now.strftime("%H:%M")
    held = tx.execute("SELECT COUNT(*) AS n FROM slots WHERE (date > ? OR (date = ? AND time > ?)) AND cpf = ?",
                      (today, today, clock, cpf)).fetchone()
    if held["n"] >= most:
        raise ToolError("too_many_bookings", TOO_MANY.format(most=most))


def with_notice(rules: ClinicRules, now: datetime, booking: SlotRow) -> None:
    """Refuse to cancel or move a booking closer to its start than the clinic's minimum notice."""
    hours = rules.min_notice_hours
    if hours and booking.starts_at() - now < timedelta(hours=hours):
        raise ToolError("notice_too_short", NOTICE.format(hours=hours))
