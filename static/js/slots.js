/*
 * Slot chips: grouped by clinic and doctor, one row per day, the first days shown and "ver mais"
 * per doctor. The whole grid is one tab stop; arrow keys, Home and End move between chips
 * (a roving tabindex). The grouping at the top is pure; the builders below make DOM.
 */
import { clinicName, clinicSpecialty } from "./clinics.js";
import { h } from "./dom.js";
import { formatDate, formatDayLong, formatDayShort } from "./format.js";
import { t } from "./i18n.js";

const DAYS_SHOWN = 2;

/** The chat message a chip sends: book it, or (after a reschedule request) move to it. */
export function slotMessage(slot, mode) {
  const fields = { doctor: slot.doctor, date: formatDate(slot.date), time: slot.time };
  return t(mode === "reschedule" ? "reschedule_message" : "book_message", fields);
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
 * Group slots by clinic, then doctor (in the order the server listed them), then day; days and
 * times ascending. -> [{clinic, doctor, days:[{date, slots:[...]}]}]
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
  const list = Array.from(groups.values());
  const clinicOrder = list.map(function (g) { return g.clinic; });
  list.sort(function (a, b) { return clinicOrder.indexOf(a.clinic) - clinicOrder.indexOf(b.clinic); });
  return list.map(function (g) {
    return {
      clinic: g.clinic, doctor: g.doctor,
      days: Array.from(g.days.keys()).sort().map(function (date) {
        return { date: date, slots: g.days.get(date).slice().sort(function (a, b) { return slotKey(a) < slotKey(b) ? -1 : 1; }) };
      }),
    };
  });
}

/* ---------- the chip grid ---------- */

/** Chips for an answer's slots; `mode` says what a tap sends ("book" or "reschedule"). */
export function renderSlots(container, slots, mode) {
  container.textContent = "";
  if (!slots || slots.length === 0) return;
  const earliest = earliestSlot(slots);
  container.dataset.mode = mode || "book";
  const title = h("p", "slots-title", t(mode === "reschedule" ? "slots_title_reschedule" : "slots_title"));
  title.id = "slots-title-" + uniqueId();
  const grid = h("div", "slot-grid");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-labelledby", title.id);
  grid.setAttribute("aria-describedby", "slot-keys-hint");
  groupSlots(slots).forEach(function (group) { grid.appendChild(buildSlotGroup(group, earliest)); });
  container.append(title, grid);
  const first = grid.querySelector(".slot-button.is-earliest") || grid.querySelector(".slot-button");
  first.tabIndex = 0;
}

let counter = 0;
function uniqueId() {
  counter += 1;
  return String(counter);
}

function buildSlotGroup(group, earliest) {
  const section = h("div", "slot-group");
  section.dataset.clinic = group.clinic;
  section.dataset.doctor = group.doctor;
  const heading = h("p", "slot-group-title");
  heading.appendChild(h("span", "slot-group-doctor", group.doctor));
  heading.appendChild(h("span", "slot-group-clinic", clinicName(group.clinic) + " · " + clinicSpecialty(group.clinic)));
  section.appendChild(heading);
  group.days.forEach(function (day, index) {
    const row = h("div", "slot-day");
    row.dataset.date = day.date;
    row.hidden = index >= DAYS_SHOWN && !day.slots.includes(earliest);
    row.appendChild(h("span", "slot-day-label", formatDayShort(day.date)));
    const times = h("div", "slot-times");
    day.slots.forEach(function (slot) { times.appendChild(buildSlotButton(slot, slot === earliest)); });
    row.appendChild(times);
    section.appendChild(row);
  });
  const hidden = section.querySelectorAll(".slot-day[hidden]").length;
  if (hidden > 0) {
    const more = h("button", "slot-more", t("more_days", { n: hidden }));
    more.type = "button";
    more.setAttribute("aria-expanded", "false");
    section.appendChild(more);
  }
  return section;
}

function buildSlotButton(slot, isEarliest) {
  const button = h("button", "slot-button");
  button.type = "button";
  button.tabIndex = -1;
  button.appendChild(h("span", "slot-time", slot.time));
  ["clinic", "doctor", "date", "time"].forEach(function (k) { button.dataset[k] = slot[k]; });
  // The accessible name starts with the visible time (WCAG 2.5.3, label in name).
  let label = t("slot_label", { time: slot.time, day: formatDayLong(slot.date), doctor: slot.doctor,
    clinic: clinicName(slot.clinic) });
  if (isEarliest) {
    button.classList.add("is-earliest");
    button.dataset.earliest = "true";
    label += " (" + t("earliest_mark") + ")";
  }
  button.setAttribute("aria-label", label);
  return button;
}

/** "ver mais": show a doctor's other days (and "ver menos" folds them again). */
export function toggleMoreDays(button) {
  const section = button.closest(".slot-group");
  const open = button.getAttribute("aria-expanded") !== "true";
  const rows = Array.from(section.querySelectorAll(".slot-day")).slice(DAYS_SHOWN);
  rows.forEach(function (row) {
    if (!row.querySelector(".is-earliest") && !row.querySelector(".is-chosen")) row.hidden = !open;
  });
  button.setAttribute("aria-expanded", String(open));
  button.textContent = open ? t("fewer_days") : t("more_days", { n: rows.length });
}

/** Arrow keys inside the grid: Left/Right step, Up/Down jump a day row, Home/End go to the ends. */
export function onSlotGridKeydown(event) {
  const current = event.target.closest(".slot-button");
  if (!current) return;
  const grid = current.closest(".slot-grid");
  const chips = Array.from(grid.querySelectorAll(".slot-day:not([hidden]) .slot-button"));
  const index = chips.indexOf(current);
  const target = {
    ArrowRight: chips[index + 1], ArrowLeft: chips[index - 1], Home: chips[0], End: chips[chips.length - 1],
    ArrowDown: rowNeighbour(chips, current, 1), ArrowUp: rowNeighbour(chips, current, -1),
  }[event.key];
  if (event.key in { ArrowRight: 1, ArrowLeft: 1, Home: 1, End: 1, ArrowDown: 1, ArrowUp: 1 }) event.preventDefault();
  if (target) moveFocus(grid, target);
}

function rowNeighbour(chips, current, direction) {
  const rows = Array.from(new Set(chips.map(function (c) { return c.closest(".slot-day"); })));
  const row = rows[rows.indexOf(current.closest(".slot-day")) + direction];
  if (!row) return null;
  const column = Array.from(current.parentNode.children).indexOf(current);
  const inRow = row.querySelectorAll(".slot-button");
  return inRow[Math.min(column, inRow.length - 1)];
}

function moveFocus(grid, target) {
  grid.querySelectorAll(".slot-button").forEach(function (b) { b.tabIndex = -1; });
  target.tabIndex = 0;
  target.focus();
}

/** A chip of this answer that a later message asked for: show it as chosen. */
export function restoreChosenSlot(container, laterEntries) {
  const asked = new Set(laterEntries.filter(function (e) { return e.role === "user"; })
    .map(function (e) { return e.text; }));
  const mode = container.dataset.mode;
  const chosen = Array.from(container.querySelectorAll(".slot-button")).find(function (b) {
    return asked.has(slotMessage(b.dataset, mode));
  });
  if (chosen) markSlotChosen(container, chosen);
}

/** The chosen chip gets a ✓; the others are disabled (the answer has moved on). */
export function markSlotChosen(container, button) {
  container.querySelectorAll(".slot-button").forEach(function (b) { b.disabled = true; });
  button.classList.add("is-chosen");
  const mark = h("span", "slot-check", "✓");
  mark.setAttribute("aria-hidden", "true");
  button.appendChild(mark);
  button.setAttribute("aria-label", button.getAttribute("aria-label") + " (" + t("chosen_mark") + ")");
  const row = button.closest(".slot-day");
  if (row) row.hidden = false;
  container.dataset.chosen = "true";
}
