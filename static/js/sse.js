/*
 * Server-sent events read from a fetch body. We parse by hand because EventSource cannot POST.
 * Pure: no DOM, so it also runs in Node. The event vocabulary itself is README.md's Web API.
 */

/**
 * Incremental parser for a `text/event-stream` body, following the SSE specification:
 * lines end with LF, CRLF or CR (a CR at the end of a chunk may be the first half of a CRLF, so
 * it waits for the next chunk); `data:` lines are joined with "\n"; one space after the colon is
 * dropped; lines starting with ":" are comments (our keep-alives); a blank line dispatches; an
 * event with no data is not dispatched; an unterminated event at end of stream is discarded.
 */
export function createSseParser(onEvent) {
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

/** Feed a fetch body through the SSE parser until it closes. */
export async function readEventStream(body, onEvent) {
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
