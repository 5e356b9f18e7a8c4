/*
 * The page's words: one catalogue per language, the current language, and the static text of the
 * page (elements with data-i18n / data-i18n-attr) re-applied when the language changes.
 *
 * The catalogues are data: static/i18n/<code>.json, every string the page shows in one language, with
 * the keys of pt.json (the fallback). The server embeds them all in the page as the JSON element
 * #catalogues, so they are here before any other module asks for a word (module scripts run after
 * the document is parsed); a new language is one more JSON file.
 */
const CATALOGUES = JSON.parse(document.getElementById("catalogues").textContent);
const FALLBACK = "pt";
let current = FALLBACK;
let registryWords = null;

export function lang() {
  return current;
}

export function isLanguage(code) {
  return Object.prototype.hasOwnProperty.call(CATALOGUES, code);
}

/** The other language of the header switch (with more catalogues: the next one). */
export function nextLanguage() {
  const codes = Object.keys(CATALOGUES);
  return codes[(codes.indexOf(current) + 1) % codes.length];
}

/** A string of the current catalogue with {placeholders} filled; the fallback catalogue fills gaps. */
export function t(key, params) {
  const value = key in CATALOGUES[current] ? CATALOGUES[current][key] : CATALOGUES[FALLBACK][key];
  if (value === undefined) return key;
  if (typeof value !== "string") return value;
  return value.replace(/\{(\w+)\}/g, function (whole, name) {
    return params && params[name] !== undefined && params[name] !== null ? String(params[name]) : whole;
  });
}

/** Switch the language and rewrite the page's static text; returns whether it changed. */
export function setLanguage(code) {
  if (!isLanguage(code) || code === current) return false;
  current = code;
  applyStaticText(document);
  return true;
}

/** Give the static text the clinic registry's words ({specialties}, {count}...): a function of the language. */
export function setRegistryWords(words) {
  registryWords = words;
  applyStaticText(document);
}

/** A static text with the registry's words; until they are known, its `_offline` wording where it has one. */
function staticText(key) {
  const params = registryWords && registryWords();
  const offline = key + "_offline";
  return !params && offline in CATALOGUES[FALLBACK] ? t(offline) : t(key, params);
}

/** Fill every `data-i18n` element's text and every `data-i18n-attr="attr:key;..."` attribute. */
export function applyStaticText(root) {
  document.documentElement.lang = t("html_lang");
  document.title = t("app_title");
  root.querySelectorAll("[data-i18n]").forEach(function (node) { node.textContent = staticText(node.dataset.i18n); });
  root.querySelectorAll("[data-i18n-attr]").forEach(function (node) {
    node.dataset.i18nAttr.split(";").forEach(function (pair) {
      const parts = pair.split(":");
      node.setAttribute(parts[0].trim(), staticText(parts[1].trim()));
    });
  });
}
