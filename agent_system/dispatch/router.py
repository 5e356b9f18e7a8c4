"""The Router: sends each step to its clinic over MCP JSON-RPC, all in parallel, never failing the turn."""
from __future__ import annotations

import http.client
import json
import time
import uuid
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Iterator, Literal

from agent_system.dispatch.clinic_http import ClinicHTTP
from agent_system.domain.plan import (IDENTIFIED_ACTIONS, INJECTED_ARGUMENTS, PATIENT_ACTIONS, STAFF_ACTIONS,
                                      WRITE_ACTIONS, Step, StepResult)
from agent_system.domain.tools import Tool
from agent_system.domain.write_grant import WriteGrant
from agent_system.domain.patient import Patient
from clinic_servers.contract.error_codes import ToolErrorCode
from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.tools import BOOKER_ARGUMENT, CODES_ARGUMENT, IDENTITY_ARGUMENTS, RETRY_KEY_ARGUMENT

SERVER_ERROR = -32000  # transport failures, as JSON-RPC's implementation-defined server error
METHOD_NOT_FOUND = -32601
BOOK, MY_APPOINTMENTS = Tool.BOOK_APPOINTMENT, Tool.LIST_MY_APPOINTMENTS
Outcome = tuple[Literal["ok", "error", "timeout"], dict | None, dict | None]  # a call's status, its data, its error
MAX_PARALLEL = 32


class Router:
    """Knows where every clinic is; dispatches steps with the session's identity injected."""

    def __init__(self, endpoints: dict[str, str], token: str, timeout_s: float, tls_verify: bool | str = True,
                 parallel: int = MAX_PARALLEL, http: ClinicHTTP | None = None):
        self.endpoints = endpoints
        self.timeout_s = timeout_s
        self._headers = {"Authorization": f"Bearer {token}", "MCP-Protocol-Version": "2025-11-25",
                         "Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        self._http = http or ClinicHTTP(tls_verify)
        self._pool = ThreadPoolExecutor(parallel, thread_name_prefix="router")

    def dispatch(self, steps: list[Step], patient: Patient,
                 grant: WriteGrant = WriteGrant()) -> Iterator[tuple[Step, StepResult | None]]:
        """Yield (step, None) as each call leaves, then (step, result) as each one ends; writes only as granted."""
        if len(steps) == 1:  # nothing runs alongside: spare the hand-off to a pool thread and back
            yield steps[0], None
            yield steps[0], self.call(steps[0], patient, grant)
            return
        futures: dict[Future, Step] = {}
        for step in steps:
            futures[self._pool.submit(self.call, step, patient, grant)] = step
            yield step, None
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield futures[future], future.result()

    def call(self, step: Step, patient: Patient, grant: WriteGrant = WriteGrant()) -> StepResult:
        """One step, end to end; every failure becomes a result, never an exception."""
        started = time.perf_counter()
        status, data, error = self._call(step, patient, grant)
        return StepResult(step_id=step.step_id, clinic=step.clinic, action=step.action,
                          parameters=step.parameters, status=status, data=data, error=error,
                          ms=round((time.perf_counter() - started) * 1000, 1))

    def close(self) -> None:
        """Release the worker threads and connections."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._http.close()

    def _call(self, step: Step, patient: Patient, grant: WriteGrant) -> Outcome:
        if step.action in STAFF_ACTIONS or step.action not in PATIENT_ACTIONS:
            return "error", None, {"code": "forbidden", "message": f"{step.action} is not available from the chat"}
        if refusal := grant.refusal(step):
            return "error", None, {"code": refusal, "message": f"{step.action} was not requested by the patient"}
        if not identity_allowed(step, patient):
            return "error", None, {"code": "identity_not_allowed",
                                   "message": f"{step.action} names someone the patient did not name"}
        url = self.endpoints.get(step.clinic)
        if url is None:
            return "error", None, {"code": METHOD_NOT_FOUND, "message": f"unknown clinic {step.clinic}"}
        arguments = {**inject_identity(step, patient), **grant.arguments(step)}
        if step.action in WRITE_ACTIONS:
            arguments[RETRY_KEY_ARGUMENT] = str(uuid.uuid4())
        body = {"jsonrpc": "2.0", "id": str(uuid.uuid4()), "method": "tools/call",
                "params": {"name": step.action, "arguments": arguments}}
        return self._send(step, url, body)

    def _send(self, step: Step, url: str, body: dict) -> Outcome:
        # A write that timed out may have committed: ask again with the same idempotency key, which
        # returns the first call's outcome, or makes the write now, but never makes it twice.
        tries = 2 if step.action in WRITE_ACTIONS else 1
        for _ in range(tries):
            try:
                status, content = self._post(url, body, self.timeout_s)
            except TimeoutError:
                continue
            except (OSError, http.client.HTTPException):
                return "error", None, {"code": SERVER_ERROR, "message": f"{step.clinic} is unreachable"}
            return _seen_by_patient(step.action, _read_reply(step.clinic, status, content, body["id"]))
        return "timeout", None, {"code": SERVER_ERROR, "message": f"{step.clinic} did not answer in time"}

    def _post(self, url: str, body: dict, timeout_s: float) -> tuple[int, bytes]:
        """(HTTP status, body) of one JSON-RPC message to a clinic."""
        return self._http.post(url, json.dumps(body).encode(), self._headers, timeout_s)


def identity_allowed(step: Step, patient: Patient) -> bool:
    """Whether the CPF a plan names, if any, is the session holder's or a dependant's the holder named here."""
    named = step.parameters.get("cpf")
    if named is None or step.action not in IDENTIFIED_ACTIONS:
        return True
    cpf = normalize_cpf(named)
    return cpf == patient.cpf or (cpf is not None and patient.dependant(cpf) is not None)


def inject_identity(step: Step, patient: Patient) -> dict:
    """The step's arguments with the session's name and CPF, overwriting whatever the plan said.

    A booking for a dependant the holder named in this conversation (the plan names that CPF) goes under
    the dependant's name and CPF, with the holder's CPF as the booker; every other call acts as the holder,
    who may list, move and cancel what they booked for others. A booking code or idempotency key in a plan
    is dropped too: the code comes from the patient's confirmation (the grant), the key from the router; a
    listing gets the codes the patient holds.
    """
    arguments = {k: v for k, v in step.parameters.items() if k not in (*INJECTED_ARGUMENTS, BOOKER_ARGUMENT)}
    if step.action in IDENTIFIED_ACTIONS:
        arguments.update(zip(IDENTITY_ARGUMENTS, (patient.name, patient.cpf)))
        dependant = patient.dependant(normalize_cpf(step.parameters.get("cpf")) or "")
        if step.action == BOOK and dependant is not None:
            arguments.update(zip(IDENTITY_ARGUMENTS, (dependant.name, dependant.cpf)))
            arguments[BOOKER_ARGUMENT] = patient.cpf
    if step.action == MY_APPOINTMENTS:  # each clinic gets the codes of its own bookings, never another's
        arguments[CODES_ARGUMENT] = patient.codes_at(step.clinic)
    return arguments


def _seen_by_patient(action: str, outcome: Outcome) -> Outcome:
    """A clinic's refusal as the turn may know it: its code only, and a locked name as any other identity refusal.

    The clinic's own sentence never travels on (it may say which clinic knows the CPF), and a lock reads
    as the refusal the same call gets for a name that does not fit: so whether a CPF is unknown, bound to
    another name or locked at a clinic, the answer and the events say the same.
    """
    status, data, error = outcome
    if status != "error" or not isinstance(error, dict) or not isinstance(error.get("code"), str):
        return outcome
    code = error["code"]
    if code == ToolErrorCode.LOCKED:
        if action == MY_APPOINTMENTS:
            return "ok", {"appointments": []}, None
        code = ToolErrorCode.IDENTITY_MISMATCH if action == BOOK else ToolErrorCode.APPOINTMENT_NOT_FOUND
    return status, data, {"code": str(code), "message": ""}


def _read_reply(clinic: str, status: int, content: bytes, request_id: str) -> Outcome:
    try:
        message = json.loads(content)
    except (ValueError, RecursionError):  # RecursionError: a reply nested absurdly deep
        message = None
    if status != 200 or not isinstance(message, dict):
        return "error", None, {"code": SERVER_ERROR, "message": f"{clinic} answered HTTP {status}"}
    if message.get("id") != request_id:  # an answer to another request (a confused proxy, a lying server)
        return "error", None, {"code": SERVER_ERROR, "message": f"{clinic} answered another request"}
    if isinstance(message.get("error"), dict):
        error = message["error"]
        return "error", None, {"code": error.get("code", SERVER_ERROR), "message": str(error.get("message", ""))}
    result = message.get("result")
    structured = result.get("structuredContent") if isinstance(result, dict) else None
    if not isinstance(result, dict) or not isinstance(structured, dict):
        return "error", None, {"code": SERVER_ERROR, "message": f"{clinic} sent a malformed result"}
    if result.get("isError"):
        refusal = structured["error"] if isinstance(structured.get("error"), dict) else {}
        return "error", None, {"code": refusal.get("code", "tool_error"), "message": str(refusal.get("message", ""))}
    return "ok", structured, None
