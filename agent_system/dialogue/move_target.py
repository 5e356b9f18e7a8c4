"""Where a move takes a booking: a slot picked from the last listing, a day and time said, or one said relative to
the booking ("uma semana depois", "uma hora mais tarde", "no mesmo dia às 16h", "the morning instead")."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.appointments import AppointmentItem, SlotOffer, chronological
from agent_system.domain.pending import PendingAction
from agent_system.dialogue.reading.reading import Reading


class MoveTarget:
    """The new slot of a reschedule, read from one message against the last listing and the pending move."""

    def __init__(self, reading: Reading, last_slots: list[SlotOffer], pending: PendingAction | None):
        self.r, self.last_slots, self.pending = reading, last_slots, pending

    def slot(self, original: AppointmentItem, ordinal_free: bool = True) -> tuple[str, str] | None:
        """The new (date, time) the message asks for, or None when it says too little."""
        picked = self._picked_offer(original, ordinal_free)
        if picked is not None:
            return picked.date, picked.time
        relative, target = self.r.relative, self.r.relative.target
        days = list(target.days) if target else self._new_days(original)
        times = list(target.times) if target else [t for t in self.r.times if t != original.time] or self.r.times
        day = days[-1] if days else self._pending("new_date")
        keeps_time = self.r.same_time or relative.shift_days is not None
        shift = relative.shift_days
        if shift is None and relative.following_week and not (target and target.days) and not self.r.dates:
            shift = 7  # "pra semana seguinte, mesmo dia e horário"
        keeps_time = keeps_time or shift is not None
        if shift is not None:  # "uma semana depois": from the booking's own day
            day = (date.fromisoformat(original.date) + timedelta(days=shift)).isoformat()
        elif relative.same_day:
            day = original.date
        elif (day or original.date) == original.date and relative.names_weekday and not times:  # "pra sexta que vem", booked on a Friday
            day = (date.fromisoformat(original.date) + timedelta(days=7)).isoformat()
        elif relative.same_week and day:  # "a sexta dessa mesma semana": that weekday in the booking's week
            booked, named = date.fromisoformat(original.date), date.fromisoformat(day)
            day = (booked + timedelta(days=named.weekday() - booked.weekday())).isoformat()
        # A new day alone keeps the booking's time ("e se fosse na sexta?"); whether that slot exists is checked.
        time = times[-1] if times else original.time if keeps_time else self._pending("new_time") or (
            original.time if days else None)
        if relative.shift_minutes is not None and not times:  # "uma hora mais tarde": that day, the time moved
            hour, minute = divmod(int(original.time[:2]) * 60 + int(original.time[3:]) + relative.shift_minutes, 60)
            return (day or original.date, f"{hour:02d}:{minute:02d}") if 0 <= hour < 24 else None
        return (day or original.date, time) if time else None

    def _picked_offer(self, original: AppointmentItem, ordinal_free: bool) -> SlotOffer | None:
        """The original doctor's offer picked from the last listing ('o primeiro', 'às 10h')."""
        days = self._new_days(original)
        offers = sorted((s for s in self.last_slots
                         if s.doctor == original.doctor and (not days or s.date in days)), key=chronological)
        if self.r.ordinal is not None and ordinal_free:
            return offers[self.r.ordinal] if -len(offers) <= self.r.ordinal < len(offers) else None
        timed = [s for s in offers if s.time in self.r.times]
        return timed[0] if len(timed) == 1 else None

    def _new_days(self, original: AppointmentItem) -> list[str]:
        """The dates named for the new slot (the booking's own date only for a same-day move); a weekday that
        pointed at the booking ("the Friday one, an hour later") names none."""
        said = self.r.relative.booking
        pointed = set(said.weekdays) if said and not self.r.relative.target else set()
        named = [d for d in self.r.days if date.fromisoformat(d).weekday() not in pointed]
        return [d for d in named if d != original.date] or (named if self.r.times else [])

    def to_part_of_day(self, original: AppointmentItem) -> bool:
        """"mais pro fim da tarde", "the morning instead, same day": another part of the booking's own day, no time."""
        r = self.r
        other_day = any(d != original.date for d in r.days) or r.date_range is not None
        part_move = r.relative.to_day_part or bool(r.day_part and (r.instead or r.relative.same_day or r.proposes
                                                                     or r.moves_to))
        shifted = r.relative.shift_minutes is not None or r.relative.shift_days is not None  # "1h pra frente, de manhã"
        return part_move and not (r.times or other_day or shifted)

    def said(self, original: AppointmentItem, new: tuple[str, str]) -> bool:
        """Whether the patient said the new slot ("pra sexta às 10h", "muda pra 17h"); one computed from the booking
        ("uma hora depois", "same time on Thursday", "a week later") was not said."""
        if new == (self._pending("new_date"), self._pending("new_time")):
            return True  # said before the bookings were looked up ("remarcar para sexta às 10h")
        target = self.r.relative.target
        days = set(target.days) if target and target.days else set(self.r.days)
        times = set(target.times) if target and target.times else set(self.r.times)
        return new[1] in times and (new[0] in days or (not days and new[0] == original.date))

    def new_slot_filter(self, original: AppointmentItem) -> dict[str, str]:
        """The listing filter for the new slot's days: those said (in the booking's week for "the Friday of that
        week"), the window said, or the day said before the bookings were looked up."""
        days = [d for d in self.r.days if d != original.date]
        if self.r.relative.same_week:  # "the Friday of that week": that weekday in the booking's week, not this one
            booked = date.fromisoformat(original.date)
            days = [(booked + timedelta(date.fromisoformat(d).weekday() - booked.weekday())).isoformat() for d in days]
        if days:
            return {"date": days[0]} if len(days) == 1 else {"date_from": min(days), "date_to": max(days)}
        if self.r.date_range:
            return self.r.range_filter()
        day = self._pending("new_date")
        # "Quer tentar outro dia?" after that day showed nothing free: a yes asks for the doctor's other days.
        tried = self.r.agrees and not any(s.date == day for s in self.last_slots)
        return {"date": day} if day and not tried else {}

    def position_day(self, original: AppointmentItem) -> str:
        """The day whose first or last free slot a move asks for: a day said, days away from the booking, or its own."""
        shift = self.r.relative.shift_days
        said = self.new_slot_filter(original).get("date") if shift is None else None
        return said or (date.fromisoformat(original.date) + timedelta(days=shift or 0)).isoformat()

    def _pending(self, field: str) -> Any:
        return getattr(self.pending, field, None)


def in_schedule(registry: ClinicRegistry, original: AppointmentItem, new: tuple[str, str]) -> bool:
    """Whether the doctor's weekly schedule has the new slot at all: one it lacks ("às 17h" where the doctor ends at
    16h) is checked against the clinic, whose listing then shows that day's real slots."""
    clinic = registry.get(original.clinic)
    doctor = clinic.doctor(original.doctor) if clinic else None
    return doctor is not None and new[1] in doctor.schedule.get(date.fromisoformat(new[0]).weekday(), ())
