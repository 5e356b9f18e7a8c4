/*
 * What an answer offers and books: slot buttons grouped by clinic, doctor and day, and
 * appointment cards. The grouping and labels at the top are pure; the builders below make DOM.
 */
import { h } from "./dom.js";
import { clinicName, clinicSpecialty, formatDate, formatDayLong, formatDayShort } from "./format.js";

/** The exact chat message a slot button sends; the planner parses this form. */
export function slotMessage(slot) {
  return "Quero agendar com " + slot.doctor + " no dia " + formatDate(slot.date) + " às " + slot.time;
}

function slotKey(slot) {
  return slot.date + " " + slot.time;  // ISO date + zero-padded HH:MM sort as strings
}

/** The slot with the earliest date and time (the first one on ties), or null. */
export function earliestSlot(slots) {
  let best = null;
  (slots || []).forEach(function (s) {
    if (!best || slotKey(s) < slotKey(best)) best = s;
  });
  return best;
}

/**
 * Group slots by clinic, then doctor (both in the order the server listed them, which matches
 * the answer text), then day; days and times ascending.
 * -> [{clinic, doctor, days:[{date, slots:[...]}]}]
 */
export function groupSlots(slots) {
  const groups = new Map();
  (slots || []).forEach(function (s) {
    const key = s.clinic + "\u0000" + s.doctor;
    if (!groups.has(key)) groups.set(key, { clinic: s.clinic, doctor: s.doctor, days: new Map() });
    const days = groups.get(key).days;
    if (!days.has(s.date)) days.set(s.date, []);
    days.get(s.date).push(s);
  });
  const byClinic = Array.from(groups.values());
  byClinic.sort(function (a, b) { return clinicOrder(byClinic, a) - clinicOrder(byClinic, b); });
  return byClinic.map(function (g) {
    const dates = Array.from(g.days.keys()).sort();
    return {
      clinic: g.clinic,
      doctor: g.doctor,
      days: dates.map(function (date) {
        const daySlots = g.days.get(date).slice().sort(function (a, b) {
          return a.time < b.time ? -1 : a.time > b.time ? 1 : 0;
        });
        return { date: date, slots: daySlots };
      }),
    };
  });
}

/** Keeps a clinic's doctors together even if the server interleaved clinics. */
function clinicOrder(groups, group) {
  for (let i = 0; i < groups.length; i++) if (groups[i].clinic === group.clinic) return i;
  return groups.length;
}

const APPOINTMENT_TITLES = {
  confirmed: "Consulta confirmada",
  rescheduled: "Consulta remarcada",
  cancelled: "Consulta cancelada",
  canceled: "Consulta cancelada",
};

/** Card title for an appointment status; booked/scheduled/listed and anything else: "agendada". */
export function appointmentTitle(status) {
  return APPOINTMENT_TITLES[String(status || "").toLowerCase()] || "Consulta agendada";
}

/* ---------- slot buttons ---------- */

/** Slots as buttons: clinic · doctor heading, one row per day, the earliest highlighted. */
export function renderSlots(container, slots) {
  container.textContent = "";
  if (!slots || slots.length === 0) return;
  const earliest = earliestSlot(slots);
  container.setAttribute("role", "group");
  container.setAttribute("aria-label", "Horários disponíveis");
  container.appendChild(h("p", "slots-title", "Escolha um horário para agendar:"));
  groupSlots(slots).forEach(function (group) {
    container.appendChild(buildSlotGroup(group, earliest));
  });
}

function buildSlotGroup(group, earliest) {
  const section = h("section", "slot-group");
  section.dataset.clinic = group.clinic;
  section.dataset.doctor = group.doctor;
  const heading = h("h3", "slot-group-title", clinicName(group.clinic) + " · " + group.doctor);
  const specialty = clinicSpecialty(group.clinic);
  if (specialty) heading.appendChild(h("span", "slot-group-specialty", specialty));
  section.appendChild(heading);
  group.days.forEach(function (day) {
    const row = h("div", "slot-day");
    row.dataset.date = day.date;
    row.appendChild(h("span", "slot-day-label", formatDayShort(day.date)));
    const times = h("div", "slot-times");
    day.slots.forEach(function (slot) { times.appendChild(buildSlotButton(slot, slot === earliest)); });
    row.appendChild(times);
    section.appendChild(row);
  });
  return section;
}

function buildSlotButton(slot, isEarliest) {
  const button = h("button", "slot-button", slot.time);
  button.type = "button";
  button.dataset.clinic = slot.clinic;
  button.dataset.doctor = slot.doctor;
  button.dataset.date = slot.date;
  button.dataset.time = slot.time;
  let label = "Agendar " + slot.time + ", " + formatDayLong(slot.date) + ", " + slot.doctor +
    ", " + clinicName(slot.clinic);
  if (isEarliest) {
    button.classList.add("is-earliest");
    button.dataset.earliest = "true";
    button.appendChild(h("span", "slot-badge", "mais cedo"));
    label += " (horário mais cedo)";
  }
  button.setAttribute("aria-label", label);
  return button;
}

/** A slot of this answer that a later message asked to book was clicked: show it as live. */
export function restoreChosenSlot(container, laterEntries) {
  const asked = new Set(laterEntries.filter(function (e) { return e.role === "user"; })
    .map(function (e) { return e.text; }));
  const buttons = Array.from(container.querySelectorAll(".slot-button"));
  const chosen = buttons.find(function (b) { return asked.has(slotMessage(b.dataset)); });
  if (chosen) markSlotChosen(container, chosen);
}

export function markSlotChosen(container, button) {
  container.querySelectorAll(".slot-button").forEach(function (b) { b.disabled = true; });
  button.classList.add("is-chosen");
  container.dataset.chosen = "true";
}

/* ---------- appointment cards ---------- */

export function renderAppointments(container, appointments) {
  container.textContent = "";
  (appointments || []).forEach(function (a) { container.appendChild(buildAppointmentCard(a)); });
}

function buildAppointmentCard(a) {
  const status = String(a.status || "scheduled").toLowerCase();
  const card = h("section", "appointment-card");
  card.dataset.status = status;
  card.dataset.clinic = a.clinic || "";
  card.dataset.doctor = a.doctor || "";
  card.dataset.date = a.date || "";
  card.dataset.time = a.time || "";
  card.appendChild(h("h3", "appointment-title", appointmentTitle(status)));
  const list = h("dl", "appointment-details");
  const specialty = clinicSpecialty(a.clinic);
  addDetail(list, "Clínica", clinicName(a.clinic) + (specialty ? " · " + specialty : ""));
  addDetail(list, "Médico(a)", a.doctor);
  addDetail(list, "Data", formatDayLong(a.date));
  addDetail(list, "Horário", a.time);
  card.appendChild(list);
  return card;
}

function addDetail(list, term, value) {
  const row = h("div", "appointment-detail");
  row.append(h("dt", null, term), h("dd", null, value || "—"));
  list.appendChild(row);
}
