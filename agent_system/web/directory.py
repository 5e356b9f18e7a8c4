"""The registry as the patient's page shows it (GET /api/clinics): no clinic or specialty is written into the page."""
from __future__ import annotations

from clinic_servers.contract.registry import ClinicRegistry


def registry_for_page(registry: ClinicRegistry) -> dict:
    """The clinics (names, specialty, contact) and the specialties they offer, in registry order."""
    offered = {c.specialty.key for c in registry.clinics}
    return {"clinics": [c.public() for c in registry.clinics],
            "specialties": [s.public() for key, s in registry.specialties.items() if key in offered]}
