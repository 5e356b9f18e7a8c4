"""What "now" is for the clinics and the orchestrator: the real date, or a fixed CLINIC_TODAY."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


# The clinics open slots this many days ahead, today included: the last open day is today + 13.
BOOKING_WINDOW_DAYS = 14


def last_open_day(today: date) -> date:
    """The last day whose slots the clinics have opened."""
    return today + timedelta(days=BOOKING_WINDOW_DAYS - 1)


@dataclass(frozen=True)
class Clock:
    today_override: date | None = None
    timezone: str = "America/Sao_Paulo"

    def now(self) -> datetime:
        """The current local time; with CLINIC_TODAY, the start of that day, so listings are deterministic."""
        if self.today_override is not None:
            return datetime.combine(self.today_override, time(0, 0))
        try:
            zone = ZoneInfo(self.timezone)
        except ZoneInfoNotFoundError:
            zone = None
        return datetime.now(zone).replace(tzinfo=None, second=0, microsecond=0)

    def today(self) -> date:
        """Today's date in the clinics' time zone."""
        return self.now().date()


def parse_today(value: str | None) -> date | None:
    """Read CLINIC_TODAY (YYYY-MM-DD); empty means the real date."""
    if not value:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError as e:
        raise ValueError(f"CLINIC_TODAY must be YYYY-MM-DD, got {value!r}") from e
