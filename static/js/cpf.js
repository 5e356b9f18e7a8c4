/* The CPF as the patient types it: digits, the progressive mask, check digits. Pure: no DOM. */

/** Only the digits of a CPF as typed (at most 11). */
export function cpfDigits(value) {
  return String(value || "").replace(/\D/g, "").slice(0, 11);
}

/** Progressive CPF mask: dots after the third and sixth digit, a dash before the last two, as digits are typed. */
export function formatCpf(value) {
  const d = cpfDigits(value);
  let out = d.slice(0, 3);
  if (d.length > 3) out += "." + d.slice(3, 6);
  if (d.length > 6) out += "." + d.slice(6, 9);
  if (d.length > 9) out += "-" + d.slice(9, 11);
  return out;
}

/** CPF check digit over the first `length` digits (weights length+1 down to 2). */
function cpfCheckDigit(digits, length) {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for a CPF with valid check digits; eleven repeats of one digit are invalid. */
export function isValidCpf(value) {
  const d = String(value || "").replace(/\D/g, "");
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return cpfCheckDigit(d, 9) === Number(d[9]) && cpfCheckDigit(d, 10) === Number(d[10]);
}

/** Caret position in a masked CPF just after its `count`-th digit. */
export function caretAfterDigits(formatted, count) {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === count) return i + 1;
  }
  return formatted.length;
}
