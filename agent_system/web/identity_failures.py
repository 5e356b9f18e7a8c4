"""Failed identity checks per session and per client address, across CPFs.

A stranger holding a patient's name and CPF may try names, CPFs and booking codes from many sessions;
the clinics count failures per (CPF, name presented), which never slows a stranger who changes the
name or the CPF, nor one guessing codes under the recorded name. So the web app counts them too: one
per turn that a clinic refused for identity or whose typed code opened no booking, per session and per
client address. A turn over either budget is refused (429) before it reaches a clinic.
"""
from __future__ import annotations

import math
import time
from typing import Iterable, Iterator

from flask import Flask
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from agent_system.domain.results import IDENTITY_REFUSALS
from agent_system.errors import TooManyRequests
from agent_system.web.limits import ClientLimits, rate_storage, wait_sentence

_REFUSED = "Muitas tentativas com dados que não conferem nesta conversa ou deste endereço."


class IdentityFailureLimit:
    """How many identity failures a session and a client address may have in a window."""

    def __init__(self, per_session: str, per_client: str, storage_uri: str):
        self._limiter = MovingWindowRateLimiter(storage_from_string(storage_uri))
        self._per_session, self._per_client = parse(per_session), parse(per_client)

    def check(self, session_id: str, client: str) -> None:
        """Raise TooManyRequests when the session or the client address has used its failures up."""
        for item, key in ((self._per_session, session_id), (self._per_client, client)):
            if not self._limiter.test(item, "identity-failures", key):
                reset = self._limiter.get_window_stats(item, "identity-failures", key).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise TooManyRequests(wait_sentence(_REFUSED, wait), wait)

    def counted(self, events: Iterable, session_id: str, client: str, typed_code: bool = False) -> Iterator:
        """The turn's events, passed on; a turn with an identity refusal, or whose typed booking code opened
        nothing, counts once against both budgets (a code guessed through a listing is a failure too)."""
        counted = False
        for event in events:
            if not counted and (_identity_refusal(event) or (typed_code and _opened_nothing(event))):
                counted = True
                self._limiter.hit(self._per_session, "identity-failures", session_id)
                self._limiter.hit(self._per_client, "identity-failures", client)
            yield event


def install_identity_limit(app: Flask, limits: ClientLimits) -> None:
    """Give the app its identity-failure budgets, counted where its other rates are."""
    app.extensions["identity_failures"] = IdentityFailureLimit(
        limits.identity_failures_per_session, limits.identity_failures_per_ip, rate_storage(limits))


def _opened_nothing(event) -> bool:
    return getattr(event, "type", None) == "answer" and not event.appointments and not event.emergency


def _identity_refusal(event) -> bool:
    error = getattr(event, "error", None) if getattr(event, "type", None) == "dispatch" else None
    return isinstance(error, dict) and error.get("code") in IDENTITY_REFUSALS
