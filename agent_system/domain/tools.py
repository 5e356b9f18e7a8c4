"""The clinic tools a plan may call, by their names in the federation contract."""
from __future__ import annotations

from enum import StrEnum


class Tool(StrEnum):
    """A patient tool of every clinic; staff tools are never planned (the router refuses them by name)."""
    LIST_AVAILABLE_SLOTS = "list_available_slots"
    BOOK_APPOINTMENT = "book_appointment"
    RESCHEDULE_APPOINTMENT = "reschedule_appointment"
    CANCEL_APPOINTMENT = "cancel_appointment"
    LIST_MY_APPOINTMENTS = "list_my_appointments"
    GET_CLINIC_INFO = "get_clinic_info"
    REQUEST_CALLBACK = "request_callback"


# The tool that carries out a confirmed change, by the change's action.
CHANGE_TOOLS = {"cancel": Tool.CANCEL_APPOINTMENT, "reschedule": Tool.RESCHEDULE_APPOINTMENT}
