/*
 * The emergency card: every emergency number in the answer turned into a tap-to-call link (SAMU 192,
 * Bombeiros 193, CVV 188, Polícia 190, Ligue 180, Disque 100, Disque-Intoxicação 0800 722 6001). Built as
 * DOM nodes: no innerHTML with server text.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

const NUMBERS = /0800 722 6001|\b(?:100|180|188|190|192|193)\b/g;

/** Replace each emergency number inside `node`'s text with a tel: link (labels in the page's language). */
export function linkCalls(node) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  texts.forEach(function (text) {
    const parts = splitNumbers(text.nodeValue);
    if (parts.length < 2) return;
    const fragment = document.createDocumentFragment();
    parts.forEach(function (part) {
      fragment.appendChild(part.number ? callLink(part.text) : document.createTextNode(part.text));
    });
    text.parentNode.replaceChild(fragment, text);
  });
}

function splitNumbers(value) {
  const parts = [];
  let last = 0;
  value.replace(NUMBERS, function (match, offset) {
    if (offset > last) parts.push({ text: value.slice(last, offset), number: false });
    parts.push({ text: match, number: true });
    last = offset + match.length;
    return match;
  });
  if (last < value.length) parts.push({ text: value.slice(last), number: false });
  return parts;
}

function callLink(number) {
  const link = h("a", "call-link", number);
  link.href = "tel:" + number.replace(/\s+/g, "");
  link.setAttribute("aria-label", t("call_number") + number);
  return link;
}
