/*
 * The pure functions (SSE parsing, CPF rules, dates, slot grouping, calendar files) as one object:
 * no DOM, so they can be tried in the page (`window.ClinicUI`) or imported in Node (as an ES module).
 */
import { cpfDigits, formatCpf, isValidCpf } from "./cpf.js";
import { formatDate, formatDayLong, formatDayShort, splitBold, summarizeTurn, textBesideChips } from "./format.js";
import { appointmentCalendar } from "./ics.js";
import { earliestSlot, groupSlots, slotMessage } from "./slots.js";
import { createSseParser } from "./sse.js";

export const ClinicUI = {
  createSseParser: createSseParser, cpfDigits: cpfDigits, formatCpf: formatCpf, isValidCpf: isValidCpf,
  formatDate: formatDate, formatDayShort: formatDayShort, formatDayLong: formatDayLong, slotMessage: slotMessage,
  earliestSlot: earliestSlot, groupSlots: groupSlots, splitBold: splitBold, summarizeTurn: summarizeTurn,
  textBesideChips: textBesideChips, appointmentCalendar: appointmentCalendar,
};
