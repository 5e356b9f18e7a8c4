"""GET /api/clinics: the registry as the page shows it, so no clinic or specialty is written into the page."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify

from clinic_servers.registry import ClinicRegistry


def clinics_blueprint(registry: ClinicRegistry) -> Blueprint:
    """The clinics (names, specialty, contact) and the specialties they offer, in registry order."""
    blueprint = Blueprint("clinics_api", __name__)
    offered = {c.specialty.key for c in registry.clinics}
    body = {"clinics": [c.public() for c in registry.clinics],
            "specialties": [s.public() for key, s in registry.specialties.items() if key in offered]}

    @blueprint.get("/api/clinics")
    def clinics() -> Response:
        return jsonify(body)

    return blueprint
