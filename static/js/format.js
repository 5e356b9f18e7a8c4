/* Words the patient reads: clinic names, actions and dates in Portuguese, turn summaries. Pure. */

const CLINIC_SPECIALTIES = {
  clinic_a: "Cardiologia", clinic_b: "Dermatologia", clinic_c: "Cardiologia",
  clinic_d: "Ortopedia", clinic_e: "Ortopedia", clinic_f: "Dermatologia",
};

/** "clinic_a" -> "Clínica A"; unknown ids are shown as they came. */
export function clinicName(id) {
  const m = /^clinic_([a-z])$/i.exec(String(id || ""));
  return m ? "Clínica " + m[1].toUpperCase() : String(id || "Clínica");
}

export function clinicSpecialty(id) {
  return CLINIC_SPECIALTIES[id] || "";
}

const ACTION_LABELS = {
  list_available_slots: "consultar horários",
  book_appointment: "agendar",
  reschedule_appointment: "remarcar",
  cancel_appointment: "cancelar",
  list_my_appointments: "minhas consultas",
};

export function actionLabel(action) {
  return ACTION_LABELS[action] || String(action || "");
}

const WEEKDAYS_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];
const WEEKDAYS_LONG = ["domingo", "segunda-feira", "terça-feira", "quarta-feira",
  "quinta-feira", "sexta-feira", "sábado"];

function isoParts(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ""));
  return m ? { y: m[1], m: m[2], d: m[3] } : null;
}

/** Weekday index of a YYYY-MM-DD date, computed in UTC so the browser's time zone cannot shift it. */
function weekdayOf(iso) {
  const p = isoParts(iso);
  return p ? new Date(Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d))).getUTCDay() : -1;
}

/** "2025-11-24" -> "24/11/2025" (the form the planner parses). */
export function formatDate(iso) {
  const p = isoParts(iso);
  return p ? p.d + "/" + p.m + "/" + p.y : String(iso || "");
}

/** "2025-11-24" -> "seg 24/11" (day rows of the slot list). */
export function formatDayShort(iso) {
  const p = isoParts(iso);
  return p ? WEEKDAYS_SHORT[weekdayOf(iso)] + " " + p.d + "/" + p.m : String(iso || "");
}

/** "2025-11-24" -> "segunda-feira, 24/11/2025" (appointment cards, accessible labels). */
export function formatDayLong(iso) {
  return isoParts(iso) ? WEEKDAYS_LONG[weekdayOf(iso)] + ", " + formatDate(iso) : String(iso || "");
}

/** Split "a **b** c" into [{text:"a "}, {text:"b", bold:true}, {text:" c"}]. */
export function splitBold(text) {
  const parts = [];
  const re = /\*\*([^*\n]+?)\*\*/g;
  let last = 0;
  let m;
  while ((m = re.exec(text)) !== null) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[1], bold: true });
    last = re.lastIndex;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function plural(n, one, many) {
  return n + " " + (n === 1 ? one : many);
}

export function formatMs(ms) {
  return Math.round(Number(ms) || 0) + " ms";
}

/**
 * One-line summary of a finished turn, e.g. "2 clínicas · 143 ms · verificado".
 * facts: {clinics, failures, ms, outcome, emergency, blocked, verified}
 */
export function summarizeTurn(facts) {
  const parts = [];
  if (facts.emergency) parts.push("emergência");
  else parts.push(facts.clinics > 0 ? plural(facts.clinics, "clínica", "clínicas") : "sem consulta às clínicas");
  if (facts.failures > 0) parts.push(plural(facts.failures, "falha", "falhas"));
  if (facts.ms !== null && facts.ms !== undefined) parts.push(formatMs(facts.ms));
  if (facts.outcome === "interrupted") parts.push("interrompido");
  else if (facts.outcome === "error" || facts.outcome === "incomplete") parts.push("erro");
  else if (facts.blocked) parts.push("bloqueado");
  else if (facts.verified) parts.push("verificado");
  return parts.join(" · ");
}
