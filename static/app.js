/*
 * Assistente de Consultas: the browser UI.
 *
 * Vanilla JS, no build step, nothing from the network but our own API, so it works offline and
 * under a strict `default-src 'self'` CSP (no inline code, no eval, no innerHTML with server text).
 *
 * The file has two halves:
 *   1. pure functions (SSE parsing, CPF rules, dates, slot grouping, labels): no DOM, testable in
 *      Node (`require("./static/app.js")`) or in the page (`window.ClinicUI`);
 *   2. the page: identification, session restore, chat streaming, the stage timeline, slots and
 *      appointment cards.
 * The wire vocabulary (event names and fields) is DESIGN.md §5; do not rename it here.
 */
(function (root) {
  "use strict";

  /* =============================================================================================
   * 1. Pure functions
   * ============================================================================================= */

  /**
   * Incremental parser for a `text/event-stream` body, following the SSE specification:
   * lines end with LF, CRLF or CR (a CR at the end of a chunk may be the first half of a CRLF, so
   * it waits for the next chunk); `data:` lines are joined with "\n"; one space after the colon is
   * dropped; lines starting with ":" are comments (our keep-alives); a blank line dispatches; an
   * event with no data is not dispatched; an unterminated event at end of stream is discarded.
   * We parse by hand because EventSource cannot POST.
   */
  function createSseParser(onEvent) {
    let pending = "";      // text after the last complete line
    let dataLines = [];
    let eventType = "";
    let lastEventId = "";
    let started = false;

    function dispatch() {
      if (dataLines.length > 0) {
        onEvent({ type: eventType || "message", data: dataLines.join("\n"), id: lastEventId });
      }
      dataLines = [];
      eventType = "";
    }

    function processLine(line) {
      if (line === "") { dispatch(); return; }
      if (line[0] === ":") return;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value[0] === " ") value = value.slice(1);
      if (field === "event") eventType = value;
      else if (field === "data") dataLines.push(value);
      else if (field === "id" && value.indexOf("\u0000") === -1) lastEventId = value;
      // "retry" and unknown fields only matter to EventSource reconnection: ignored.
    }

    function push(chunk) {
      if (!started && chunk) {
        started = true;
        if (chunk[0] === "\uFEFF") chunk = chunk.slice(1);  // a leading BOM is not content
      }
      let text = pending + chunk;
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c !== "\n" && c !== "\r") continue;
        if (c === "\r" && i === text.length - 1) break;   // maybe CRLF split across chunks
        processLine(text.slice(start, i));
        if (c === "\r" && text[i + 1] === "\n") i++;
        start = i + 1;
      }
      pending = text.slice(start);
    }

    function end() {
      if (pending.endsWith("\r")) processLine(pending.slice(0, -1));
      pending = "";
      dataLines = [];  // an event without its blank line is incomplete: drop it
      eventType = "";
    }

    return { push: push, end: end };
  }

  /** Only the digits of a CPF as typed (at most 11). */
  function cpfDigits(value) {
    return String(value || "").replace(/\D/g, "").slice(0, 11);
  }

  /** Progressive CPF mask: "12345678" -> "123.456.78", 11 digits -> "000.000.000-00". */
  function formatCpf(value) {
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

  /** True for a CPF with valid check digits; repeated digits (111.111.111-11) are invalid. */
  function isValidCpf(value) {
    const d = String(value || "").replace(/\D/g, "");
    if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
    return cpfCheckDigit(d, 9) === Number(d[9]) && cpfCheckDigit(d, 10) === Number(d[10]);
  }

  const CLINIC_SPECIALTIES = {
    clinic_a: "Cardiologia", clinic_b: "Dermatologia", clinic_c: "Cardiologia",
    clinic_d: "Ortopedia", clinic_e: "Ortopedia", clinic_f: "Dermatologia",
  };

  /** "clinic_a" -> "Clínica A"; unknown ids are shown as they came. */
  function clinicName(id) {
    const m = /^clinic_([a-z])$/i.exec(String(id || ""));
    return m ? "Clínica " + m[1].toUpperCase() : String(id || "Clínica");
  }

  function clinicSpecialty(id) {
    return CLINIC_SPECIALTIES[id] || "";
  }

  const ACTION_LABELS = {
    list_available_slots: "consultar horários",
    book_appointment: "agendar",
    reschedule_appointment: "remarcar",
    cancel_appointment: "cancelar",
    list_my_appointments: "minhas consultas",
  };

  function actionLabel(action) {
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
  function formatDate(iso) {
    const p = isoParts(iso);
    return p ? p.d + "/" + p.m + "/" + p.y : String(iso || "");
  }

  /** "2025-11-24" -> "seg 24/11" (day rows of the slot list). */
  function formatDayShort(iso) {
    const p = isoParts(iso);
    return p ? WEEKDAYS_SHORT[weekdayOf(iso)] + " " + p.d + "/" + p.m : String(iso || "");
  }

  /** "2025-11-24" -> "segunda-feira, 24/11/2025" (appointment cards, accessible labels). */
  function formatDayLong(iso) {
    return isoParts(iso) ? WEEKDAYS_LONG[weekdayOf(iso)] + ", " + formatDate(iso) : String(iso || "");
  }

  /** The exact chat message a slot button sends; the planner parses this form. */
  function slotMessage(slot) {
    return "Quero agendar com " + slot.doctor + " no dia " + formatDate(slot.date) + " às " + slot.time;
  }

  function slotKey(slot) {
    return slot.date + " " + slot.time;  // ISO date + zero-padded HH:MM sort as strings
  }

  /** The slot with the earliest date and time (the first one on ties), or null. */
  function earliestSlot(slots) {
    let best = null;
    (slots || []).forEach(function (s) {
      if (!best || slotKey(s) < slotKey(best)) best = s;
    });
    return best;
  }

  /**
   * Group slots by clinic, then doctor (both in the order the server listed them, which matches
   * the answer text), then day; days and times ascending.
   * -> [{clinic, doctor, days:[{date, slots:[...]}]}]
   */
  function groupSlots(slots) {
    const groups = new Map();
    (slots || []).forEach(function (s) {
      const key = s.clinic + "\u0000" + s.doctor;
      if (!groups.has(key)) groups.set(key, { clinic: s.clinic, doctor: s.doctor, days: new Map() });
      const days = groups.get(key).days;
      if (!days.has(s.date)) days.set(s.date, []);
      days.get(s.date).push(s);
    });
    const byClinic = Array.from(groups.values());
    byClinic.sort(function (a, b) { return clinicOrder(byClinic, a) - clinicOrder(byClinic, b); });
    return byClinic.map(function (g) {
      const dates = Array.from(g.days.keys()).sort();
      return {
        clinic: g.clinic,
        doctor: g.doctor,
        days: dates.map(function (date) {
          const daySlots = g.days.get(date).slice().sort(function (a, b) {
            return a.time < b.time ? -1 : a.time > b.time ? 1 : 0;
          });
          return { date: date, slots: daySlots };
        }),
      };
    });
  }

  /** Keeps a clinic's doctors together even if the server interleaved clinics. */
  function clinicOrder(groups, group) {
    for (let i = 0; i < groups.length; i++) if (groups[i].clinic === group.clinic) return i;
    return groups.length;
  }

  const APPOINTMENT_TITLES = {
    confirmed: "Consulta confirmada",
    rescheduled: "Consulta remarcada",
    cancelled: "Consulta cancelada",
    canceled: "Consulta cancelada",
  };

  /** Card title for an appointment status; booked/scheduled/listed and anything else: "agendada". */
  function appointmentTitle(status) {
    return APPOINTMENT_TITLES[String(status || "").toLowerCase()] || "Consulta agendada";
  }

  /** Split "a **b** c" into [{text:"a "}, {text:"b", bold:true}, {text:" c"}]. */
  function splitBold(text) {
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

  function formatMs(ms) {
    return Math.round(Number(ms) || 0) + " ms";
  }

  /**
   * One-line summary of a finished turn, e.g. "2 clínicas · 143 ms · verificado".
   * facts: {clinics, failures, ms, outcome, emergency, blocked, verified}
   */
  function summarizeTurn(facts) {
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

  const pure = {
    createSseParser: createSseParser, cpfDigits: cpfDigits, formatCpf: formatCpf,
    isValidCpf: isValidCpf, clinicName: clinicName, clinicSpecialty: clinicSpecialty,
    actionLabel: actionLabel, formatDate: formatDate, formatDayShort: formatDayShort,
    formatDayLong: formatDayLong, slotMessage: slotMessage, earliestSlot: earliestSlot,
    groupSlots: groupSlots, appointmentTitle: appointmentTitle, splitBold: splitBold,
    summarizeTurn: summarizeTurn,
  };

  if (typeof module !== "undefined" && module.exports) module.exports = pure;
  if (typeof document === "undefined") return;
  root.ClinicUI = pure;

  /* =============================================================================================
   * 2. The page
   * ============================================================================================= */

  const SESSION_KEY = "clinicChat.sessionId";

  const STAGE_LABELS = {
    triage: "Triagem", planning: "Planejamento", dispatch: "Consulta às clínicas",
    verification: "Verificação", answer: "Resposta",
  };
  // Rows are created as events arrive, but always sit in pipeline order.
  const STAGE_RANK = { triage: 0, planning: 1, dispatch: 2, clinic: 3, verification: 4, answer: 5 };

  const STATUS_TEXT = {
    pending: "na fila", running: "em andamento", done: "concluído", ok: "ok", error: "erro",
    timeout: "tempo esgotado", approved: "aprovada", blocked: "bloqueada", stopped: "interrompido",
  };
  const STATUS_ICON = {
    pending: "○", running: "", done: "✓", ok: "✓", error: "✕", timeout: "⏱",
    approved: "✓", blocked: "⚠", stopped: "■",
  };

  const DISPATCH_ANNOUNCEMENTS = {
    list_available_slots: "Buscando horários…",
    book_appointment: "Agendando…",
    reschedule_appointment: "Remarcando…",
    cancel_appointment: "Cancelando…",
    list_my_appointments: "Buscando suas consultas…",
  };

  const el = {};
  const state = {
    sessionId: null,
    identity: null,   // {name, cpf} typed in this page; memory only, never stored (PII)
    turn: null,       // the assistant turn currently streaming
    lastCpfDigits: "", // digits before the latest CPF edit (to see what a deletion removed)
    pinned: true,     // follow new content while the user has not scrolled up
  };

  /* ---------- small DOM helpers ---------- */

  function h(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function setHidden(node, hidden) {
    node.hidden = hidden;
  }

  function announce(text) {
    el.status.textContent = text;
  }

  /* ---------- storage (wrapped: private modes may throw) ---------- */

  function loadSessionId() {
    try { return root.localStorage.getItem(SESSION_KEY); } catch (e) { return null; }
  }

  function storeSessionId(id) {
    state.sessionId = id;
    try { root.localStorage.setItem(SESSION_KEY, id); } catch (e) { /* memory only then */ }
  }

  function forgetSessionId() {
    state.sessionId = null;
    try { root.localStorage.removeItem(SESSION_KEY); } catch (e) { /* nothing stored */ }
  }

  /* ---------- API ---------- */

  /** JSON call to our API -> {status, data}; throws only on network failure. */
  async function api(method, path, body, sessionId) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (sessionId) headers["X-Session-Id"] = sessionId;
    const res = await fetch(path, {
      method: method, headers: headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: await readJson(res) };
  }

  async function readJson(res) {
    try { return await res.json(); } catch (e) { return null; }
  }

  function errorMessage(data, fallback) {
    return (data && data.error && data.error.message) || fallback;
  }

  /* ---------- views ---------- */

  function showView(name) {
    el.app.dataset.view = name;
    setHidden(el.loading, name !== "loading");
    setHidden(el.identify, name !== "identify");
    setHidden(el.chat, name !== "chat");
  }

  /** Back to the identification form, optionally with a message and the fields pre-filled. */
  function showIdentify(message, prefill) {
    clearMessages();  // the previous conversation must not linger in the hidden chat
    clearFormErrors();
    if (message) showFormError(el.identifyError, null, message);
    el.name.value = (prefill && prefill.name) || "";
    el.cpf.value = formatCpf((prefill && prefill.cpf) || "");
    state.lastCpfDigits = cpfDigits(el.cpf.value);
    showView("identify");
    (el.name.value ? (el.cpf.value ? el.identifySubmit : el.cpf) : el.name).focus();
  }

  function showChat(patient, history) {
    el.cpf.value = "";  // the full CPF need not sit in the page once the session exists
    el.patientName.textContent = patient.name || "";
    el.patientCpf.textContent = patient.cpf_masked || "";
    clearMessages();
    renderHistory(history || []);
    showView("chat");
    state.pinned = true;
    scrollToEnd();
    el.message.focus();
  }

  /* ---------- identification form ---------- */

  function clearFormErrors() {
    [[el.nameError, el.name], [el.cpfError, el.cpf], [el.identifyError, null]].forEach(function (p) {
      p[0].textContent = "";
      setHidden(p[0], true);
      if (p[1]) p[1].removeAttribute("aria-invalid");
    });
  }

  function showFormError(node, input, message) {
    node.textContent = message;
    setHidden(node, false);
    if (input) input.setAttribute("aria-invalid", "true");
  }

  function nameProblem(name) {
    if (!name) return "Informe seu nome completo.";
    if (name.length < 3 || !/\p{L}/u.test(name)) return "Informe seu nome como está no documento.";
    return null;
  }

  function cpfProblem(cpf) {
    const digits = cpf.replace(/\D/g, "");
    if (!digits) return "Informe seu CPF.";
    if (digits.length !== 11) return "O CPF deve ter 11 dígitos.";
    if (!isValidCpf(digits)) return "CPF inválido. Confira os números digitados.";
    return null;
  }

  /** Validate both fields, show inline errors, return {name, cpf} or null. */
  function readIdentity() {
    clearFormErrors();
    const name = el.name.value.trim().replace(/\s+/g, " ");
    const cpf = cpfDigits(el.cpf.value);
    const nameError = nameProblem(name);
    const cpfError = cpfProblem(el.cpf.value);
    if (nameError) showFormError(el.nameError, el.name, nameError);
    if (cpfError) showFormError(el.cpfError, el.cpf, cpfError);
    if (nameError) el.name.focus();
    else if (cpfError) el.cpf.focus();
    return nameError || cpfError ? null : { name: name, cpf: cpf };
  }

  async function onIdentifySubmit(event) {
    event.preventDefault();
    const identity = readIdentity();
    if (!identity) return;
    el.identifySubmit.disabled = true;
    try {
      await openSession(identity);
    } finally {
      el.identifySubmit.disabled = false;
    }
  }

  /** POST /api/session; on success the chat opens, on 400 the server's message is shown. */
  async function openSession(identity) {
    let result;
    try {
      result = await api("POST", "/api/session", { name: identity.name, cpf: identity.cpf });
    } catch (e) {
      showIdentify("Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.", identity);
      return false;
    }
    if (result.status === 201 && result.data && result.data.session_id) {
      state.identity = identity;
      storeSessionId(result.data.session_id);
      showChat(result.data.patient || { name: identity.name }, []);
      return true;
    }
    const message = errorMessage(result.data, "Não foi possível iniciar a conversa. Tente novamente.");
    showIdentify(null, identity);
    showFormError(/cpf/i.test(message) ? el.cpfError : el.identifyError,
      /cpf/i.test(message) ? el.cpf : null, message);
    return false;
  }

  /** Keep the CPF mask while typing, keeping the caret next to the same digit. */
  function onCpfInput(event) {
    const input = el.cpf;
    const caret = input.selectionStart === null ? input.value.length : input.selectionStart;
    let digits = cpfDigits(input.value);
    let before = cpfDigits(input.value.slice(0, caret)).length;
    // Deleting only a "." or "-" would be undone by the mask: delete the neighbouring digit instead.
    if (digits === state.lastCpfDigits && event.inputType === "deleteContentBackward" && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    } else if (digits === state.lastCpfDigits && event.inputType === "deleteContentForward") {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    }
    const formatted = formatCpf(digits);
    input.value = formatted;
    state.lastCpfDigits = digits;
    const pos = caretAfterDigits(formatted, before);
    if (document.activeElement === input) input.setSelectionRange(pos, pos);
    if (digits.length === 11 && !el.cpfError.hidden) cpfLiveCheck();
  }

  function caretAfterDigits(formatted, count) {
    if (count <= 0) return 0;
    let seen = 0;
    for (let i = 0; i < formatted.length; i++) {
      if (/\d/.test(formatted[i]) && ++seen === count) return i + 1;
    }
    return formatted.length;
  }

  /** On blur (or while correcting a shown error), validate a complete CPF right away. */
  function cpfLiveCheck() {
    if (!el.cpf.value) return;
    const problem = cpfProblem(el.cpf.value);
    el.cpfError.textContent = problem || "";
    setHidden(el.cpfError, !problem);
    if (problem) el.cpf.setAttribute("aria-invalid", "true");
    else el.cpf.removeAttribute("aria-invalid");
  }

  /* ---------- session lifecycle ---------- */

  /** On load: restore the saved session and its history, or show the form. */
  async function restoreSession() {
    const id = loadSessionId();
    if (!id) { showIdentify(); return; }
    let result;
    try {
      result = await api("GET", "/api/session", undefined, id);
    } catch (e) {
      showIdentify("Não foi possível restaurar sua conversa. Verifique sua conexão.");
      return;
    }
    if (result.status === 200 && result.data && result.data.patient) {
      state.sessionId = id;
      showChat(result.data.patient, result.data.history);
      return;
    }
    forgetSessionId();
    showIdentify(result.status === 401 ? "Sua sessão expirou. Identifique-se novamente." : null);
  }

  /** Delete the server session (best effort: an expired one is already gone). */
  async function deleteSession(id) {
    if (!id) return;
    try { await api("DELETE", "/api/session", undefined, id); } catch (e) { /* offline: it expires */ }
  }

  /** New chat: drop this session; reopen one with the same identity if we still know it. */
  async function startNewChat() {
    stopStreaming();
    const old = state.sessionId;
    forgetSessionId();
    await deleteSession(old);
    announce("");
    if (state.identity) {
      if (await openSession(state.identity)) announce("Nova conversa iniciada.");
    } else {
      // After a reload only the masked CPF is known, so the patient types it again.
      showIdentify(null, { name: el.patientName.textContent });
    }
  }

  async function logout() {
    stopStreaming();
    const old = state.sessionId;
    forgetSessionId();
    state.identity = null;
    await deleteSession(old);
    announce("");
    showIdentify();
  }

  /** The server no longer knows our session: back to the form, fields pre-filled if we can. */
  function sessionExpired(message) {
    stopStreaming();
    forgetSessionId();
    showIdentify(message || "Sua sessão expirou. Identifique-se novamente.", state.identity);
  }

  /* ---------- message list ---------- */

  function clearMessages() {
    Array.from(el.messages.querySelectorAll(".msg")).forEach(function (n) { n.remove(); });
    setHidden(el.welcome, false);
  }

  function appendMessage(node) {
    setHidden(el.welcome, true);
    el.messages.appendChild(node);
    scrollToEnd();
  }

  function onMessagesScroll() {
    const m = el.messages;
    state.pinned = m.scrollHeight - m.scrollTop - m.clientHeight < 80;
  }

  /** Follow streaming content unless the user scrolled up to read. */
  function scrollToEnd() {
    if (!state.pinned || state.scrollQueued) return;
    state.scrollQueued = true;
    root.requestAnimationFrame(function () {
      state.scrollQueued = false;
      if (state.pinned) el.messages.scrollTop = el.messages.scrollHeight;
    });
  }

  /**
   * A long answer (dozens of slots) arrives at once: following it to the end would hide its
   * beginning, so align the bubble's top with the top of the log instead.
   */
  function revealAnswer(node) {
    if (!state.pinned) return;
    state.pinned = false;
    root.requestAnimationFrame(function () {
      const log = el.messages.getBoundingClientRect();
      const bubble = node.getBoundingClientRect();
      if (bubble.height <= log.height - 16) {
        state.pinned = true;
        el.messages.scrollTop = el.messages.scrollHeight;
      } else {
        el.messages.scrollTop += bubble.top - log.top - 8;
      }
    });
  }

  function buildUserBubble(text) {
    const node = h("article", "msg msg-user");
    node.appendChild(h("span", "visually-hidden", "Você: "));
    node.appendChild(h("p", "msg-text", text));
    return node;
  }

  /** Assistant bubble skeleton: optional live timeline, then answer text, slots, cards. */
  function buildAssistantBubble(withTimeline) {
    const node = h("article", "msg msg-assistant");
    node.appendChild(h("span", "visually-hidden", "Assistente: "));
    const parts = { node: node, timeline: null, rows: null, summary: null };
    if (withTimeline) {
      parts.timeline = h("details", "timeline");
      parts.timeline.open = true;
      parts.summary = h("summary", "timeline-summary");
      parts.summaryText = h("span", "timeline-summary-text", "Processando…");
      parts.summary.appendChild(parts.summaryText);
      parts.rows = h("ol", "timeline-rows");
      parts.timeline.append(parts.summary, parts.rows);
      node.appendChild(parts.timeline);
    }
    parts.flag = h("p", "answer-flag");
    setHidden(parts.flag, true);
    parts.text = h("div", "answer-text");
    parts.note = h("p", "answer-note");
    setHidden(parts.note, true);
    parts.slots = h("div", "slots");
    parts.cards = h("div", "appointments");
    node.append(parts.flag, parts.text, parts.note, parts.slots, parts.cards);
    return parts;
  }

  /** Render plain answer text safely; **x** becomes <strong> built as DOM nodes. */
  function renderAnswerText(node, text) {
    node.textContent = "";
    splitBold(text || "").forEach(function (part) {
      node.appendChild(part.bold ? h("strong", null, part.text) : document.createTextNode(part.text));
    });
  }

  /** Mark an answer as emergency or blocked (distinct styles; emergency is announced at once). */
  function renderFlags(parts, answer) {
    const emergency = !!answer.emergency;
    const blocked = !!answer.blocked && !emergency;
    parts.node.classList.toggle("is-emergency", emergency);
    parts.node.classList.toggle("is-blocked", blocked);
    parts.node.dataset.emergency = String(emergency);
    parts.node.dataset.blocked = String(!!answer.blocked);
    if (!emergency && !blocked) { setHidden(parts.flag, true); return; }
    parts.flag.textContent = emergency
      ? "Emergência: procure atendimento imediatamente"
      : "Resposta bloqueada pela verificação de segurança";
    if (emergency) parts.flag.setAttribute("role", "alert");
    setHidden(parts.flag, false);
  }

  /** Slots as buttons: clinic · doctor heading, one row per day, the earliest highlighted. */
  function renderSlots(container, slots) {
    container.textContent = "";
    if (!slots || slots.length === 0) return;
    const earliest = earliestSlot(slots);
    container.setAttribute("role", "group");
    container.setAttribute("aria-label", "Horários disponíveis");
    container.appendChild(h("p", "slots-title", "Escolha um horário para agendar:"));
    groupSlots(slots).forEach(function (group) {
      container.appendChild(buildSlotGroup(group, earliest));
    });
  }

  function buildSlotGroup(group, earliest) {
    const section = h("section", "slot-group");
    section.dataset.clinic = group.clinic;
    section.dataset.doctor = group.doctor;
    const heading = h("h3", "slot-group-title", clinicName(group.clinic) + " · " + group.doctor);
    const specialty = clinicSpecialty(group.clinic);
    if (specialty) heading.appendChild(h("span", "slot-group-specialty", specialty));
    section.appendChild(heading);
    group.days.forEach(function (day) {
      const row = h("div", "slot-day");
      row.dataset.date = day.date;
      row.appendChild(h("span", "slot-day-label", formatDayShort(day.date)));
      const times = h("div", "slot-times");
      day.slots.forEach(function (slot) { times.appendChild(buildSlotButton(slot, slot === earliest)); });
      row.appendChild(times);
      section.appendChild(row);
    });
    return section;
  }

  function buildSlotButton(slot, isEarliest) {
    const button = h("button", "slot-button", slot.time);
    button.type = "button";
    button.dataset.clinic = slot.clinic;
    button.dataset.doctor = slot.doctor;
    button.dataset.date = slot.date;
    button.dataset.time = slot.time;
    let label = "Agendar " + slot.time + ", " + formatDayLong(slot.date) + ", " + slot.doctor +
      ", " + clinicName(slot.clinic);
    if (isEarliest) {
      button.classList.add("is-earliest");
      button.dataset.earliest = "true";
      button.appendChild(h("span", "slot-badge", "mais cedo"));
      label += " (horário mais cedo)";
    }
    button.setAttribute("aria-label", label);
    return button;
  }

  function renderAppointments(container, appointments) {
    container.textContent = "";
    (appointments || []).forEach(function (a) { container.appendChild(buildAppointmentCard(a)); });
  }

  function buildAppointmentCard(a) {
    const status = String(a.status || "scheduled").toLowerCase();
    const card = h("section", "appointment-card");
    card.dataset.status = status;
    card.dataset.clinic = a.clinic || "";
    card.dataset.doctor = a.doctor || "";
    card.dataset.date = a.date || "";
    card.dataset.time = a.time || "";
    card.appendChild(h("h3", "appointment-title", appointmentTitle(status)));
    const list = h("dl", "appointment-details");
    const specialty = clinicSpecialty(a.clinic);
    addDetail(list, "Clínica", clinicName(a.clinic) + (specialty ? " · " + specialty : ""));
    addDetail(list, "Médico(a)", a.doctor);
    addDetail(list, "Data", formatDayLong(a.date));
    addDetail(list, "Horário", a.time);
    card.appendChild(list);
    return card;
  }

  function addDetail(list, term, value) {
    const row = h("div", "appointment-detail");
    row.append(h("dt", null, term), h("dd", null, value || "—"));
    list.appendChild(row);
  }

  /** Restored history: bubbles with text, slots and cards; no timelines. */
  function renderHistory(history) {
    history.forEach(function (entry, index) {
      if (entry.role === "user") { appendMessage(buildUserBubble(entry.text || "")); return; }
      const parts = buildAssistantBubble(false);
      parts.node.dataset.state = "done";
      renderFlags(parts, entry);
      renderAnswerText(parts.text, entry.text || "");
      renderSlots(parts.slots, entry.slots);
      renderAppointments(parts.cards, entry.appointments);
      restoreChosenSlot(parts.slots, history.slice(index + 1));
      appendMessage(parts.node);
    });
  }

  /** A slot of this answer that a later message asked to book was clicked: show it as live. */
  function restoreChosenSlot(container, laterEntries) {
    const asked = new Set(laterEntries.filter(function (e) { return e.role === "user"; })
      .map(function (e) { return e.text; }));
    const buttons = Array.from(container.querySelectorAll(".slot-button"));
    const chosen = buttons.find(function (b) { return asked.has(slotMessage(b.dataset)); });
    if (chosen) markSlotChosen(container, chosen);
  }

  function markSlotChosen(container, button) {
    container.querySelectorAll(".slot-button").forEach(function (b) { b.disabled = true; });
    button.classList.add("is-chosen");
    container.dataset.chosen = "true";
  }

  /* ---------- the stage timeline ---------- */

  /** Get or create a timeline row, inserted in pipeline order. */
  function timelineRow(turn, key, rank, label) {
    if (turn.rows[key]) return turn.rows[key];
    const row = h("li", "timeline-row");
    row.dataset.rank = String(rank);
    row.appendChild(h("span", "tl-icon"));
    row.lastChild.setAttribute("aria-hidden", "true");
    row.appendChild(h("span", "tl-label", label));
    row.appendChild(h("span", "tl-status"));
    row.appendChild(h("span", "tl-ms"));
    const next = Array.from(turn.parts.rows.children).find(function (r) { return Number(r.dataset.rank) > rank; });
    turn.parts.rows.insertBefore(row, next || null);
    turn.rows[key] = row;
    return row;
  }

  function stageRow(turn, stage) {
    const row = timelineRow(turn, "stage:" + stage, STAGE_RANK[stage] !== undefined ? STAGE_RANK[stage] : 6,
      STAGE_LABELS[stage] || stage);
    row.dataset.stage = stage;
    return row;
  }

  /** One row per dispatched step (keyed by step_id: a clinic may get two steps). */
  function clinicRow(turn, step) {
    const key = "step:" + (step.step_id !== undefined ? step.step_id : step.clinic + ":" + step.action);
    const existed = !!turn.rows[key];
    const row = timelineRow(turn, key, STAGE_RANK.clinic, clinicName(step.clinic) + " · " + actionLabel(step.action));
    if (!existed) {
      row.classList.add("timeline-clinic");
      row.dataset.clinic = step.clinic;
      row.dataset.action = step.action || "";
      if (step.step_id !== undefined) row.dataset.stepId = String(step.step_id);
      const doctor = step.parameters && step.parameters.doctor;
      if (doctor) row.querySelector(".tl-label").textContent += " · " + doctor;
      turn.clinics.add(step.clinic);
    }
    return row;
  }

  function setRowStatus(row, status, text) {
    row.dataset.status = status;
    row.querySelector(".tl-icon").textContent = STATUS_ICON[status] || "";
    row.querySelector(".tl-status").textContent = text || STATUS_TEXT[status] || status;
  }

  function setRowMs(row, ms) {
    if (ms !== undefined && ms !== null) row.querySelector(".tl-ms").textContent = formatMs(ms);
  }

  function setRowDetail(row, text) {
    let detail = row.querySelector(".tl-detail");
    if (!detail) { detail = h("span", "tl-detail"); row.appendChild(detail); }
    detail.textContent = text;
  }

  /* ---------- SSE event handlers (one per event type) ---------- */

  const EVENT_HANDLERS = {
    session: onSessionEvent, stage: onStage, plan: onPlan, dispatch: onDispatch,
    verification: onVerification, token: onToken, answer: onAnswer, error: onStreamError, done: onDone,
  };

  function handleEvent(turn, event) {
    const handler = EVENT_HANDLERS[event.type];
    if (!handler || turn.finished) return;
    let data;
    try { data = JSON.parse(event.data); } catch (e) { return; }  // a malformed event is skipped
    handler(turn, data || {});
    scrollToEnd();
  }

  function onSessionEvent(turn, data) {
    if (data.session_id && data.session_id !== state.sessionId) storeSessionId(data.session_id);
  }

  function onStage(turn, data) {
    const row = stageRow(turn, data.stage);
    if (data.status === "start") {
      setRowStatus(row, "running");
      turn.parts.summaryText.textContent = "Processando · " + (STAGE_LABELS[data.stage] || data.stage).toLowerCase() + "…";
      if (data.stage === "dispatch") announce(dispatchAnnouncement(turn));
      if (data.stage === "answer") announce("Escrevendo a resposta…");
      return;
    }
    // The verification row keeps its verdict; other rows just finish.
    if (row.dataset.status === "running" || !row.dataset.status) setRowStatus(row, "done");
    setRowMs(row, data.ms);
  }

  function dispatchAnnouncement(turn) {
    const actions = turn.plan.map(function (s) { return s.action; });
    const first = actions.find(function (a) { return DISPATCH_ANNOUNCEMENTS[a]; });
    return DISPATCH_ANNOUNCEMENTS[first] || "Consultando as clínicas…";
  }

  function onPlan(turn, data) {
    turn.plan = Array.isArray(data.steps) ? data.steps : [];
    const row = stageRow(turn, "planning");
    const source = { rules: "regras", llm: "LLM", triage: "triagem" }[data.source];
    if (source) setRowDetail(row, "plano por " + source);
    if (Array.isArray(data.reasoning) && data.reasoning.length) row.appendChild(buildReasoning(data.reasoning));
    turn.plan.forEach(function (step) { setRowStatus(clinicRow(turn, step), "pending"); });
  }

  function buildReasoning(reasoning) {
    const details = h("details", "tl-reasoning");
    details.appendChild(h("summary", null, "ver raciocínio"));
    const list = h("ol");
    reasoning.forEach(function (line) {
      list.appendChild(h("li", null, typeof line === "string" ? line : JSON.stringify(line)));
    });
    details.appendChild(list);
    return details;
  }

  function onDispatch(turn, data) {
    const row = clinicRow(turn, data);
    if (data.status === "start") { setRowStatus(row, "running"); return; }
    setRowStatus(row, data.status === "ok" || data.status === "timeout" ? data.status : "error");
    setRowMs(row, data.ms);
    if (data.error && data.error.message) setRowDetail(row, data.error.message);
  }

  function onVerification(turn, data) {
    const row = stageRow(turn, "verification");
    turn.verified = !!data.safe;
    setRowStatus(row, data.safe ? "approved" : "blocked");
    row.dataset.verdict = data.safe ? "approved" : "blocked";
    if (data.note) setRowDetail(row, data.note);
  }

  function onToken(turn, data) {
    if (typeof data.text !== "string") return;
    turn.text += data.text;
    turn.parts.text.classList.remove("is-pending");
    renderAnswerText(turn.parts.text, turn.text);
  }

  /** The answer event is authoritative: it replaces whatever streamed. */
  function onAnswer(turn, data) {
    turn.answer = data;
    turn.text = data.text || "";
    turn.parts.text.classList.remove("is-pending");
    renderFlags(turn.parts, data);
    renderAnswerText(turn.parts.text, turn.text);
    renderSlots(turn.parts.slots, data.slots);
    renderAppointments(turn.parts.cards, data.appointments);
    revealAnswer(turn.parts.node);
  }

  function onStreamError(turn, data) {
    turn.error = data.message || "Ocorreu um erro ao processar sua mensagem.";
    showNote(turn, turn.error, "error");
  }

  function onDone(turn, data) {
    finishTurn(turn, turn.answer ? "done" : "error", data.ms);
  }

  /* ---------- sending and streaming ---------- */

  function newTurn() {
    const parts = buildAssistantBubble(true);
    parts.node.dataset.state = "streaming";
    parts.text.classList.add("is-pending");
    return {
      parts: parts, rows: {}, clinics: new Set(), plan: [], text: "", answer: null, error: null,
      verified: false, finished: false, started: root.performance.now(),
      controller: new AbortController(),
    };
  }

  /** Send one chat message: user bubble, assistant bubble, then stream the answer into it. */
  async function sendMessage(text) {
    const message = String(text || "").trim();
    if (!message || state.turn || !state.sessionId) return false;
    state.pinned = true;  // sending means "show me the reply", even if the log was scrolled up
    appendMessage(buildUserBubble(message));
    const turn = newTurn();
    appendMessage(turn.parts.node);
    state.turn = turn;
    setBusy(true);
    announce("Processando sua mensagem…");
    await streamChat(turn, message);
    return true;
  }

  async function streamChat(turn, message) {
    try {
      const res = await fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ session_id: state.sessionId, message: message }),
        credentials: "same-origin",
        signal: turn.controller.signal,
      });
      if (!res.ok) { await handleRejected(turn, res, message); return; }
      await readEventStream(res.body, function (event) { handleEvent(turn, event); });
      if (!turn.finished) {
        showNote(turn, "A conexão foi interrompida antes do fim da resposta. Tente novamente.", "error");
        finishTurn(turn, "incomplete");
      }
    } catch (e) {
      if (turn.finished) return;
      if (e && e.name === "AbortError") {
        showNote(turn, "Resposta interrompida.", "interrupted");
        finishTurn(turn, "interrupted");
      } else {
        showNote(turn, "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.", "error");
        finishTurn(turn, "error");
      }
    }
  }

  /** Feed a fetch body through the SSE parser until it closes. */
  async function readEventStream(body, onEvent) {
    const reader = body.getReader();
    const decoder = new TextDecoder("utf-8");
    const parser = createSseParser(onEvent);
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  }

  /** Errors before streaming (JSON): 401 -> identification; others shown in the bubble. */
  async function handleRejected(turn, res, message) {
    const data = await readJson(res);
    if (res.status === 401) {
      finishTurn(turn, "error");
      sessionExpired(errorMessage(data, null));
      return;
    }
    const fallback = {
      400: "Não consegui entender o pedido. Reformule e tente de novo.",
      413: "Sua mensagem é longa demais. Tente encurtá-la.",
      429: "Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.",
    }[res.status] || "O servidor não conseguiu responder agora. Tente novamente em instantes.";
    showNote(turn, errorMessage(data, fallback), "error");
    finishTurn(turn, "error");
    // Give the text back so the patient can shorten it or try again.
    if (!el.message.value) { el.message.value = message; autoGrow(); }
  }

  function showNote(turn, text, kind) {
    turn.parts.text.classList.remove("is-pending");
    turn.parts.note.textContent = text;
    turn.parts.note.dataset.kind = kind;
    setHidden(turn.parts.note, false);
  }

  /** Close a turn once: state attribute, collapsed timeline summary, composer back, announcement. */
  function finishTurn(turn, outcome, ms) {
    if (turn.finished) return;
    turn.finished = true;
    const answer = turn.answer || {};
    turn.parts.node.dataset.state = outcome === "done" ? "done" : outcome === "interrupted" ? "interrupted" : "error";
    if (outcome === "interrupted") stopRunningRows(turn);
    const elapsed = ms !== undefined ? ms : root.performance.now() - turn.started;
    turn.parts.summaryText.textContent = summarizeTurn({
      clinics: turn.clinics.size, failures: countFailures(turn), ms: elapsed, outcome: outcome,
      emergency: !!answer.emergency, blocked: !!answer.blocked, verified: turn.verified,
    });
    turn.parts.timeline.open = false;
    // Rejected before streaming: no stage ran, so an empty timeline would only be noise.
    if (!turn.parts.rows.children.length) turn.parts.timeline.remove();
    if (state.turn === turn) { state.turn = null; setBusy(false); }
    announce(finishAnnouncement(outcome, answer));
    scrollToEnd();
  }

  function countFailures(turn) {
    return Object.keys(turn.rows).filter(function (k) {
      return k.indexOf("step:") === 0 && /^(error|timeout)$/.test(turn.rows[k].dataset.status || "");
    }).length;
  }

  function stopRunningRows(turn) {
    Object.keys(turn.rows).forEach(function (k) {
      const s = turn.rows[k].dataset.status;
      if (s === "running" || s === "pending") setRowStatus(turn.rows[k], "stopped");
    });
  }

  function finishAnnouncement(outcome, answer) {
    if (outcome === "interrupted") return "Resposta interrompida.";
    if (outcome !== "done") return "Não foi possível concluir a resposta.";
    if (answer.emergency) return "Atenção: possível emergência. Resposta pronta.";
    if (answer.blocked) return "Resposta bloqueada pela verificação de segurança.";
    return "Resposta pronta.";
  }

  function stopStreaming() {
    if (state.turn) state.turn.controller.abort();
  }

  /** Swap Send for Stop while streaming, keeping keyboard focus on the visible button. */
  function setBusy(busy) {
    const focusWasOnSend = document.activeElement === el.send;
    const focusWasOnStop = document.activeElement === el.stop;
    el.app.dataset.busy = String(busy);
    el.messages.setAttribute("aria-busy", String(busy));
    setHidden(el.send, busy);
    setHidden(el.stop, !busy);
    if (busy && focusWasOnSend) el.stop.focus();
    if (!busy && focusWasOnStop) el.message.focus();
  }

  /* ---------- composer and clicks ---------- */

  function onComposerSubmit(event) {
    event.preventDefault();
    if (state.turn) return;
    const text = el.message.value.trim();
    if (!text) { el.message.focus(); return; }
    el.message.value = "";
    autoGrow();
    sendMessage(text);
  }

  /** Enter sends, Shift+Enter is a new line; never interrupt an IME composition. */
  function onMessageKeydown(event) {
    if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (!state.turn) el.composer.requestSubmit();
  }

  function autoGrow() {
    el.message.style.height = "auto";
    el.message.style.height = Math.min(el.message.scrollHeight, 160) + "px";
  }

  /** Delegated clicks in the log: slot buttons book, suggestion chips send their text. */
  function onMessagesClick(event) {
    const slot = event.target.closest(".slot-button");
    if (slot && !slot.disabled) { chooseSlot(slot); return; }
    const suggestion = event.target.closest(".suggestion");
    if (suggestion) sendMessage(suggestion.textContent);
  }

  function chooseSlot(button) {
    if (state.turn) { announce("Aguarde a resposta atual terminar para escolher um horário."); return; }
    markSlotChosen(button.closest(".slots"), button);
    el.message.focus();  // the clicked button is now disabled; keep keyboard users in the composer
    sendMessage(slotMessage(button.dataset));
  }

  /* ---------- start ---------- */

  function bindElements() {
    ["app", "loading", "identify", "identify-form", "identify-error", "identify-submit", "name",
      "name-error", "cpf", "cpf-error", "chat", "patient-name", "patient-cpf", "new-chat", "logout",
      "messages", "welcome", "composer", "status", "message", "send", "stop"].forEach(function (id) {
      el[id.replace(/-([a-z])/g, function (_, c) { return c.toUpperCase(); })] = document.getElementById(id);
    });
  }

  function bindEvents() {
    el.identifyForm.addEventListener("submit", onIdentifySubmit);
    el.cpf.addEventListener("input", onCpfInput);
    el.cpf.addEventListener("blur", cpfLiveCheck);
    el.composer.addEventListener("submit", onComposerSubmit);
    el.message.addEventListener("keydown", onMessageKeydown);
    el.message.addEventListener("input", autoGrow);
    el.stop.addEventListener("click", stopStreaming);
    el.newChat.addEventListener("click", startNewChat);
    el.logout.addEventListener("click", logout);
    el.messages.addEventListener("click", onMessagesClick);
    el.messages.addEventListener("scroll", onMessagesScroll, { passive: true });
  }

  function start() {
    bindElements();
    bindEvents();
    restoreSession();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(typeof window !== "undefined" ? window : globalThis);
