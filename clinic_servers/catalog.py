"""Tool registration: each tool of the contract is implemented by one typed function over its argument model."""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from clinic_servers.contract.tools import TOOLS_BY_NAME, Arguments, Role, ToolSpec
from clinic_servers.errors import ToolError


@dataclass(frozen=True)
class Tool:
    spec: ToolSpec
    func: Callable[[Any, Arguments], BaseModel]

    @property
    def name(self) -> str:
        """The tool's name in `tools/call`."""
        return self.spec.name

    def describe(self) -> dict[str, Any]:
        """The tool's entry in `tools/list`."""
        spec = self.spec
        return {"name": spec.name, "title": spec.title, "description": spec.description,
                "inputSchema": spec.arguments.model_json_schema(), "outputSchema": spec.result.model_json_schema()}

    def call(self, desk: Any, arguments: object) -> BaseModel:
        """Validate the arguments and run the tool; bad arguments become a ToolError."""
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise ToolError("invalid_arguments", "Os argumentos devem ser um objeto JSON.")
        try:
            parsed = self.spec.arguments.model_validate(arguments)
        except ValidationError as e:
            raise ToolError("invalid_arguments", _explain(e)) from e
        return self.func(desk, parsed)


class ToolCatalog:
    """The tools every clinic serves, registered once."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def tool(self, func: Callable) -> Callable:
        """Register a function as the contract's tool of the same name; the function is returned unchanged."""
        spec = TOOLS_BY_NAME[func.__name__]
        hints = typing.get_type_hints(func)
        if hints.get("arguments") is not spec.arguments or hints.get("return") is not spec.result:
            raise TypeError(f"{func.__name__} must take {spec.arguments.__name__} and return {spec.result.__name__}")
        self._tools[spec.name] = Tool(spec, func)
        return func

    def get(self, name: str) -> Tool | None:
        """The tool with this name, or None."""
        return self._tools.get(name)

    def allowed(self, role: Role) -> list[Tool]:
        """The tools a caller with this role may see and call."""
        return [t for t in self._tools.values() if role is Role.STAFF or t.spec.role is Role.PATIENT]


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        field = ".".join(str(x) for x in item["loc"]) or "arguments"
        reason = "campo obrigatório ausente" if item["type"] == "missing" else (
            "campo não reconhecido" if item["type"] == "extra_forbidden" else item["msg"])
        parts.append(f"{field}: {reason}")
    return "Argumentos inválidos: " + "; ".join(parts)
