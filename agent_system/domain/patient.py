"""Who the conversation is with: the patient, the booking codes they hold, and the people they book for."""
from __future__ import annotations

from pydantic import BaseModel, Field

from clinic_servers.contract.cpf import mask_cpf

ANY_CLINIC = "*"  # the codes a patient typed: which clinic gave them is not known, so every clinic is shown them
MAX_CODES_SHOWN = 50  # codes a clinic takes in one listing


class Dependant(BaseModel):
    """Someone the patient books for (a child, a parent, a spouse), named in this conversation."""
    name: str
    cpf: str  # 11 digits, never sent to the browser or logged
    relation: str  # how the patient called them: "filho", "mãe", "wife"


class Patient(BaseModel):
    name: str
    cpf: str  # 11 digits, never sent to the browser or logged
    # The booking codes the patient holds, by clinic: a clinic shows a patient's bookings only to their
    # codes, since a name and a CPF are semi-public. From the page's memory, and those typed in the chat.
    codes: dict[str, list[str]] = Field(default_factory=dict)
    # The people the patient named, with their CPF, in this conversation: the only identities besides the
    # patient's own that a booking may be made for.
    dependants: list[Dependant] = Field(default_factory=list)

    def dependant(self, cpf: str) -> Dependant | None:
        """The dependant named with this CPF in this conversation, if any."""
        return next((d for d in self.dependants if d.cpf == cpf), None)

    def codes_at(self, clinic: str) -> list[str]:
        """The codes to show one clinic: those typed without saying which clinic, then its own (as many as it takes)."""
        return list(dict.fromkeys([*self.codes.get(ANY_CLINIC, ()), *self.codes.get(clinic, ())]))[:MAX_CODES_SHOWN]

    @property
    def cpf_masked(self) -> str:
        """The CPF as people may see it: ***.456.789-**."""
        return mask_cpf(self.cpf)

    def public(self) -> dict[str, str]:
        """The patient as the web API shows them."""
        return {"name": self.name, "cpf_masked": self.cpf_masked}
