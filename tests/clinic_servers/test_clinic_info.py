"""get_clinic_info: every clinic tells patients where it is, how to call, when it opens and what it accepts."""
from __future__ import annotations

import pytest

from tests.support import call_tool


@pytest.mark.parametrize("clinic_id", ["clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f"])
def test_every_clinic_answers_with_its_registry_entry(clinics, registry, clinic_id):
    result = call_tool(clinics.url(clinic_id), "get_clinic_info", {})
    entry = registry.get(clinic_id)
    assert result["isError"] is False
    info = result["structuredContent"]
    assert (info["clinic"], info["name"], info["address"], info["phone"], info["health_plans"]) == \
        (clinic_id, entry.name, entry.contact.address, entry.contact.phone, list(entry.contact.health_plans))
    assert info["specialties"] == [entry.specialty.name_pt]
    assert {h["days"] for h in info["hours"]} == set(entry.contact.hours)
    assert info["timezone"] == "America/Sao_Paulo"


def test_clinic_info_takes_no_arguments(clinics):
    refused = call_tool(clinics.url("clinic_a"), "get_clinic_info", {"cpf": "123"})
    assert refused["isError"] is True
    assert refused["structuredContent"]["error"]["code"] == "invalid_arguments"
