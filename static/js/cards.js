/*
 * Appointment cards that act: Remarcar, Cancelar and "Adicionar ao calendário" on every live
 * booking, the booking code when the answer has it, a reschedule as the old slot struck through
 * and the new one; and the Confirmar/Manter pair when the assistant awaits a yes or no.
 */
import { clinicInfo, clinicName, clinicSpecialty } from "./clinics.js";
import { h } from "./dom.js";
import { formatDate, formatDayLong } from "./format.js";
import { t } from "./i18n.js";
import { appointmentCalendar } from "./ics.js";

const TITLES = { confirmed: "card_confirmed", rescheduled: "card_rescheduled", cancelled: "card_cancelled",
  canceled: "card_cancelled" };

/** A reschedule arrives as the old booking ("moved") then the new one: one card shows both. */
export function pairMoves(appointments) {
  const cards = [];
  let moved = null;
  (appointments || []).forEach(function (a) {
    const status = String(a.status || "booked").toLowerCase();
    if (status === "moved") { moved = a; return; }
    cards.push({ appointment: a, status: status, was: status === "rescheduled" ? moved : null });
    moved = null;
  });
  return cards;
}

export function renderAppointments(container, appointments) {
  container.textContent = "";
  pairMoves(appointments).forEach(function (c) { container.appendChild(buildCard(c)); });
}

function buildCard(entry) {
  const a = entry.appointment;
  const card = h("section", "appointment-card");
  card.dataset.status = entry.status;
  ["clinic", "doctor", "date", "time"].forEach(function (k) { card.dataset[k] = a[k] || ""; });
  if (a.code) card.dataset.code = a.code;
  if (a.patient) card.dataset.patient = a.patient;
  card.setAttribute("aria-label", t(TITLES[entry.status] || "card_booked"));
  card.appendChild(h("p", "appointment-title", t(TITLES[entry.status] || "card_booked")));
  const list = h("dl", "appointment-details");
  if (a.patient) addDetail(list, t("card_patient"), a.patient, "appointment-patient");
  const specialty = clinicSpecialty(a.clinic);
  addDetail(list, t("card_clinic"), clinicName(a.clinic) + (specialty ? " · " + specialty : ""));
  addDetail(list, t("card_doctor"), a.doctor);
  if (entry.was) {
    addDetail(list, t("card_was"), when(entry.was), "appointment-was");
    addDetail(list, t("card_now"), when(a), "appointment-now");
  } else {
    addDetail(list, t("card_date"), formatDayLong(a.date));
    addDetail(list, t("card_time"), a.time);
  }
  if (a.code) addDetail(list, t("card_code"), a.code, "appointment-code");
  addContact(list, clinicInfo(a.clinic));
  if (entry.status === "confirmed") addRules(list, clinicInfo(a.clinic));
  card.appendChild(list);
  if (entry.status !== "cancelled" && entry.status !== "canceled") card.appendChild(buildActions(a));
  return card;
}

function when(a) {
  return formatDayLong(a.date) + " · " + a.time;
}

function addDetail(list, term, value, className) {
  const row = h("div", "appointment-detail" + (className ? " " + className : ""));
  const dd = h("dd", null);
  if (value instanceof Node) dd.appendChild(value); else dd.textContent = value || "—";
  row.append(h("dt", null, term), dd);
  list.appendChild(row);
}

function addContact(list, info) {
  if (!info || !info.address) return;
  addDetail(list, t("card_address"), info.address);
  if (info.phone) {
    const link = h("a", "appointment-phone", info.phone);
    link.href = "tel:+55" + info.phone.replace(/\D/g, "");
    addDetail(list, t("card_phone"), link);
  }
}

/** The clinic's own rules, shown when a booking is confirmed: how late it may change, how many it allows. */
function addRules(list, info) {
  const rules = (info && info.rules) || {};
  const parts = [];
  if (rules.min_notice_hours) parts.push(t("card_notice", { hours: rules.min_notice_hours }));
  if (rules.max_future_bookings) parts.push(t("card_most", { most: rules.max_future_bookings }));
  if (parts.length) addDetail(list, t("card_rules"), parts.join("; "), "appointment-rules");
}

function buildActions(a) {
  const actions = h("div", "appointment-actions");
  const fields = { doctor: a.doctor, day: formatDayLong(a.date), time: a.time };
  [["reschedule", "card-reschedule"], ["cancel", "card-cancel"], ["add_calendar", "card-calendar"]]
    .forEach(function (pair) {
      const button = h("button", "button button-secondary button-small " + pair[1], t(pair[0]));
      button.type = "button";
      button.setAttribute("aria-label", t("action_for", Object.assign({ action: t(pair[0]) }, fields)));
      actions.appendChild(button);
    });
  return actions;
}

/**
 * The chat message a card button sends, in the conversation's language. The reschedule request names
 * no date: the planner would read it as the new one; without it, it lists that doctor's slots instead.
 */
export function cardMessage(card, action) {
  const fields = { doctor: card.dataset.doctor, date: formatDate(card.dataset.date), time: card.dataset.time };
  return t(action === "cancel" ? "cancel_message" : "reschedule_request", fields);
}

/** Download the card's appointment as an .ics file. */
export function downloadCalendar(card) {
  const a = { clinic: card.dataset.clinic, doctor: card.dataset.doctor, date: card.dataset.date,
    time: card.dataset.time, code: card.dataset.code, patient: card.dataset.patient };
  const info = clinicInfo(a.clinic) || {};
  const place = { name: clinicName(a.clinic), address: info.address, phone: info.phone, timezone: info.timezone };
  const fields = { doctor: a.doctor, specialty: clinicSpecialty(a.clinic), clinic: place.name, patient: a.patient };
  const words = { summary: t(a.patient ? "ics_summary_for" : "ics_summary", fields),
    description: t(a.patient ? "ics_description_for" : "ics_description", fields) };
  const text = appointmentCalendar(a, place, words, new Date());
  const url = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
  const link = h("a");
  link.href = url;
  link.download = "consulta-" + a.date + "-" + a.time.replace(":", "h") + ".ics";
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
}

/** The assistant awaits yes/no for a booking, cancel or reschedule: the slot(s) and Confirmar / Manter. */
export function renderConfirm(container, confirm) {
  container.textContent = "";
  if (!confirm || !confirm.appointment) return;
  const box = h("div", "confirm-box");
  box.dataset.action = confirm.action;
  box.appendChild(h("p", "confirm-question", t("confirm_" + confirm.action)));
  const old = h(confirm.new ? "s" : "span", "confirm-old", describe(confirm.appointment));
  box.appendChild(old);
  if (confirm.new) box.appendChild(h("span", "confirm-new", describe(confirm.new)));
  const row = h("div", "confirm-actions");
  [["confirm_yes", "yes_message", "button-primary confirm-yes"], ["confirm_no", "no_message", "button-secondary confirm-no"]]
    .forEach(function (spec) {
      const button = h("button", "button " + spec[2], t(spec[0]));
      button.type = "button";
      button.dataset.message = t(spec[1]);
      row.appendChild(button);
    });
  box.appendChild(row);
  container.appendChild(box);
}

function describe(slot) {
  return slot.doctor + " · " + clinicName(slot.clinic) + " · " + formatDayLong(slot.date) + " · " + slot.time;
}
