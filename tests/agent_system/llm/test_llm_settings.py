"""LLM settings: read once from the environment, validated, the API key never shown."""

from __future__ import annotations

import pytest

from agent_system.llm.client import DEFAULT_AZURE_API_VERSION, LLMSettings, build_llm

AZURE_ENV = {
    "AZURE_OPENAI_ENDPOINT": "https://clinic.openai.azure.com",
    "AZURE_OPENAI_API_KEY": "az-key",
    "AZURE_OPENAI_DEPLOYMENT": "gpt4o-prod",
}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, LLMSettings(provider="none")),
        ({"OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="openai", api_key="sk-1")),
        (
            {"OPENAI_BASE_URL": "http://127.0.0.1:8080/v1"},
            LLMSettings(provider="openai", base_url="http://127.0.0.1:8080/v1"),
        ),
        (
            {**AZURE_ENV, "OPENAI_API_KEY": "sk-1"},
            LLMSettings(
                provider="azure",
                api_key="az-key",
                azure_endpoint="https://clinic.openai.azure.com",
                azure_deployment="gpt4o-prod",
            ),
        ),
        ({"LLM_PROVIDER": "none", "OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="none", api_key="sk-1")),
        (
            {"LLM_PROVIDER": " OpenAI ", "AZURE_OPENAI_ENDPOINT": "https://x", "OPENAI_API_KEY": "sk-1"},
            LLMSettings(provider="openai", api_key="sk-1", azure_endpoint="https://x"),
        ),
        ({"LLM_PROVIDER": "", "OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="openai", api_key="sk-1")),
        (
            {
                "OPENAI_BASE_URL": "http://127.0.0.1:11434/v1",
                "OPENAI_MODEL": "qwen2.5:7b",
                "LLM_TIMEOUT_S": "2.5",
            },
            LLMSettings(provider="openai", base_url="http://127.0.0.1:11434/v1", model="qwen2.5:7b", timeout_s=2.5),
        ),
        (
            {**AZURE_ENV, "AZURE_OPENAI_API_VERSION": "2025-01-01"},
            LLMSettings(
                provider="azure",
                api_key="az-key",
                azure_endpoint="https://clinic.openai.azure.com",
                azure_deployment="gpt4o-prod",
                azure_api_version="2025-01-01",
            ),
        ),
    ],
)
def test_settings_from_env(env, expected):
    assert LLMSettings.from_env(env) == expected


def test_settings_defaults():
    settings = LLMSettings.from_env({"OPENAI_API_KEY": "sk-1"})
    assert (settings.model, settings.timeout_s, settings.azure_api_version) == (
        "gpt-4o-mini",
        15.0,
        DEFAULT_AZURE_API_VERSION,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"LLM_PROVIDER": "gemini"}, "LLM_PROVIDER"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "soon"}, "LLM_TIMEOUT_S"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "0"}, "LLM_TIMEOUT_S"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "nan"}, "LLM_TIMEOUT_S"),
        ({"LLM_PROVIDER": "azure", "AZURE_OPENAI_API_KEY": "k"}, "AZURE_OPENAI_ENDPOINT"),
        ({"LLM_PROVIDER": "openai"}, "OPENAI_API_KEY"),
    ],
)
def test_settings_from_env_rejects_bad_configuration(env, message):
    with pytest.raises(ValueError, match=message):
        LLMSettings.from_env(env)


def test_unknown_provider_in_code_is_rejected():
    with pytest.raises(ValueError, match="not one of"):
        LLMSettings(provider="bedrock")  # type: ignore[arg-type]


def test_settings_repr_hides_api_key():
    assert "sk-secret" not in repr(LLMSettings(provider="openai", api_key="sk-secret"))


def test_labels_and_build_llm():
    assert build_llm(LLMSettings()) is None
    assert LLMSettings().label == "none"
    assert build_llm(LLMSettings(provider="openai", api_key="sk-1")).label == "openai:gpt-4o-mini"
    azure = LLMSettings(provider="azure", azure_endpoint="https://x", azure_deployment="dep")
    assert build_llm(azure).label == "azure:dep"


@pytest.mark.parametrize("value, on", [("off", False), ("OFF", False), ("0", False), ("no", False), ("false", False),
                                       ("on", True), ("1", True), ("yes", True), ("", True)])
def test_every_switch_reads_on_and_off_alike(registry, value, on):
    """TRIAGE_LLM_CHECK=off once left the check on: the switches now share one reading."""
    from agent_system.settings import AgentSettings
    env = {"TRIAGE_LLM_CHECK": value, "LLM_ANSWERS": value, "PLANNER_COT": value or "on"}
    settings = AgentSettings.from_env(env, registry)
    assert (settings.triage_llm_check, settings.llm_answers, settings.planner_cot) == (on, on, on)


def test_a_switch_that_is_neither_on_nor_off_is_refused(registry):
    from agent_system.errors import ConfigurationError
    from agent_system.settings import AgentSettings
    with pytest.raises(ConfigurationError, match="TRIAGE_LLM_CHECK"):
        AgentSettings.from_env({"TRIAGE_LLM_CHECK": "disabled"}, registry)
