"""The one failure type a clinic tool reports: a machine-readable code and a message for people."""
from __future__ import annotations

from clinic_servers.contract.error_codes import ToolErrorCode


class ToolError(Exception):
    """A tool call that cannot be done; it becomes an `isError` result, never a protocol error."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = ToolErrorCode(code).value  # a code outside the contract fails here, where it is raised
        self.message = message


class IdentityRefusal(ToolError):
    """A refusal for a wrong name or booking code: its failure count is saved although the call fails."""
