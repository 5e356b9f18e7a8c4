/* The clinics and specialties as the page names them, from GET /api/clinics (the registry). */
import { spokenList } from "./format.js";
import { lang, setRegistryWords, t } from "./i18n.js";

const known = new Map();
let specialties = [];

/** Fetch the registry once; the page's words about the federation come from it. */
export async function loadClinics() {
  try {
    const res = await fetch("/api/clinics", { headers: { Accept: "application/json" } });
    const data = res.ok ? await res.json() : null;
    ((data && data.clinics) || []).forEach(function (c) { known.set(c.id, c); });
    specialties = (data && data.specialties) || [];
  } catch (e) { /* offline: the static text keeps its wording without the registry */ }
  if (specialties.length) setRegistryWords(registryWords);
}

/** {specialties, specialty_list, first_specialty, count} in the current language, for the static text. */
function registryWords() {
  const names = specialties.map(function (s) { return s[lang()] || s.pt; });
  const lower = names.map(function (name) { return name.toLocaleLowerCase(t("html_lang")); });
  return { specialties: names.join(" · "), specialty_list: spokenList(lower), first_specialty: lower[0],
    count: known.size };
}

/** The clinics' own phone numbers, which answers may show as tap-to-call links. */
export function clinicPhones() {
  return Array.from(known.values()).map(function (c) { return c.phone; }).filter(Boolean);
}

export function clinicInfo(id) {
  return known.get(id) || null;
}

/** "clinic_a" -> "Clínica A" (the registry's display name); never the raw id. */
export function clinicName(id) {
  const clinic = known.get(id);
  return clinic ? clinic.name : t("clinic_unknown");
}

export function clinicSpecialty(id) {
  const clinic = known.get(id);
  return clinic ? clinic.specialty[lang()] || clinic.specialty.pt : "";
}
