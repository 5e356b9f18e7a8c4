"""Fixtures for the orchestrator's tests."""

from tests.fakes.openai_server import openai_server  # noqa: F401  (re-exported fixture)
