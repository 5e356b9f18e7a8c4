"""Tool registration: a tool is a typed function; its JSON Schemas come from its type hints."""
from __future__ import annotations

import inspect
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from .errors import ToolError


class Role(str, Enum):
    PATIENT = "patient"
    STAFF = "staff"


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    role: Role
    func: Callable[..., BaseModel]
    arguments: type[BaseModel]
    result: type[BaseModel]

    def describe(self) -> dict[str, Any]:
        """The tool's entry in `tools/list`."""
        return {"name": self.name, "title": self.title, "description": self.description,
                "inputSchema": self.arguments.model_json_schema(),
                "outputSchema": self.result.model_json_schema()}

    def call(self, desk: Any, arguments: object) -> BaseModel:
        """Validate the arguments and run the tool; bad arguments become a ToolError."""
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise ToolError("invalid_arguments", "Os argumentos devem ser um objeto JSON.")
        try:
            parsed = self.arguments.model_validate(arguments)
        except ValidationError as e:
            raise ToolError("invalid_arguments", _explain(e)) from e
        return self.func(desk, **parsed.model_dump())


class ToolCatalog:
    """The tools every clinic serves, registered once."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def tool(self, role: Role, title: str) -> Callable[[Callable], Callable]:
        """Register a function as a tool; the function is returned unchanged."""
        def register(func: Callable) -> Callable:
            self._tools[func.__name__] = _build(func, role, title)
            return func
        return register

    def get(self, name: str) -> Tool | None:
        """The tool with this name, or None."""
        return self._tools.get(name)

    def allowed(self, role: Role) -> list[Tool]:
        """The tools a caller with this role may see and call."""
        return [t for t in self._tools.values() if role is Role.STAFF or t.role is Role.PATIENT]


def _build(func: Callable, role: Role, title: str) -> Tool:
    hints = typing.get_type_hints(func, include_extras=True)
    params = list(inspect.signature(func).parameters.values())[1:]  # the first one is the clinic desk
    fields = {p.name: (hints[p.name], ... if p.default is inspect.Parameter.empty else p.default) for p in params}
    arguments = create_model(f"{func.__name__}_arguments", __config__=ConfigDict(extra="forbid"), **fields)
    description = inspect.getdoc(func) or title
    return Tool(func.__name__, title, description, role, func, arguments, hints["return"])


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        field = ".".join(str(x) for x in item["loc"]) or "arguments"
        reason = "campo obrigatório ausente" if item["type"] == "missing" else (
            "campo não reconhecido" if item["type"] == "extra_forbidden" else item["msg"])
        parts.append(f"{field}: {reason}")
    return "Argumentos inválidos: " + "; ".join(parts)
