/*
 * An appointment as an iCalendar file (RFC 5545): one VEVENT in the clinic's time zone with a
 * matching VTIMEZONE, the clinic's address as LOCATION; CRLF lines folded at 75 octets. Pure.
 */
const DURATION_MIN = 30;

/** Escape a TEXT value (RFC 5545 §3.3.11). */
function escapeText(value) {
  return String(value || "").replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Fold a content line so no line is longer than 75 octets of UTF-8 (RFC 5545 §3.1). */
function fold(line) {
  const encoder = new TextEncoder();
  const out = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (out.length ? 74 : 75)) { out.push(current); current = ""; size = 0; }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** "2026-11-25", "09:00" (+ minutes) -> "20261125T090000", wall-clock time in the clinic's zone. */
function localStamp(date, time, plusMinutes) {
  const [y, mo, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const when = new Date(Date.UTC(y, mo - 1, d, hh, mm + (plusMinutes || 0)));
  return when.toISOString().replace(/[-:]/g, "").slice(0, 15);
}

/** The zone's UTC offset on that date, "-0300", from the browser's own time zone data. */
export function utcOffset(timeZone, date) {
  const probe = new Date(date + "T12:00:00Z");
  const name = new Intl.DateTimeFormat("en-US", { timeZone: timeZone, timeZoneName: "longOffset" })
    .formatToParts(probe).find(function (p) { return p.type === "timeZoneName"; }).value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? m[1] + m[2] + (m[3] || "00") : "+0000";
}

/**
 * appointment {clinic, doctor, date, time, code?}; place {name, address, phone, timezone, specialty};
 * words {summary, description}; now: a Date (DTSTAMP). -> the .ics text.
 */
export function appointmentCalendar(appointment, place, words, now) {
  const zone = place.timezone || "America/Sao_Paulo";
  const offset = utcOffset(zone, appointment.date);
  const uid = [appointment.clinic, appointment.date, appointment.time.replace(":", ""),
    appointment.doctor.normalize("NFKD").replace(/[^\w]/g, "")].join("-") + "@assistente-de-consultas";
  const description = [words.description, place.phone, appointment.code].filter(Boolean).join("\n");
  const lines = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Assistente de Consultas//Agenda//PT", "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE", "TZID:" + zone, "BEGIN:STANDARD", "DTSTART:19700101T000000",
    "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset, "END:STANDARD", "END:VTIMEZONE",
    "BEGIN:VEVENT", "UID:" + uid,
    "DTSTAMP:" + now.toISOString().replace(/[-:]/g, "").slice(0, 15) + "Z",
    "DTSTART;TZID=" + zone + ":" + localStamp(appointment.date, appointment.time),
    "DTEND;TZID=" + zone + ":" + localStamp(appointment.date, appointment.time, DURATION_MIN),
    "SUMMARY:" + escapeText(words.summary),
    "LOCATION:" + escapeText([place.name, place.address].filter(Boolean).join(" — ")),
    "DESCRIPTION:" + escapeText(description),
    "END:VEVENT", "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
