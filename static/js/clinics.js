/* The clinics as the page names them: display names, specialties and contacts from GET /api/clinics. */
import { lang, t } from "./i18n.js";

const known = new Map();

/** Fetch the registry once; without it, names fall back to "Clínica A" built from the id. */
export async function loadClinics() {
  try {
    const res = await fetch("/api/clinics", { headers: { Accept: "application/json" } });
    const data = res.ok ? await res.json() : null;
    ((data && data.clinics) || []).forEach(function (c) { known.set(c.id, c); });
  } catch (e) { /* offline: fallback names */ }
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
  if (clinic) return clinic.name;
  const m = /^clinic_([a-z])$/i.exec(String(id || ""));
  return m ? t("clinic_fallback", { letter: m[1].toUpperCase() }) : t("clinic_unknown");
}

export function clinicSpecialty(id) {
  const clinic = known.get(id);
  return clinic ? clinic.specialty[lang()] || clinic.specialty.pt : "";
}
