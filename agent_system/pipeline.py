"""One turn of the conversation as a generator of typed events: triage, planning, dispatch, verification, answer."""
from __future__ import annotations

import logging
import re
import time
from dataclasses import replace
from typing import Iterator

from agent_system.answer.llm_responder import Wording
from agent_system.domain.results import booked_slots, tool_error, unanswered
from agent_system.domain.events import AnswerEvent, DispatchEvent, DoneEvent, ErrorEvent, PlanEvent, Stage, StageEvent
from agent_system.domain.language import Language
from agent_system.domain.tools import Tool
from agent_system.language.registry import language_pack
from agent_system.language.text import detect_language
from agent_system.llm.budget import SCREENING
from agent_system.dialogue.handlers import Answered, after_results
from agent_system.answer.held_slots import offered_slot
from agent_system.domain.plan import Intent, Plan, Step, StepResult
from agent_system.dialogue.write_grant import grant_for
from agent_system.domain.write_grant import WriteGrant
from agent_system.dialogue.reading.write_intent import confirmation_reply
from agent_system.sessions.conversation import Conversation, Turn
from agent_system.domain.dialogue import AfterEmergency, SafetyAsked
from agent_system.stages import (AnswerRendering, AnswerWriting, BookingGuard, Dispatching, FrontDeskReview, Planning,
                                  SecondLook, TurnBudget, Today, Verifying)
from agent_system.triage.answers import emergency_answer, help_called_answer, safety_line
from agent_system.triage.result import TriageResult
from agent_system.triage.semantic import SemanticScoring
from agent_system.triage.second_net import screen
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.human_contact import asks_person
from agent_system.dialogue.reading.reading import Reading, read
from agent_system.dialogue.reading.vocabulary import DoctorIndex

log = logging.getLogger(__name__)


class Pipeline:
    """Wires the agents together; the web app and the terminal only frame its events."""

    def __init__(self, planner: Planning, router: Dispatching, verifier: Verifying, renderer: AnswerRendering,
                 clock: Today, doctors: DoctorIndex, federation: FederationWords,
                 llm_responder: AnswerWriting | None = None,
                 triage_net: SecondLook | None = None, overlap: BookingGuard | None = None,
                 llm: TurnBudget | None = None, semantic: SemanticScoring | None = None,
                 front_desk: FrontDeskReview | None = None):
        self.planner, self.router, self.verifier = planner, router, verifier
        self.renderer, self.clock, self.llm_responder = renderer, clock, llm_responder
        self.triage_net = triage_net  # the LLM's second look at messages the screen cleared
        self.overlap = overlap  # holds a booking that overlaps another until the patient says yes
        self.doctors = doctors  # the doctors a message may name, as the turn's reading finds them
        self.federation = federation  # the registry's specialties and clinics, likewise
        self.llm = llm  # its per-turn budget, opened for triage, settled by the planner, closed at the end
        self.semantic = semantic  # the trained screen that recognises an emergency told without its words
        self.front_desk = front_desk  # a person when asked, and whom an appointment is for, before the planner

    def run(self, conversation: Conversation, message: str) -> Iterator:
        """Run one turn, yielding its events; the conversation records the exchange at the end."""
        started, llm_calls = time.perf_counter(), None
        if self.llm is not None:
            self.llm.start_turn(SCREENING)
        try:
            answer = yield from self._turn(conversation, message)
            conversation.record(message, Turn(role="assistant", text=answer.text, slots=answer.slots,
                                              appointments=answer.appointments))
        except Exception:
            log.exception("turn failed")
            yield ErrorEvent(code="internal_error", message="Algo deu errado ao processar sua mensagem. "
                                                            "Tente novamente em instantes.")
        finally:
            if self.llm is not None:
                llm_calls = self.llm.end_turn()
        yield DoneEvent(ms=_ms(started), llm_calls=llm_calls)

    def _turn(self, conversation: Conversation, message: str):
        reading, screened = yield from _timed("triage", lambda: self._read(message, conversation))
        triage, language = _answered_in_doubt(screened, reading, conversation), reading.language
        acknowledge = isinstance(conversation.state, AfterEmergency) and triage.help_called
        if (triage.emergency or acknowledge) and triage.language:
            language = triage.language  # "acho q to infartando": the red-flag words tell a short message's language
        conversation.language = language
        if triage.emergency:
            # Whatever the patient was asked before ("shall I cancel it?") is not answered by an "ok" now.
            conversation.state = conversation.state.after_emergency(triage.kind or "medical")
            return (yield from self._halt(emergency_answer(triage, language), language, triage.audit(), emergency=True))
        if acknowledge:  # "já liguei pro SAMU": acknowledged and the channel kept open, nothing booked
            return (yield from self._halt(help_called_answer(language), language, {"category": "help_called"},
                                          emergency=False))
        conversation.state = conversation.state.next_message()
        if reading.booking_code:
            conversation.hold_typed_code(reading.booking_code)
        grant = grant_for(reading, conversation)
        plan, planned = yield from _timed("planning", lambda: self._plan(reading, conversation))
        if planned is not reading:  # the request an earlier turn asked whom it was for: its own words grant
            grant = grant_for(planned, conversation)
        if plan.overlap_confirmed:
            grant = replace(grant, book=True)  # "sim" to a held booking is the patient's request to book it
        yield PlanEvent(**plan.public())
        plan, results = yield from self._dispatch(plan, conversation, grant, language)
        confirmed = conversation.state.pending_change() if grant.change else None
        plan = after_results(plan, Answered(results, confirmed, reading.booking_code))
        verdict = yield from _timed("verification",
                                    lambda: self.verifier.check_data(results, conversation.patient, language))
        yield verdict.to_event()
        lead = safety_line(triage, language) if _needs_safety_line(triage, plan, results) else None
        answer = yield from self._answer(plan, results, conversation, reading, verdict, triage, lead)
        _remember(conversation, plan, results, answer)
        if lead is not None:
            # A "sim" next answers the safety question, unless the answer also asked to confirm a change:
            # then a "sim" is that confirmation, and danger said in words is screened again anyway.
            conversation.state = conversation.state.asked_safety(triage.kind or "medical")
        return answer

    def _read(self, message: str, conversation: Conversation) -> tuple[Reading, TriageResult]:
        """The message read once for every stage, with the red-flag screen's verdict on it (and that verdict)."""
        try:
            reading = read(message, conversation, self.clock.today(), self.doctors, self.federation)
        except Exception:
            # An emergency answer must never depend on the booking vocabulary: the screen still
            # sees a message the reader failed on, and only a cleared one fails the turn.
            log.exception("the message could not be read; the red-flag screen still runs")
            triage = self._screen(message, detect_language(message))
            if not triage.emergency:
                raise
            blank = read("", conversation, self.clock.today(), self.doctors, self.federation)
            return replace(blank, message=message, language=detect_language(message), triage=triage), triage
        triage = self._screen(message, reading.language, concrete_request=_concrete(reading))
        return replace(reading, triage=triage), triage

    def _screen(self, message: str, language: Language, concrete_request: bool = False) -> TriageResult:
        """The red-flag screen, then the LLM's second look at its verdict when one is configured."""
        screened = screen(message, language, semantic=self.semantic, concrete_request=concrete_request)
        return self.triage_net.review(message, screened) if self.triage_net is not None else screened

    def _plan(self, reading: Reading, conversation: Conversation) -> tuple[Plan, Reading]:
        today = self.clock.today()
        if self.front_desk is None:
            plan, planned = self.planner.plan(reading, conversation, today), reading
        else:
            plan, planned = self.front_desk.plan(
                reading, conversation, lambda r: self.planner.plan(r, conversation, today),
                lambda text: read(text, conversation, today, self.doctors, self.federation))
        plan = self.overlap.review(plan, conversation, planned) if self.overlap is not None else plan
        # A held booking confirmed now is for whom the conversation books for, as when it was held.
        return (plan if self.front_desk is None else self.front_desk.addressed(plan, conversation)), planned

    def _halt(self, text: str, language: str, audit: dict, emergency: bool):
        """An answer from the triage stage alone: no plan, no clinic called, nothing booked."""
        yield PlanEvent(steps=[], source="triage")
        yield StageEvent(stage="answer", status="start")
        answer = AnswerEvent(text=text, emergency=emergency, lang=language, triage=audit)
        yield answer
        yield StageEvent(stage="answer", status="end", ms=0.0)
        return answer

    def _dispatch(self, plan: Plan, conversation: Conversation, grant: WriteGrant, language: str):
        """The plan's checks first (a booking's overlap reads), then the steps they leave; the plan as settled."""
        started = time.perf_counter()
        yield StageEvent(stage="dispatch", status="start")
        if plan.check is not None and self.overlap is not None:
            reads = yield from self._calls(plan.check.reads, conversation, grant, language)
            plan = self.overlap.settle(plan, reads)
        results = yield from self._calls(plan.steps, conversation, grant, language)
        yield StageEvent(stage="dispatch", status="end", ms=_ms(started))
        return plan, results

    def _calls(self, steps: list[Step], conversation: Conversation, grant: WriteGrant, language: str):
        """Every step through the router, in parallel, each announced as it leaves and as it ends."""
        results: list[StepResult] = []
        for step, result in self.router.dispatch(steps, conversation.caller(), grant):
            if result is None:
                yield DispatchEvent(step_id=step.step_id, clinic=step.clinic, action=step.action, status="start")
                continue
            results.append(result)
            yield DispatchEvent(step_id=step.step_id, clinic=step.clinic, action=step.action, status=result.status,
                                ms=result.ms, error=_public_error(result, language))
        return sorted(results, key=lambda r: r.step_id)

    def _answer(self, plan: Plan, results: list[StepResult], conversation: Conversation, reading: Reading, verdict,
                triage: TriageResult, lead: str | None):
        """The answer, led by the safety line when there is one (then worded without the LLM)."""
        started, language = time.perf_counter(), reading.language
        yield StageEvent(stage="answer", status="start")
        if not verdict.safe:
            answer = self._blocked(results, verdict.note, language)
        else:
            answer = yield from self._generate(plan, results, conversation, reading, wording=lead is None)
        if lead is not None:
            answer.text = f"{lead}\n\n{answer.text}"
        answer.lang, answer.triage = language, triage.audit()
        yield answer
        yield StageEvent(stage="answer", status="end", ms=_ms(started))
        return answer

    def _generate(self, plan: Plan, results: list[StepResult], conversation: Conversation, reading: Reading,
                  wording: bool = True):
        language = reading.language
        rendering = self.renderer.render(plan, results, language, self.clock.today())
        worded = Wording()
        # No LLM guesses at a price, and none words an answer that a safety line leads (safety before wording).
        if self.llm_responder is not None and wording and Intent.PRICE not in plan.intents:
            worded = yield from self.llm_responder.generate(reading.message, results, conversation.patient, language,
                                                            self.clock.today(), rendering)
        text = worded.text
        if text is not None and rendering.offer_note:
            text = f"{text}\n\n{rendering.offer_note}"  # the yes it asks for must be asked in words
        if text is None:
            text = rendering.text
            checked = self.verifier.check_answer(text, results, conversation.patient, language)
            if not checked.safe:
                return self._blocked(results, checked.note, language)
        # Only LLM text streams as tokens; a rendered answer is whole at once, and its answer event carries it.
        return AnswerEvent(text=text, slots=rendering.slots, appointments=rendering.appointments,
                           confirm=rendering.confirm, lang=language, wording=worded.audit)

    def _blocked(self, results: list[StepResult], note: str, language: str) -> AnswerEvent:
        """Only the safety note, but never without the outcome of the patient's own writes."""
        outcome = self.renderer.write_outcome(results, language, self.clock.today())
        text = "\n\n".join(filter(None, [outcome.text, note]))
        return AnswerEvent(text=text, blocked=True, appointments=outcome.appointments, lang=language)


def _timed(stage: Stage, work):
    started = time.perf_counter()
    yield StageEvent(stage=stage, status="start")
    value = work()
    yield StageEvent(stage=stage, status="end", ms=_ms(started))
    return value


# Answers that offer the patient nothing to act on: a health signal in the message must not meet them alone.
_FALLBACK_INTENTS = frozenset({Intent.OUT_OF_SCOPE, Intent.MEDICAL_ADVICE, Intent.CLARIFY, Intent.MISSING_SPECIALTY,
                               Intent.INVALID_SPECIALTY, Intent.GREETING})
_LOOKUP_INTENTS = frozenset({Intent.MY_APPOINTMENTS, Intent.CANCEL, Intent.RESCHEDULE})


def _answered_in_doubt(triage: TriageResult, reading: Reading, conversation: Conversation) -> TriageResult:
    """A yes to "is someone in danger right now?" is the emergency the question was about."""
    state = conversation.state
    asked = state.category if isinstance(state, SafetyAsked) else None
    if asked is None or triage.emergency or confirmation_reply(re.split(r"[,.!;:\n]", reading.message)[0]) != "yes":
        return triage
    return replace(triage, emergency=True, kind=asked, categories=(asked,), doubt=False)


def _concrete(reading: Reading) -> bool:
    """The message asks to cancel or move a booking, asks for a person, or names the doctor, day, time or code
    of one it wants."""
    if reading.wants_cancel or reading.wants_reschedule or asks_person(reading.text):
        return True
    asks = reading.wants_book or reading.wants_list
    return asks and bool(reading.doctors or reading.dates or reading.times or reading.booking_code)


def _needs_safety_line(triage: TriageResult, plan: Plan, results: list[StepResult]) -> bool:
    """In doubt, always; any sign of suicide, always (CVV 188 with 192); any other health signal, when the
    answer would only refuse or find nothing."""
    if triage.doubt or triage.kind == "suicide":
        return True
    if not (triage.health_language or triage.kind):
        return False
    intents = set(plan.intents)
    return bool(intents & _FALLBACK_INTENTS) or (bool(intents & _LOOKUP_INTENTS) and not booked_slots(results))


def _remember(conversation: Conversation, plan: Plan, results: list[StepResult], answer: AnswerEvent) -> None:
    """What the answer leaves waiting, and a complete my-appointments lookup trusted over older knowledge."""
    offer = None if answer.blocked else offered_slot(plan, answer.slots)  # a yes next books the slot asked about
    conversation.state = conversation.state.after_answer(plan, answer.slots, answer.appointments, offer)
    lookups = [r for r in results if r.action == Tool.LIST_MY_APPOINTMENTS]
    whole = plan.shown_bookings is None  # an answer about some bookings does not tell of the others
    if Intent.MY_APPOINTMENTS in plan.intents and whole and lookups and all(r.status == "ok" for r in lookups):
        conversation.appointments = []


def _public_error(result: StepResult, language: str) -> dict | None:
    """A failed call as the patient's page sees it: its code and our own sentence, never the clinic's text."""
    if result.error is None:
        return None
    said = "dispatch_failed" if unanswered(result) or tool_error(result) is None else "dispatch_refused"
    return {"code": result.error.get("code"), "message": language_pack(language).phrases[said]}


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
