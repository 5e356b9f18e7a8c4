"""The one clinic a conversation is about when the message names none ("onde fica?", "what is their phone?")."""
from __future__ import annotations

from agent_system.sessions.conversation import Conversation


def clinic_in_context(conversation: Conversation, within: list[str] | None = None) -> str | None:
    """The only clinic of the last contacts, the booking just made, the listing or the bookings (among `within`)."""
    booked = conversation.state.just_booked()
    for clinics in (conversation.state.contacts,
                    [booked.clinic] if booked else [],
                    list(dict.fromkeys(s.clinic for s in conversation.state.listed)),
                    list(dict.fromkeys(a.clinic for a in conversation.appointments))):
        kept = [c for c in clinics if within is None or c in within]
        if len(kept) == 1:
            return kept[0]
    return None
