"""Every failure the assistant raises on purpose, under one base class; each carries what its handler needs."""
from __future__ import annotations


class AssistantError(Exception):
    """Base of the assistant's own failures; anything else reaching a handler is a defect."""


# Configuration


class ConfigurationError(AssistantError):
    """A setting that cannot work, refused at start with the variable's name rather than failing later."""

    def __init__(self, variable: str, problem: str):
        super().__init__(f"{variable}: {problem}")
        self.variable = variable


# Planning


class InvalidPlan(AssistantError):
    """The model's plan breaks the registry, the tool catalog or a parameter format."""


class UngroundedPlan(AssistantError):
    """The LLM plan names something the patient never gave, or writes without being asked."""


# Triage


class LexiconError(AssistantError):
    """A triage phrase file does not have the shape the screen reads; raised at import, before any message."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where


# The LLM


class LLMError(AssistantError):
    """The LLM gave no usable answer: transport failure, refused request or unparseable output."""


class UnfaithfulAnswer(AssistantError):
    """A sentence of the LLM's answer failed the checks: the deterministic rendering is sent instead."""

    def __init__(self, reason: str):
        super().__init__(f"the LLM answer was not shown: {reason}")
        self.reason = reason


class LLMBudgetSpent(LLMError):
    """The turn's LLM budget allows no such call: the stage answers deterministically."""


class BudgetSpent(AssistantError):
    """The turn may make no more calls of this kind, or its LLM time is used up."""

    def __init__(self, purpose: str):
        super().__init__(f"no LLM {purpose} call left in this turn")
        self.purpose = purpose


class Deadline(AssistantError):
    """The call's time ran out while the server was still sending."""


class StreamCut(AssistantError):
    """The answer stream ended without a finish_reason: the connection closed mid-answer."""

    def __init__(self) -> None:
        super().__init__("LLM answer stream ended before it finished")


# Sessions and the web API


class SessionStoreTooNew(AssistantError):
    """The session store was migrated by newer code than this; refused at start rather than guessed at."""

    def __init__(self, store: str, version: int, known: int):
        super().__init__(f"{store} has schema version {version}, newer than this code knows ({known}); "
                         f"run the newer code, or restore a backup made for this version")
        self.version = version


class SessionsFull(AssistantError):
    """The store holds its maximum of live sessions; a new one must wait for idle ones to expire."""

    def __init__(self, max_sessions: int):
        super().__init__(f"{max_sessions} sessions stored")
        self.max_sessions = max_sessions


class ApiError(AssistantError):
    """An API failure answered as `{"error": {"code", "message"}}` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class TooManyRequests(ApiError):
    """A client over one of its limits; `retry_after_s` is how long it should wait."""

    def __init__(self, message: str, retry_after_s: int):
        super().__init__(429, "too_many_requests", message)
        self.retry_after_s = max(1, retry_after_s)


class ApiRefusal(AssistantError):
    """The web API refused a client's request (seen from the client side); carries its status and error code."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code, self.message = status, code, message
