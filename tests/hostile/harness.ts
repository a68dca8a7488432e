import fs from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { expect } from "vitest";
import { ERROR_STATUS } from "../../server/platform/http/errors.ts";
import type { DB } from "../../server/platform/db/types.ts";
import type { Config } from "../../server/platform/config.ts";
import type { TestServer } from "../support/server.ts";
import { BROWSER_UA, textOf } from "../support/html.ts";

// The machinery of the hostile-input suite: sends one named input over raw HTTP (so paths, headers
// and bodies go out byte for byte, unlike fetch, which normalises them), then checks what every
// input must get: no 5xx, a clear answer in the form the client can read, and no write when the
// input was refused (row counts of every table, and the files under uploads/).

/** Every table of the schema; the type below fails to compile when one is missing. */
export const TABLES = [
  "tools",
  "tool_categories",
  "tool_tags",
  "search_terms",
  "contacts",
  "likes",
  "orders",
  "payment_events",
  "admin_users",
  "sessions",
  "leases",
  "scheduled_runs",
  "import_launches",
  "catalog_state",
  "tool_search",
  "tool_search_gone",
  "app_secrets",
  "jobs",
  "audit_log",
  "tool_claims",
  "owner_edits",
  "tool_views",
  "tool_clicks",
  "search_days",
  "tool_impressions",
  "tool_like_days",
  "site_days",
  "digest_subscribers",
  "digest_issues",
  "digest_deliveries",
  "file_imports",
  "listing_reports",
  "collections",
  "collection_tools",
  "reviews",
  "review_votes",
  "trending_likes",
  "trending_scores",
  "trending_state",
] as const satisfies readonly (keyof DB)[];
type Missing = Exclude<keyof DB, (typeof TABLES)[number]>;
const allTablesCounted: [Missing] extends [never] ? true : Missing = true;
void allTablesCounted;

/** What is counted: the tables, and the files stored under uploads/. */
export type Counted = (typeof TABLES)[number] | "uploads";
export type Counts = Record<Counted, number>;

const COUNT_QUERY = sql.raw<Record<string, unknown>>(
  `select ${TABLES.map((t) => `(select count(*) from "${t}") as "${t}"`).join(", ")}`,
);

/** Row counts of every table (one query) and the number of stored files. */
export async function countAll(server: TestServer): Promise<Counts> {
  const { rows } = await COUNT_QUERY.execute(server.services.database.db);
  const row = rows[0]!;
  const counts = Object.fromEntries(TABLES.map((t) => [t, Number(row[t])])) as Counts;
  counts.uploads = storedFiles(server.services.storage.localRoot);
  return counts;
}

function storedFiles(root: string | null): number {
  if (!root || !fs.existsSync(root)) return 0;
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  ).length;
}

// ——— Sending ———

export interface Answer {
  /** 0 when the server answered nothing (closed the connection). */
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface Outgoing {
  method: string;
  /** Sent exactly as given (no normalisation of `..`, `\` or percent-escapes). */
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer | string;
}

let sent = 0;
/** How many inputs this process has sent (every request, raw or not). */
export function inputsSent(): number {
  return sent;
}

/** One request over a fresh connection; the answer even when the server stops reading the body early. */
export function send(baseUrl: string, out: Outgoing): Promise<Answer> {
  sent++;
  const base = new URL(baseUrl);
  const headers = { ...out.headers };
  const stated = Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h));
  if (out.body !== undefined && !stated) headers["Content-Length"] = String(Buffer.byteLength(out.body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: out.method,
        path: out.path,
        headers,
        agent: false,
        // Answers may carry long headers (a redirect to a long search); read them rather than fail.
        maxHeaderSize: 1024 * 1024,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server answered and closed before taking the whole body: the answer counts.
      if (answered) return;
      if (error.code === "ECONNRESET" || error.code === "EPIPE") {
        resolve({ status: 0, headers: {}, body: Buffer.alloc(0), text: "" });
        return;
      }
      reject(error);
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer to ${out.method} ${out.path.slice(0, 100)}`)));
    if (out.body !== undefined) req.write(out.body);
    req.end();
  });
}

/**
 * Bytes written to a socket as they are (malformed request lines and headers that Node's client
 * refuses to send). Reads until the server closes or `waitMs` passes; `halfClose` ends our side
 * after writing (a body shorter than its Content-Length).
 */
export function sendRaw(
  baseUrl: string,
  bytes: Buffer | string,
  options: { waitMs?: number; halfClose?: boolean } = {},
): Promise<Answer> {
  sent++;
  const base = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(base.port), base.hostname, () => {
      socket.write(bytes);
      if (options.halfClose) socket.end();
    });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRaw(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, options.waitMs ?? 3000);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // One complete answer is all we wait for.
      const parsed = parseRaw(Buffer.concat(chunks));
      const length = Number(parsed.headers["content-length"] ?? NaN);
      if (parsed.status && Number.isFinite(length) && parsed.body.length >= length) finish();
    });
    socket.on("error", () => undefined);
    socket.on("close", finish);
  });
}

function parseRaw(bytes: Buffer): Answer {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: Buffer.alloc(0), text: "" };
  const [statusLine, ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1] ?? 0);
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return { status, headers, body, text: body.toString("utf8") };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

// ——— Bodies ———

export interface Part {
  name: string;
  /** Text, or bytes sent as they are (non-UTF-8 included). */
  value: string | Buffer;
  filename?: string;
  type?: string;
  /** Extra header lines of the part, as they are. */
  headers?: string[];
}

/** A multipart/form-data body with `boundary`; `close: false` leaves out the closing delimiter. */
export function multipart(parts: Part[], boundary: string, options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const lines = [
      `--${boundary}`,
      disposition,
      ...(part.type ? [`Content-Type: ${part.type}`] : []),
      ...(part.headers ?? []),
    ];
    chunks.push(
      Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8"),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A URL-encoded body from pairs (repeated names allowed); values may be pre-encoded with `raw`. */
export function urlencoded(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

// ——— Expectations ———

/** How the client reads the answer. */
export type Reader =
  /** A script: JSON, errors in `{ error: { code, message } }` with the catalogue's status. */
  | "json"
  /** A browser: the site's own HTML page (with its layout, or its plain error page). */
  | "page"
  /** React Router's own client (`.data` URLs): its data stream. */
  | "data"
  /** A machine resource (robots.txt, sitemaps, feed): any type, but a body that says what is wrong. */
  | "resource"
  /**
   * An MCP client (/mcp): JSON-RPC 2.0. A refused request gets `{ jsonrpc, error: { code, message }, id }`;
   * an answered one a result (a tool's error result included) or an error. `message` is looked for in the body.
   */
  | "jsonrpc";

export interface Expect {
  reader: Reader;
  /** The status (or one of them) the input must get. */
  status: number | readonly number[];
  /** Text the message must contain (the JSON error's message, or the page's visible text). */
  message?: string | RegExp;
  /** The JSON error's code. */
  code?: keyof typeof ERROR_STATUS;
  /** A page: only the site's page with its layout (header, main, footer) will do. */
  layout?: boolean;
  /** A redirect: where it must point. */
  location?: string | RegExp;
  /** An accepted input may write these (anything else stays as it was). */
  writes?: readonly Counted[];
  /** Written by design even when the input is refused (the security log of sign-ins). */
  records?: readonly Counted[];
}

export interface HostileCase {
  /** Names the input in every failure. */
  name: string;
  request: Outgoing | { raw: Buffer | string; halfClose?: boolean; waitMs?: number };
  expect: Expect;
}

/** Texts that only an internal error, a library or a framework would write. */
const LEAKS: RegExp[] = [
  /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:|node:|\/)/, // a stack frame
  /node_modules/,
  /\/work\/main|\/tmp\/toolshelf-test/,
  /\b(?:SyntaxError|TypeError|RangeError|ReferenceError|URIError|ZodError|SqliteError|DatabaseError)\b/,
  /Unexpected token|Unexpected end of JSON|is not valid JSON/,
  /PayloadTooLargeError|request entity too large|request aborted|too many parameters/i,
  /Failed to decode param|URI malformed/,
  /Cannot (?:GET|POST|PUT|DELETE|PATCH) \//,
  /SQLITE_|duplicate key value|violates .* constraint|invalid input syntax|invalid byte sequence/,
  /Multipart part count|MultipartParseError|MaxFileSizeExceeded|missing boundary|Invalid Content-Type header/i,
  /Invalid input: expected/,
  /Unexpected Server Error/,
  /No signatures found|StripeSignatureVerificationError|Unable to extract timestamp/,
  /ECONNREFUSED|ECONNRESET/,
];

const isLayoutPage = (html: string) => /<main id="main"/.test(html) && /<header\b/.test(html) && /<footer\b/.test(html);
const isPlainPage = (html: string) => /^<!doctype html>/i.test(html) && /<h1>[^<]+<\/h1>/.test(html);

/** What is wrong with an answer, as lines naming the input; empty when it is right. */
export function problemsWith(c: HostileCase, baseUrl: string, answer: Answer): string[] {
  const problems: string[] = [];
  const { expect: e } = c;
  const say = (what: string) => problems.push(`${c.name}: ${what}`);
  const brief = answer.text.replace(/\s+/g, " ").slice(0, 300);
  const wanted = typeof e.status === "number" ? [e.status] : e.status;

  if (answer.status >= 500) say(`answered ${answer.status} (a server error): ${brief}`);
  else if (!wanted.includes(answer.status)) say(`answered ${answer.status}, expected ${wanted.join(" or ")}: ${brief}`);

  const type = String(answer.headers["content-type"] ?? "");
  for (const leak of LEAKS) {
    if (leak.test(answer.text)) say(`the answer shows internal or library text (${leak}): ${brief}`);
  }

  // A 304 is no redirect: the client already has the answer.
  if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) {
    const location = String(answer.headers.location ?? "");
    if (!location) say("a redirect without a Location");
    // Never to another site through a scheme-relative or backslashed path.
    if (
      /^(\/\/|\/\\|\\)/.test(location) ||
      (/^[a-z][\w+.-]*:/i.test(location) &&
        !location.startsWith(baseUrl) &&
        !(e.location && matches(location, e.location)))
    )
      say(`redirects off the site: ${location}`);
    if (e.location && !matches(location, e.location)) say(`redirects to ${location}, expected ${e.location}`);
    return problems;
  }

  const message = e.message;
  // Nothing to read in an answer that has no body by definition.
  const head = !("raw" in c.request) && c.request.method === "HEAD";
  if ((answer.status === 204 || answer.status === 304 || head) && answer.body.length === 0) return problems;
  if (e.reader === "json") {
    if (!type.startsWith("application/json")) {
      say(`expected JSON, got "${type}": ${brief}`);
      return problems;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      say(`the JSON does not parse: ${brief}`);
      return problems;
    }
    if (answer.status >= 400) {
      const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const code = error?.code;
      if (typeof code !== "string" || !(code in ERROR_STATUS)) say(`not the documented error shape: ${brief}`);
      else if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== answer.status)
        say(
          `code ${code} with status ${answer.status}, the catalogue says ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`,
        );
      if (e.code && code !== e.code) say(`code ${String(code)}, expected ${e.code}`);
      if (typeof error?.message !== "string" || error.message.trim().length < 8) say(`no clear message: ${brief}`);
      else if (message && !matches(error.message, message)) say(`message "${error.message}", expected ${message}`);
      if (
        Object.keys(body as object).length !== 1 ||
        Object.keys(error ?? {})
          .sort()
          .join() !== "code,message"
      )
        say(`extra keys in the error: ${brief}`);
    } else if (message && !matches(answer.text, message)) say(`expected ${message} in ${brief}`);
  } else if (e.reader === "page") {
    if (answer.status >= 400 || e.layout || message) {
      if (!type.startsWith("text/html")) say(`expected the site's HTML page, got "${type}": ${brief}`);
      else if (e.layout ? !isLayoutPage(answer.text) : !isLayoutPage(answer.text) && !isPlainPage(answer.text))
        say(`not the site's own page${e.layout ? " (with its layout)" : ""}: ${brief}`);
      const text = textOf(answer.text);
      if (
        answer.status >= 400 &&
        !/<h1\b[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(answer.text) &&
        !/role="alert"/.test(answer.text) &&
        !/id="[^"]*-error"/.test(answer.text)
      )
        say(`a page without a heading or message: ${brief}`);
      if (message && !matches(text, message)) say(`expected ${message} on the page; it says: ${text.slice(0, 400)}`);
    }
  } else if (e.reader === "jsonrpc") {
    // Notifications and responses sent to the server are taken without a body.
    if (answer.status === 202 && answer.body.length === 0) return problems;
    if (!type.startsWith("application/json")) {
      say(`expected JSON-RPC, got "${type}": ${brief}`);
      return problems;
    }
    let body: { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown }; result?: unknown } | null;
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      say(`the JSON does not parse: ${brief}`);
      return problems;
    }
    if (body?.jsonrpc !== "2.0") say(`not a JSON-RPC 2.0 message: ${brief}`);
    if (answer.status >= 400 || body?.error) {
      if (!Number.isInteger(body?.error?.code)) say(`no JSON-RPC error code: ${brief}`);
      if (typeof body?.error?.message !== "string" || body.error.message.trim().length < 8)
        say(`no clear message: ${brief}`);
    } else if (body?.result === undefined) say(`neither a result nor an error: ${brief}`);
    if (message && !matches(answer.text, message)) say(`expected ${message} in: ${brief}`);
  } else if (e.reader === "resource") {
    if (answer.status >= 400 && answer.text.trim().length < 5) say(`no message: ${brief}`);
    if (message && !matches(answer.text, message)) say(`expected ${message} in: ${brief}`);
  } else if (e.reader === "data") {
    if (!type.startsWith("text/x-script")) say(`expected React Router's data, got "${type}": ${brief}`);
    if (message && !matches(answer.text, message)) say(`expected ${message} in the data: ${brief}`);
  }
  return problems;
}

function matches(text: string, pattern: string | RegExp): boolean {
  return typeof pattern === "string" ? text.includes(pattern) : pattern.test(text);
}

/** The changes between two counts, as `table +n` (empty when none). */
export function changes(before: Counts, after: Counts, allowed: ReadonlySet<Counted>): string[] {
  return (Object.keys(before) as Counted[])
    .filter((key) => before[key] !== after[key] && !allowed.has(key))
    .map((key) => `${key} ${after[key] - before[key] > 0 ? "+" : ""}${after[key] - before[key]}`);
}

// ——— Running ———

/** Error-level log lines of the server while an input was handled (a swallowed failure shows here). */
export function captureErrors(server: TestServer): () => string[] {
  const seen: string[] = [];
  const log = server.services.log as unknown as Record<string, (...args: unknown[]) => void>;
  for (const level of ["error", "fatal"]) {
    const original = log[level]!.bind(log);
    log[level] = (...args: unknown[]) => {
      const [first, second] = args;
      const err = (first as { err?: { message?: string } } | undefined)?.err;
      // A thrown exception carries a message; React Router's own error responses (a 405) do not.
      if (err?.message || level === "fatal")
        seen.push(
          `${level}: ${typeof second === "string" ? second : typeof first === "string" ? first : ""} (${err?.message ?? ""})`,
        );
      original(...args);
    };
  }
  return () => seen.splice(0);
}

export interface Runner {
  /** Sends every case in order and returns the problems found, each naming its input. */
  run(cases: readonly HostileCase[]): Promise<string[]>;
}

/**
 * Runs cases one after another. Counts are read once per input (the answer of one is the
 * baseline of the next), so a write is pinned on the input that made it. `background` tables may
 * still change after an accepted input that writes them (search terms are recorded without
 * waiting), so they are not checked for the rest of that run: put such inputs last.
 */
export function runner(server: () => TestServer, options: { background?: readonly Counted[] } = {}): Runner {
  let errorsOf: (() => string[]) | null = null;
  return {
    async run(cases) {
      const s = server();
      errorsOf ??= captureErrors(s);
      errorsOf();
      const problems: string[] = [];
      let before = await countAll(s);
      const carried = new Set<Counted>();
      for (const c of cases) {
        const answer =
          "raw" in c.request
            ? await sendRaw(s.url, c.request.raw, { halfClose: c.request.halfClose, waitMs: c.request.waitMs })
            : await send(s.url, c.request);
        problems.push(...problemsWith(c, s.url, answer));
        for (const line of errorsOf()) problems.push(`${c.name}: the server logged an error: ${line}`);
        const after = await countAll(s);
        const refused = answer.status >= 400 || answer.status === 0;
        const allowed = new Set<Counted>([
          ...carried,
          ...(c.expect.records ?? []),
          ...(refused ? [] : (c.expect.writes ?? [])),
        ]);
        const written = changes(before, after, allowed);
        if (written.length > 0)
          problems.push(
            `${c.name}: ${refused ? "refused, yet wrote" : "wrote what it should not"}: ${written.join(", ")}`,
          );
        // Background writes may land during any later input of the run: order refused inputs first.
        for (const t of c.expect.writes ?? []) if (options.background?.includes(t)) carried.add(t);
        before = after;
      }
      return problems;
    },
  };
}

// ——— Requests ———

export const BROWSER = { "User-Agent": BROWSER_UA, Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
export const SCRIPT = { "User-Agent": "hostile-suite/1", Accept: "application/json" };

export function get(path: string, headers: Record<string, string | string[]> = BROWSER): Outgoing {
  return { method: "GET", path, headers };
}

export function post(
  path: string,
  body: Buffer | string,
  contentType: string | null,
  headers: Record<string, string | string[]> = {},
): Outgoing {
  return {
    method: "POST",
    path,
    headers: {
      ...BROWSER,
      ...(contentType === null ? {} : { "Content-Type": contentType }),
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  };
}

/** Runs the cases (their names must differ) and fails with every input answered wrongly. */
export async function expectNoProblems(flood: Runner, cases: HostileCase[]): Promise<void> {
  const names = new Set<string>();
  for (const c of cases) {
    expect(names.has(c.name), `two cases named "${c.name}"`).toBe(false);
    names.add(c.name);
  }
  const problems = await flood.run(cases);
  expect(problems, `${problems.length} of ${cases.length} inputs answered wrongly:\n${problems.join("\n")}`).toEqual(
    [],
  );
}

/** Limits no flood reaches (the suite sends thousands of inputs from one address), and no link check in the background. */
export function floodLimits(config: Config): void {
  const generous = { points: 1_000_000, durationSec: 60 };
  for (const key of Object.keys(config.rateLimits) as (keyof Config["rateLimits"])[]) config.rateLimits[key] = generous;
  config.linkHealth = { ...config.linkHealth, enabled: false };
}

/** A form post refused with its page: the status, the site's layout, and the form's own words. */
export function refusedPage(message?: string | RegExp, status: number | readonly number[] = 400): Expect {
  return { reader: "page", status, layout: true, message };
}

/** A body the server could not read as the form it expects. */
export const UNREADABLE_PAGE: Expect = {
  reader: "page",
  status: [400, 415],
  layout: true,
  message: /could not be read/i,
};
