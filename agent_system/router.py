"""The Router: sends each step to its clinic over MCP JSON-RPC, all in parallel, never failing the turn."""
from __future__ import annotations

import itertools
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Iterator

import requests
from requests.adapters import HTTPAdapter

from .conversation import Patient
from .plan import PATIENT_ACTIONS, STAFF_ACTIONS, Step, StepResult

SERVER_ERROR = -32000  # transport failures, as JSON-RPC's implementation-defined server error
METHOD_NOT_FOUND = -32601
MAX_PARALLEL = 32


class Router:
    """Knows where every clinic is; dispatches steps with the session's identity injected."""

    def __init__(self, endpoints: dict[str, str], token: str, timeout_s: float):
        self.endpoints = endpoints
        self.timeout_s = timeout_s
        self._headers = {"Authorization": f"Bearer {token}", "MCP-Protocol-Version": "2025-11-25",
                         "Accept": "application/json, text/event-stream"}
        self._http = requests.Session()
        self._http.mount("http://", HTTPAdapter(pool_connections=16, pool_maxsize=MAX_PARALLEL))
        self._http.mount("https://", HTTPAdapter(pool_connections=16, pool_maxsize=MAX_PARALLEL))
        self._pool = ThreadPoolExecutor(MAX_PARALLEL, thread_name_prefix="router")
        self._ids = itertools.count(1)

    def dispatch(self, steps: list[Step], patient: Patient) -> Iterator[tuple[Step, StepResult | None]]:
        """Yield (step, None) as each call leaves, then (step, result) as each one ends."""
        futures: dict[Future, Step] = {}
        for step in steps:
            futures[self._pool.submit(self.call, step, patient)] = step
            yield step, None
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield futures[future], future.result()

    def call(self, step: Step, patient: Patient) -> StepResult:
        """One step, end to end; every failure becomes a result, never an exception."""
        started = time.perf_counter()
        status, data, error = self._call(step, patient)
        return StepResult(step_id=step.step_id, clinic=step.clinic, action=step.action,
                          parameters=step.parameters, status=status, data=data, error=error,
                          ms=round((time.perf_counter() - started) * 1000, 1))

    def health(self) -> dict[str, str]:
        """Each clinic "up" or "down", by an authenticated `ping` with a short timeout."""
        checks = {cid: self._pool.submit(self._answers_ping, url) for cid, url in self.endpoints.items()}
        return {cid: "up" if check.result() else "down" for cid, check in checks.items()}

    def _answers_ping(self, url: str) -> bool:
        try:
            reply = self._http.post(url, json={"jsonrpc": "2.0", "id": 0, "method": "ping"}, headers=self._headers,
                                    timeout=min(self.timeout_s, 2.0))
            return reply.status_code == 200 and "result" in reply.json()
        except (requests.RequestException, ValueError):
            return False

    def close(self) -> None:
        """Release the worker threads and connections."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._http.close()

    def _call(self, step: Step, patient: Patient) -> tuple[str, dict | None, dict | None]:
        if step.action in STAFF_ACTIONS or step.action not in PATIENT_ACTIONS:
            return "error", None, {"code": "forbidden", "message": f"{step.action} is not available from the chat"}
        url = self.endpoints.get(step.clinic)
        if url is None:
            return "error", None, {"code": METHOD_NOT_FOUND, "message": f"unknown clinic {step.clinic}"}
        body = {"jsonrpc": "2.0", "id": next(self._ids), "method": "tools/call",
                "params": {"name": step.action, "arguments": inject_identity(step, patient)}}
        try:
            reply = self._http.post(url, json=body, headers=self._headers, timeout=self.timeout_s)
        except requests.Timeout:
            return "timeout", None, {"code": SERVER_ERROR, "message": f"{step.clinic} did not answer in time"}
        except requests.RequestException:
            return "error", None, {"code": SERVER_ERROR, "message": f"{step.clinic} is unreachable"}
        return _read_reply(step.clinic, reply)


def inject_identity(step: Step, patient: Patient) -> dict:
    """The step's arguments with the session's name and CPF, overwriting whatever the plan said."""
    arguments = {k: v for k, v in step.parameters.items() if k not in ("patient_name", "cpf")}
    if step.action in ("book_appointment", "reschedule_appointment", "cancel_appointment"):
        arguments["patient_name"] = patient.name
    if step.action in ("book_appointment", "reschedule_appointment", "cancel_appointment", "list_my_appointments"):
        arguments["cpf"] = patient.cpf
    return arguments


def _read_reply(clinic: str, reply: requests.Response) -> tuple[str, dict | None, dict | None]:
    try:
        message = reply.json()
    except ValueError:
        message = None
    if reply.status_code != 200 or not isinstance(message, dict):
        return "error", None, {"code": SERVER_ERROR, "message": f"{clinic} answered HTTP {reply.status_code}"}
    if isinstance(message.get("error"), dict):
        error = message["error"]
        return "error", None, {"code": error.get("code", SERVER_ERROR), "message": str(error.get("message", ""))}
    result = message.get("result")
    content = result.get("structuredContent") if isinstance(result, dict) else None
    if not isinstance(content, dict):
        return "error", None, {"code": SERVER_ERROR, "message": f"{clinic} sent a malformed result"}
    if result.get("isError"):
        error = content.get("error") if isinstance(content.get("error"), dict) else {}
        return "error", None, {"code": error.get("code", "tool_error"), "message": str(error.get("message", ""))}
    return "ok", content, None
