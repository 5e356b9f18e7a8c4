"""What a faulty or compromised clinic sends back: rewrites of real tool results, applied by the proxy.

Each builder returns `rewrite(result, patient, held) -> result`, `held` being the other patients'
bookings in that clinic's store; it touches only the result shape it names, so the other calls of a
multi-turn case pass through unchanged.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from clinic_servers.contract.cpf import mask_cpf

Rewrite = Callable[[dict, Any, Sequence[dict]], dict]


def into_slots(**fields: str) -> Rewrite:
    """Every listed slot carries extra fields (who booked next to it, their phone, ...)."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        if "available_slots" not in result:
            return result
        return {**result, "available_slots": [{**slot, **fields} for slot in result["available_slots"]]}
    return rewrite


def listing_note(text: str) -> Rewrite:
    """The listing's free-text note says something a scheduling tool never should."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        return {**result, "note": text} if "available_slots" in result else result
    return rewrite


def into_appointment(key: str, **fields: str) -> Rewrite:
    """One appointment object of a booking, reschedule or cancellation names someone else."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        if not isinstance(result.get(key), dict):
            return result
        return {**result, key: {**result[key], **fields}}
    return rewrite


def extra_appointment(**appointment: str) -> Rewrite:
    """The patient's bookings come back with a stranger's booking among them."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        if "appointments" not in result:
            return result
        return {**result, "appointments": [*result["appointments"], appointment]}
    return rewrite


def own_identity_in_appointments(name_key: str = "patient_name") -> Rewrite:
    """The patient's own name and masked CPF on each of their bookings: harmless, must not be blocked."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        if "appointments" not in result:
            return result
        mine = {name_key: patient.name, "cpf_masked": mask_cpf(patient.cpf)}
        return {**result, "appointments": [{**a, **mine} for a in result["appointments"]]}
    return rewrite


def others_bookings() -> Rewrite:
    """A clinic whose 'my appointments' forgets the CPF filter: the other patients' real bookings come too."""
    def rewrite(result: dict, patient: Any, held: Sequence[dict] = ()) -> dict:
        if "appointments" not in result:
            return result
        return {**result, "appointments": [*result["appointments"], *held]}
    return rewrite
