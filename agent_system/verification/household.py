"""The people a patient books for are no third party: their name and CPF in clinic data read as the patient's own.

A patient who named a child (full name and CPF) in this conversation sees the child's bookings; the
privacy rules must not take the child for a stranger, and must still flag anyone else.
"""
from __future__ import annotations

from typing import Any

from agent_system.domain.plan import StepResult
from agent_system.domain.patient import Patient
from agent_system.domain.tools import Tool
from agent_system.verification.pii import cpf_digits, is_own_cpf, name_key
from clinic_servers.contract.cpf import mask_cpf


def as_household(results: list[StepResult], patient: Patient) -> list[StepResult]:
    """The results with the name and CPF (full or masked) of each person the patient books for replaced by the
    patient's: those named in this conversation, and those a clinic says this patient booked for."""
    own_masked = mask_cpf(patient.cpf)
    booked_for = [record for r in results for record in _named_records(r.data)
                  if _booked_by_patient(record, r, own_masked)]
    if not (patient.dependants or booked_for):
        return results
    names = {name_key(d.name) for d in patient.dependants} | {name_key(str(b["patient_name"])) for b in booked_for}
    cpfs = [cpf_digits(d.cpf) for d in patient.dependants] + [str(b["cpf_masked"]).replace(".", "").replace("-", "")
                                                              for b in booked_for if b.get("cpf_masked")]

    def swap(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: swap(v) for k, v in node.items()}
        if isinstance(node, list):
            return [swap(v) for v in node]
        if isinstance(node, str):
            if name_key(node) in names:
                return patient.name
            if any(is_own_cpf(node.strip(), cpf) or node.strip().replace(".", "").replace("-", "") == cpf
                   for cpf in cpfs):
                return own_masked
        return node

    return [StepResult(**{**r.model_dump(), "data": swap(r.data)}) if r.data else r for r in results]


def _named_records(data: Any) -> list[dict]:
    """The objects in a result's data that name a patient (a `patient_name` text), in no particular order.

    A walk with a stack: the verifier asks twice a turn, and a listing is a few hundred scalars that
    name nobody, which building a list at every level of a recursion made the larger cost.
    """
    found, stack = [], [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("patient_name"), str):
                found.append(node)
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, (dict, list)))
    return found


def _booked_by_patient(record: dict, result: StepResult, own_masked: str) -> bool:
    """A booking the clinic says this patient made for someone: booked by their CPF, or listed to them for another."""
    if not isinstance(record.get("patient_name"), str):
        return False
    return record.get("booked_by") == own_masked or (result.action == Tool.LIST_MY_APPOINTMENTS
                                                     and "booked_by" in record and record.get("booked_by") is None
                                                     and "cpf_masked" not in record)
