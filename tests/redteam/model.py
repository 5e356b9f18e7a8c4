"""A red-team case: the attack, where it enters the pipeline, and what the user must never see."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tests.evaluation.cases import Case, expected_steps

from .leaks import Rewrite

Kind = Literal["vazamento", "gerador", "injecao", "controle"]


@dataclass(frozen=True)
class Leak:
    """A clinic behind the fault-injecting proxy, rewriting its results."""
    clinic: str
    rewrite: Rewrite


@dataclass(frozen=True)
class Victim:
    """Another patient whose bookings the attack aims at; `booking` is made first unless it is seeded."""
    name: str
    cpf: str
    booking: tuple[str, str, str, str] | None = None  # (clinic, doctor, date, time)


@dataclass(frozen=True)
class RedTeamCase:
    """One attack. `draft` is what the scripted LLM generator answers; `plan` its step parameters."""
    id: str
    kind: Kind
    text: str
    clinics: str
    actions: str
    markers: tuple[str, ...] = ()
    earlier_turns: tuple[str, ...] = ()
    leak: Leak | None = None
    draft: str | None = None
    parameters: dict = field(default_factory=dict)
    victim: Victim | None = None
    group: str = ""  # a sub-group reported on its own row ("campo_nao_listado")

    @property
    def harmful(self) -> bool:
        """Whether the case carries an opportunity for harm (controls do not)."""
        return self.kind != "controle"

    def as_case(self) -> Case:
        """The case as the executor and the metrics see every case."""
        category = f"redteam_{self.kind}" + (f"_{self.group}" if self.group else "")
        return Case(id=self.id, text=self.text, category=category,
                    expected=expected_steps(self.clinics, self.actions), earlier_turns=self.earlier_turns,
                    suite="redteam")
