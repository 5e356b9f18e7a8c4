"""The one place that talks to an OpenAI-compatible LLM (OpenAI, Azure OpenAI, local servers).

Prompts and messages are never logged: they may hold a patient's name or CPF.
"""
from __future__ import annotations

import json
import logging
import math
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal, Mapping, cast

import openai
from openai.types.chat import ChatCompletionMessageParam

from agent_system.errors import BudgetSpent, Deadline, LLMBudgetSpent, LLMError, StreamCut
from agent_system.llm.budget import TurnBudgets, TurnKind
from agent_system.llm.stream import JSON_MODES, first_json_object, format_options, rejects_format, text_deltas, until

log = logging.getLogger(__name__)

Provider = Literal["none", "openai", "azure"]
PROVIDERS: tuple[str, ...] = ("none", "openai", "azure")
DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_AZURE_API_VERSION = "2024-10-21"
DEFAULT_TIMEOUT_S = 15.0
DEFAULT_TURN_BUDGET_S = 30.0
OPENAI_BASE_URL = "https://api.openai.com/v1"
# Local servers (llama.cpp, Ollama, vLLM) ignore the key, but the SDK insists on one.
PLACEHOLDER_API_KEY = "no-key-required"


@dataclass(frozen=True)
class LLMSettings:
    """How to reach the LLM; read once from the environment and passed down."""

    provider: Provider = "none"
    model: str = DEFAULT_MODEL
    api_key: str | None = field(default=None, repr=False)  # keep secrets out of logs
    base_url: str | None = None
    azure_endpoint: str | None = None
    azure_deployment: str | None = None
    azure_api_version: str = DEFAULT_AZURE_API_VERSION
    timeout_s: float = DEFAULT_TIMEOUT_S
    turn_budget_s: float = DEFAULT_TURN_BUDGET_S  # all LLM calls of one turn together

    def __post_init__(self) -> None:
        _check_settings(self)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LLMSettings:
        """Settings from an environment mapping, with the provider default of README.md's Configuration table."""
        provider = _resolve_provider(env)
        key_name = "AZURE_OPENAI_API_KEY" if provider == "azure" else "OPENAI_API_KEY"
        return cls(
            provider=provider,  # type: ignore[arg-type]  # _resolve_provider checked it
            model=_env(env, "OPENAI_MODEL") or DEFAULT_MODEL,
            api_key=_env(env, key_name),
            base_url=_env(env, "OPENAI_BASE_URL"),
            azure_endpoint=_env(env, "AZURE_OPENAI_ENDPOINT"),
            azure_deployment=_env(env, "AZURE_OPENAI_DEPLOYMENT"),
            azure_api_version=_env(env, "AZURE_OPENAI_API_VERSION") or DEFAULT_AZURE_API_VERSION,
            timeout_s=_parse_timeout(_env(env, "LLM_TIMEOUT_S")),
            turn_budget_s=_parse_timeout(_env(env, "LLM_TURN_BUDGET_S"), "LLM_TURN_BUDGET_S", DEFAULT_TURN_BUDGET_S),
        )

    @property
    def request_model(self) -> str:
        """The `model` sent in requests: the deployment on Azure, the model name elsewhere."""
        if self.provider == "azure":
            return self.azure_deployment or self.model
        return self.model

    @property
    def label(self) -> str:
        """Provider and model for logs and /api/health, e.g. "openai:gpt-4o-mini"."""
        if self.provider == "none":
            return "none"
        return f"{self.provider}:{self.request_model}"


def _env(env: Mapping[str, str], name: str) -> str | None:
    """The variable's stripped value; empty counts as unset (`KEY=` lines in .env files)."""
    value = (env.get(name) or "").strip()
    return value or None


def _resolve_provider(env: Mapping[str, str]) -> str:
    """LLM_PROVIDER when set, else azure/openai/none from which variables are present."""
    explicit = _env(env, "LLM_PROVIDER")
    if explicit is not None:
        if explicit.lower() not in PROVIDERS:
            raise ValueError(f"LLM_PROVIDER={explicit!r} is not one of: {', '.join(PROVIDERS)}")
        return explicit.lower()
    if _env(env, "AZURE_OPENAI_ENDPOINT"):
        return "azure"
    if _env(env, "OPENAI_API_KEY") or _env(env, "OPENAI_BASE_URL"):
        return "openai"
    return "none"


def _parse_timeout(raw: str | None, name: str = "LLM_TIMEOUT_S", default: float = DEFAULT_TIMEOUT_S) -> float:
    """A duration variable as seconds; the range is checked with the other settings."""
    if raw is None:
        return default
    try:
        return float(raw)
    except ValueError as e:
        raise ValueError(f"{name} must be a number of seconds, got {raw!r}") from e


def _check_settings(settings: LLMSettings) -> None:
    """Fail at startup with a clear message instead of at the first patient's message."""
    if settings.provider not in PROVIDERS:
        raise ValueError(f"LLM provider {settings.provider!r} is not one of: {', '.join(PROVIDERS)}")
    if not 0 < settings.timeout_s < math.inf:  # also rejects NaN
        raise ValueError(f"LLM_TIMEOUT_S must be a positive number, got {settings.timeout_s!r}")
    if not 0 < settings.turn_budget_s < math.inf:
        raise ValueError(f"LLM_TURN_BUDGET_S must be a positive number, got {settings.turn_budget_s!r}")
    if settings.provider == "azure" and not settings.azure_endpoint:
        raise ValueError("LLM provider azure needs AZURE_OPENAI_ENDPOINT")
    if settings.provider == "openai" and not (settings.api_key or settings.base_url):
        raise ValueError("LLM provider openai needs OPENAI_API_KEY, or OPENAI_BASE_URL for a local server")


def build_client(settings: LLMSettings) -> openai.OpenAI:
    """The SDK client: AzureOpenAI for azure, OpenAI otherwise; one bounded try per call."""
    # Everything is passed explicitly so the SDK does not fall back to os.environ.
    common: dict[str, Any] = {
        "api_key": settings.api_key or PLACEHOLDER_API_KEY,
        "timeout": settings.timeout_s,
        "max_retries": 0,  # an unreachable LLM costs one bounded wait, then the rules take over
    }
    if settings.provider == "azure":
        return openai.AzureOpenAI(
            azure_endpoint=settings.azure_endpoint or "",  # never empty: settings are checked when made
            azure_deployment=settings.request_model,
            api_version=settings.azure_api_version,
            **common,
        )
    if settings.provider == "openai":
        return openai.OpenAI(base_url=settings.base_url or OPENAI_BASE_URL, **common)
    raise ValueError("LLM provider none has no client")


def build_llm(settings: LLMSettings) -> LLM | None:
    """An LLM for these settings, or None when the provider is none."""
    return None if settings.provider == "none" else LLM(settings)


class LLM:
    """Chat completions with JSON-mode degradation, streamed text, bounded calls and a per-turn budget."""

    # The JSON mode that last worked, per server and model: every pipeline built for the same
    # server starts from what that server accepted, instead of being refused again each turn.
    _modes: dict[str, int] = {}
    _modes_lock = threading.Lock()

    def __init__(self, settings: LLMSettings) -> None:
        self._settings = settings
        self._client = build_client(settings)
        self._server = f"{settings.provider}|{settings.base_url or settings.azure_endpoint}|{settings.request_model}"
        self.budgets = TurnBudgets()

    @property
    def label(self) -> str:
        """Provider and model, e.g. "openai:gpt-4o-mini" or "azure:<deployment>"."""
        return self._settings.label

    @property
    def json_mode(self) -> str:
        """The JSON mode the next complete_json call tries first."""
        return JSON_MODES[self._modes.get(self._server, 0)]

    def start_turn(self, kind: TurnKind, seconds: float | None = None) -> None:
        """Open this thread's turn: the calls of this kind, within the turn's LLM time."""
        self.budgets.start(kind, self._settings.turn_budget_s if seconds is None else seconds)

    def settle_turn(self, kind: TurnKind) -> None:
        """Make this thread's open turn one of this kind, counting the calls it already made."""
        self.budgets.settle(kind, self._settings.turn_budget_s)

    def end_turn(self) -> list[str]:
        """Close this thread's turn; the purposes of the calls it made, in order."""
        budget = self.budgets.current
        self.budgets.end()
        return [] if budget is None else list(budget.calls)

    def complete_json(self, system: str, messages: list[dict], schema: dict, schema_name: str,
                      temperature: float = 0.0, max_tokens: int = 384, purpose: str = "plan") -> dict:
        """Ask for a JSON object (json_schema -> json_object -> plain prompt); read up to its end."""
        deadline = time.monotonic() + self._take(purpose)
        chat = [{"role": "system", "content": system}, *messages]
        content = self._complete_degrading(chat, schema, schema_name, temperature, max_tokens, deadline)
        return parse_json_object(content, schema_name)

    def stream_text(self, system: str, messages: list[dict], temperature: float = 0.3, max_tokens: int = 320,
                    purpose: str = "answer") -> Iterator[str]:
        """Yield the answer's text deltas as the server streams them, until the call's time is up."""
        deadline = time.monotonic() + self._take(purpose)
        chat = [{"role": "system", "content": system}, *messages]
        try:
            yield from self._stream(chat, temperature, max_tokens, deadline, {})
        except openai.OpenAIError as e:
            raise LLMError(self._failure(e)) from e

    def _take(self, purpose: str) -> float:
        """The seconds this call may last: the per-call timeout, cut to what the turn has left."""
        try:
            left = self.budgets.take(purpose)
        except BudgetSpent as e:
            raise LLMBudgetSpent(str(e)) from e
        return self._settings.timeout_s if left is None else min(self._settings.timeout_s, left)

    def _stream(self, chat: list[dict], temperature: float, max_tokens: int, deadline: float,
                options: dict[str, Any]) -> Iterator[str]:
        """One streamed call; stops waiting (and closes the response) at the deadline."""
        stream = self._client.chat.completions.create(
            model=self._settings.request_model, messages=cast(list[ChatCompletionMessageParam], chat), stream=True,
            temperature=temperature, max_tokens=max_tokens, timeout=max(0.001, deadline - time.monotonic()), **options)
        if not isinstance(stream, openai.Stream):  # `options` hide from the SDK's types that stream=True streams
            raise LLMError(f"LLM {self.label}: the server did not stream")
        # A read blocks for as long as the server sends nothing; the watchdog closes it at the deadline.
        watchdog = threading.Timer(max(0.0, deadline - time.monotonic()), stream.close)
        watchdog.daemon = True
        watchdog.start()
        try:
            with stream:  # closes the HTTP response when the consumer stops early: the server stops generating
                yield from until(deadline, text_deltas(stream))
        except StreamCut as e:
            raise LLMError(f"LLM {self.label}: {e}") from e
        except Exception as e:
            if time.monotonic() < deadline and not isinstance(e, Deadline):
                raise
            raise LLMError(f"LLM {self.label} timed out (its time or the turn's ran out)") from e
        finally:
            watchdog.cancel()
        if time.monotonic() >= deadline:  # the watchdog ended the stream early: the reply is cut
            raise LLMError(f"LLM {self.label} timed out (its time or the turn's ran out)")

    def _complete_degrading(self, chat: list[dict], schema: dict, name: str, temperature: float,
                            max_tokens: int, deadline: float) -> str:
        """Try the remembered mode first; fall back only when the server rejects the format."""
        last = len(JSON_MODES) - 1
        for index in range(self._modes.get(self._server, 0), last + 1):
            options = format_options(JSON_MODES[index], schema, name)
            try:
                content = first_json_object(self._stream(chat, temperature, max_tokens, deadline, options))
            except openai.APIStatusError as e:
                if index == last or not rejects_format(e):
                    raise LLMError(self._failure(e)) from e
                self._log_degradation(index, e)
                continue
            # Timeouts, lost connections and cut streams never degrade; but a mode reached past a
            # refusal stays the one to start from, or every later call would ask in the refused one first.
            except openai.OpenAIError as e:
                self._remember(index)
                raise LLMError(self._failure(e)) from e
            except LLMError:
                self._remember(index)
                raise
            self._remember(index)
            if not content.strip():
                raise LLMError(f"LLM {self.label} returned no content")
            return content
        raise LLMError(f"LLM {self.label}: no JSON mode left")  # unreachable: the loop returns or raises

    def _remember(self, index: int) -> None:
        with self._modes_lock:
            self._modes[self._server] = index

    def _failure(self, error: openai.OpenAIError) -> str:
        """A message naming the failure, never the prompt or the server's echo of it."""
        if isinstance(error, openai.APITimeoutError):
            return f"LLM {self.label} timed out after {self._settings.timeout_s:g} s"
        if isinstance(error, openai.APIConnectionError):
            return f"LLM {self.label} is unreachable"
        if isinstance(error, openai.APIStatusError):
            return f"LLM {self.label} answered HTTP {error.status_code}"
        return f"LLM {self.label} failed ({type(error).__name__})"

    def _log_degradation(self, index: int, error: openai.APIStatusError) -> None:
        """Say which mode the server rejected; the request body is not logged."""
        log.warning("LLM %s rejected response_format %s (HTTP %s); trying %s",
                    self.label, JSON_MODES[index], error.status_code, JSON_MODES[index + 1])


def parse_json_object(content: str, what: str = "answer") -> dict:
    """Parse the first JSON object in an LLM's reply, dropping ```json fences, chatter and what follows."""
    start = content.find("{")
    try:
        value = json.loads(first_json_object([content[start:]]) if start >= 0 else content)
    except json.JSONDecodeError as e:
        # The content itself stays out of the message: it may echo patient data.
        raise LLMError(f"LLM {what} is not valid JSON ({len(content)} chars, error at {e.pos})") from e
    if not isinstance(value, dict):
        raise LLMError(f"LLM {what} is JSON but not an object")
    return value
