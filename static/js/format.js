/* Words the patient reads: dates in the conversation's language, answer text, turn summaries. Pure. */
import { t } from "./i18n.js";

function isoParts(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ""));
  return m ? { y: m[1], m: m[2], d: m[3] } : null;
}

/** Weekday index of a YYYY-MM-DD date, computed in UTC so the browser's time zone cannot shift it. */
function weekdayOf(p) {
  return new Date(Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d))).getUTCDay();
}

/** The date as the planner reads it in a chat message: "24/11/2025" or "2025-11-24". */
export function formatDate(iso) {
  const p = isoParts(iso);
  return p ? t("date_message", p) : String(iso || "");
}

/** "2025-11-24" -> "seg 24/11" / "Mon 11/24" (day rows of the slot chips). */
export function formatDayShort(iso) {
  const p = isoParts(iso);
  return p ? t("day_short", { weekday: t("weekdays_short")[weekdayOf(p)], d: p.d, m: p.m }) : String(iso || "");
}

/** "2025-11-24" -> "segunda-feira, 24/11/2025" (appointment cards, accessible labels). */
export function formatDayLong(iso) {
  const p = isoParts(iso);
  return p ? t("day_long", { weekday: t("weekdays_long")[weekdayOf(p)], d: p.d, m: p.m, y: p.y })
    : String(iso || "");
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

/**
 * The answer text the page shows next to slot chips: the text client's slot lines ("  • seg 23/11: …")
 * and its "choose a slot above" closing are what the chips already show, so they are left out.
 * The catalogue's `listing_closing` and `reschedule_closing` are patterns that find that closing paragraph.
 * -> {text, mode: "book"|"reschedule"}
 */
export function textBesideChips(text) {
  const closing = new RegExp(t("listing_closing"), "i");
  let mode = "book";
  const kept = String(text || "").split(/\n\s*\n/).filter(function (paragraph) {
    if (/^\s*•/m.test(paragraph)) return false;
    if (closing.test(paragraph)) {
      if (new RegExp(t("reschedule_closing"), "i").test(paragraph)) mode = "reschedule";
      return false;
    }
    return true;
  });
  return { text: kept.join("\n\n"), mode: mode };
}

/** ["a", "b", "c"] -> "a, b e c" / "a, b and c". */
export function spokenList(items) {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(", ") + t("list_and") + items[items.length - 1];
}

/** Milliseconds for the details view; under 1 ms says nothing rather than "0 ms". */
export function formatMs(ms) {
  const n = Math.round(Number(ms) || 0);
  return n >= 1 ? n + " ms" : "";
}

/** One line for a finished turn in patient words, e.g. "2 clínicas consultadas · 1 sem resposta". */
export function summarizeTurn(facts) {
  const parts = [];
  if (facts.clinics === 1) parts.push(t("summary_clinics_one"));
  else if (facts.clinics > 1) parts.push(t("summary_clinics_many", { n: facts.clinics }));
  if (facts.failures > 0) parts.push(t("summary_failures", { n: facts.failures }));
  return parts.join(" · ");
}
