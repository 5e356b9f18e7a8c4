/*
 * The pure functions (SSE parsing, CPF rules, dates, slot grouping, labels) as one object: no DOM,
 * so they can be tried in the page (`window.ClinicUI`) or imported in Node (as an ES module).
 */
import { cpfDigits, formatCpf, isValidCpf } from "./cpf.js";
import {
  actionLabel, clinicName, clinicSpecialty, formatDate, formatDayLong, formatDayShort, splitBold,
  summarizeTurn,
} from "./format.js";
import { appointmentTitle, earliestSlot, groupSlots, slotMessage } from "./slots.js";
import { createSseParser } from "./sse.js";

export const ClinicUI = {
  createSseParser: createSseParser, cpfDigits: cpfDigits, formatCpf: formatCpf,
  isValidCpf: isValidCpf, clinicName: clinicName, clinicSpecialty: clinicSpecialty,
  actionLabel: actionLabel, formatDate: formatDate, formatDayShort: formatDayShort,
  formatDayLong: formatDayLong, slotMessage: slotMessage, earliestSlot: earliestSlot,
  groupSlots: groupSlots, appointmentTitle: appointmentTitle, splitBold: splitBold,
  summarizeTurn: summarizeTurn,
};
