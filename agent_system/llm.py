"""The one place that talks to an OpenAI-compatible LLM (OpenAI, Azure OpenAI, local servers).

Prompts and messages are never logged: they may hold a patient's name or CPF.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal, Mapping

import openai

log = logging.getLogger(__name__)

Provider = Literal["none", "openai", "azure"]
PROVIDERS: tuple[str, ...] = ("none", "openai", "azure")
DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_AZURE_API_VERSION = "2024-10-21"
DEFAULT_TIMEOUT_S = 15.0
OPENAI_BASE_URL = "https://api.openai.com/v1"
# Local servers (llama.cpp, Ollama, vLLM) ignore the key, but the SDK insists on one.
PLACEHOLDER_API_KEY = "no-key-required"
# Strongest first: a server that rejects a mode gets the next one (DESIGN §4).
JSON_MODES: tuple[str, ...] = ("json_schema", "json_object", "plain")
# How servers say "I do not support this response_format" (llama.cpp answers 500).
_FORMAT_REJECTION_STATUSES = frozenset({400, 422, 500})


class LLMError(Exception):
    """The LLM gave no usable answer: transport failure, refused request or unparseable output."""


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

    def __post_init__(self) -> None:
        _check_settings(self)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LLMSettings:
        """Settings from an environment mapping, with DESIGN §4's provider default."""
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


def _parse_timeout(raw: str | None) -> float:
    """LLM_TIMEOUT_S as seconds; the range is checked with the other settings."""
    if raw is None:
        return DEFAULT_TIMEOUT_S
    try:
        return float(raw)
    except ValueError as e:
        raise ValueError(f"LLM_TIMEOUT_S must be a number of seconds, got {raw!r}") from e


def _check_settings(settings: LLMSettings) -> None:
    """Fail at startup with a clear message instead of at the first patient's message."""
    if settings.provider not in PROVIDERS:
        raise ValueError(f"LLM provider {settings.provider!r} is not one of: {', '.join(PROVIDERS)}")
    if not 0 < settings.timeout_s < math.inf:  # also rejects NaN
        raise ValueError(f"LLM_TIMEOUT_S must be a positive number, got {settings.timeout_s!r}")
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
            azure_endpoint=settings.azure_endpoint,
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
    """Chat completions with JSON-mode degradation and streamed text."""

    def __init__(self, settings: LLMSettings) -> None:
        self._settings = settings
        self._client = build_client(settings)
        self._mode_index = 0  # the JSON mode that last worked; shared by all calls

    @property
    def label(self) -> str:
        """Provider and model, e.g. "openai:gpt-4o-mini" or "azure:<deployment>"."""
        return self._settings.label

    @property
    def json_mode(self) -> str:
        """The JSON mode the next complete_json call tries first."""
        return JSON_MODES[self._mode_index]

    def complete_json(
        self,
        system: str,
        messages: list[dict],
        schema: dict,
        schema_name: str,
        temperature: float = 0.0,
        max_tokens: int | None = None,
    ) -> dict:
        """Ask for a JSON object (json_schema -> json_object -> plain prompt) and parse it."""
        chat = _chat_messages(system, messages)
        content = self._complete_degrading(chat, schema, schema_name, temperature, max_tokens)
        return parse_json_object(content, schema_name)

    def stream_text(self, system: str, messages: list[dict], temperature: float = 0.3) -> Iterator[str]:
        """Yield the answer's text deltas as the server streams them."""
        chat = _chat_messages(system, messages)
        try:
            stream = self._client.chat.completions.create(
                model=self._settings.request_model, messages=chat, temperature=temperature, stream=True
            )
            with stream:  # closes the HTTP response if the consumer stops early
                yield from _text_deltas(stream)
        except openai.OpenAIError as e:
            raise LLMError(self._failure(e)) from e

    def _complete_degrading(self, chat: list[dict], schema: dict, name: str, temperature: float,
                            max_tokens: int | None = None) -> str:
        """Try the remembered mode first; fall back only when the server rejects the format."""
        last = len(JSON_MODES) - 1
        for index in range(self._mode_index, last + 1):
            options = _format_options(JSON_MODES[index], schema, name)
            if max_tokens is not None:
                options["max_tokens"] = max_tokens
            try:
                content = self._complete(chat, temperature, options)
            except openai.APIStatusError as e:
                if index == last or not _rejects_format(e):
                    raise LLMError(self._failure(e)) from e
                self._log_degradation(index, e)
                continue
            self._mode_index = index
            return content
        raise LLMError(f"LLM {self.label}: no JSON mode left")  # unreachable: the loop returns or raises

    def _complete(self, chat: list[dict], temperature: float, options: dict[str, Any]) -> str:
        """One non-streaming call; status errors pass through so the caller can degrade."""
        try:
            response = self._client.chat.completions.create(
                model=self._settings.request_model, messages=chat, temperature=temperature, **options
            )
        except openai.APIStatusError:
            raise
        except openai.OpenAIError as e:  # timeouts and connection errors never degrade
            raise LLMError(self._failure(e)) from e
        return self._content(response)

    def _content(self, response: Any) -> str:
        """The first choice's text, or LLMError when the server sent none."""
        choices = getattr(response, "choices", None)
        content = choices[0].message.content if choices else None
        if not isinstance(content, str) or not content.strip():
            raise LLMError(f"LLM {self.label} returned no content")
        return content

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
        log.warning(
            "LLM %s rejected response_format %s (HTTP %s); trying %s",
            self.label, JSON_MODES[index], error.status_code, JSON_MODES[index + 1],
        )


def _chat_messages(system: str, messages: list[dict]) -> list[dict]:
    """The system prompt first, then the conversation."""
    return [{"role": "system", "content": system}, *messages]


def _format_options(mode: str, schema: dict, name: str) -> dict[str, Any]:
    """The create() keyword arguments that ask for JSON in `mode`."""
    if mode == "json_schema":
        spec = {"name": name, "schema": schema, "strict": False}
        return {"response_format": {"type": "json_schema", "json_schema": spec}}
    if mode == "json_object":
        # llama.cpp's server constrains output with `schema` here; the SDK's typed
        # parameter has no such key, so the raw body is set through extra_body.
        return {"extra_body": {"response_format": {"type": "json_object", "schema": schema}}}
    return {}  # plain: the prompt itself asks for JSON


def _rejects_format(error: openai.APIStatusError) -> bool:
    """Whether the error is a server refusing the request's response_format."""
    return isinstance(error, openai.BadRequestError) or error.status_code in _FORMAT_REJECTION_STATUSES


def _text_deltas(stream: Any) -> Iterator[str]:
    """Text pieces from chat.completion.chunk events (Azure sends some with no choices).

    A stream cut mid-answer (the connection closed) ends like a finished one at the HTTP level;
    only the missing finish_reason tells, and a truncated answer must not pass for a whole one.
    """
    finished = False
    for chunk in stream:
        delta = chunk.choices[0].delta if chunk.choices else None
        finished = finished or any(getattr(choice, "finish_reason", None) for choice in chunk.choices or ())
        text = getattr(delta, "content", None)
        if text:
            yield text
    if not finished:
        raise LLMError("LLM answer stream ended before it finished")


def parse_json_object(content: str, what: str = "answer") -> dict:
    """Parse an LLM's JSON object, tolerating ```json fences or prose around it."""
    try:
        value = json.loads(_outermost_braces(content))
    except json.JSONDecodeError as e:
        # The content itself stays out of the message: it may echo patient data.
        raise LLMError(f"LLM {what} is not valid JSON ({len(content)} chars, error at {e.pos})") from e
    if not isinstance(value, dict):
        raise LLMError(f"LLM {what} is JSON but not an object")
    return value


def _outermost_braces(text: str) -> str:
    """The text from the first "{" to the last "}", which drops fences and chatter."""
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if 0 <= start < end else text
