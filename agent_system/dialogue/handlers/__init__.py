"""The rules planner's intent families, in the order they are asked: the first that applies plans the message.

The order is the policy: each family sits after those whose reading must win over it.
"""
from __future__ import annotations

from agent_system.dialogue.handlers.booking import Booking
from agent_system.dialogue.handlers.booking_code import BookingCode
from agent_system.dialogue.handlers.cancel import CancelContinued, CancelRequest
from agent_system.dialogue.handlers.clinic_info import ClinicInfo
from agent_system.dialogue.handlers.closing import Closing
from agent_system.dialogue.handlers.follow_up import FollowUp
from agent_system.domain.plan import Plan
from agent_system.dialogue.handlers.handler import Answered, Handler, PlanningTurn
from agent_system.dialogue.handlers.listing import Listing
from agent_system.dialogue.handlers.my_appointments import MyAppointments
from agent_system.dialogue.handlers.pending_reply import AwaitedConfirmation, DroppedChange
from agent_system.dialogue.handlers.privacy import Privacy
from agent_system.dialogue.handlers.reschedule import Reschedule
from agent_system.dialogue.handlers.which_day import WhichDay
from agent_system.dialogue.handlers.without_steps import WithoutSteps

HANDLERS: tuple[Handler, ...] = (
    # An answer to "shall I cancel/move it?" (yes, no, the code) is that answer first: "sim, pode cancelar" must
    # not start a second cancel, nor "não" a greeting.
    AwaitedConfirmation(),
    # "não, deixa" to "which booking?" ends the question before any word of it is read as a new request.
    DroppedChange(),
    # Before anything that calls a clinic: a request carrying someone else's data is refused whole.
    Privacy(),
    # Before anything that acts on a day: nothing is planned on either of two days that disagree.
    WhichDay(),
    # A cancel asked in words wins over a move said only by its new day ("cancela e passa pra sexta"); asked with
    # move words too ("cancelar e remarcar"), it is a move.
    CancelRequest(),
    # Before my appointments and booking: a new day or time for a booking the patient has moves it, never books a
    # second one; "remarcar minha consulta" names the patient's bookings too.
    Reschedule(),
    # After cancel and move (they use the code they hold), before my appointments: "qual o código da minha consulta?"
    # names the patient's bookings but asks for the code this chat holds, not for a clinic's list.
    BookingCode(),
    # Before clinic information and listing: "minhas consultas de cardiologia" names a specialty but asks for the
    # patient's own bookings; a code typed alone opens its booking.
    MyAppointments(),
    # Before listing: "onde fica a clínica da Dra. Camila?" names a doctor but asks for no slot.
    ClinicInfo(),
    # After the lookups above (asked while a cancel waits, they are answered as themselves), before the picks: a
    # doctor, day, time or ordinal now says which booking to cancel, not which slot to book.
    CancelContinued(),
    # Before booking: "pode marcar", "e o outro médico?" point at the previous message, which a pick would miss.
    FollowUp(),
    # Before listing: a doctor, day and time asked to book are booked, a pick from the listing taken.
    Booking(),
    Listing(),
    # Last before the answers without steps: only thanks or goodbye is left, anything asked went above.
    Closing(),
    # Always applies: what is left asks nothing a clinic can answer.
    WithoutSteps(),
)



def after_results(plan: Plan, answered: Answered) -> Plan:
    """The plan once the clinics have answered, whoever planned it (the LLM too): each family makes what it
    planned of their answers."""
    for handler in HANDLERS:
        plan = handler.after_results(plan, answered)
    return plan


__all__ = ["HANDLERS", "Answered", "Handler", "PlanningTurn", "after_results"]
