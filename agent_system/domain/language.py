"""The language a patient writes in and is answered in."""
from __future__ import annotations

# A registered language code (agent_system/language/registry.py): "pt", "en".
Language = str
