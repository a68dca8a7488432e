import { parse as parseCsv, CsvError } from "csv-parse/sync";
import { toolDetailSchema } from "./api-responses.ts";
import { categoryByName, categoryBySlug, hyphenate, CATEGORY_SLUGS, type CategorySlug } from "./categories.ts";
import { ADMIN_CSV_HEADER, unescapeCsvCell } from "./export.ts";
import { mapCategory } from "./import.ts";
import { distinctItems, itemList, optionalLine, SUBMISSION_LIMITS, submissionSchema } from "./submission.ts";
import type { ToolContent } from "./tool.ts";
import { z } from "./zod.ts";

// Importing a catalogue from a file (docs/decisions/046): an awesome-style Markdown list, a CSV
// with our header, or our own JSON export. Each format is read into candidates with the line
// they came from; every candidate is then checked by the submission form's rules, so a file can
// add nothing a person could not have submitted.

export const CATALOG_FILE_FORMATS = ["markdown", "csv", "json"] as const;
export type CatalogFileFormat = (typeof CATALOG_FILE_FORMATS)[number];

export const CATALOG_FILE_LIMITS = {
  /** The largest file (or pasted text), in bytes; the upload form keeps at most this much of a file. */
  maxBytes: 5 * 1024 * 1024,
  /** The most entries a file may hold. */
  maxEntries: 10_000,
  /** A longer line is refused unread: no entry needs it, and no pattern should run over it. */
  maxLineChars: 20_000,
} as const;

const FORMAT_NAMES: Record<CatalogFileFormat, string> = { markdown: "a Markdown list", csv: "CSV", json: "JSON" };

/** The CSV header, in its documented order; name and website_url are required. */
export const CSV_COLUMNS = [
  "name",
  "website_url",
  "tagline",
  "description",
  "categories",
  "pricing_model",
  "platforms",
  "tags",
] as const;
const CSV_REQUIRED = ["name", "website_url"] as const;

export const CATALOG_FILE_MESSAGES = {
  empty: "The file is empty.",
  tooLarge: `The file is too large: at most ${CATALOG_FILE_LIMITS.maxBytes / 1024 / 1024} MB.`,
  tooManyEntries: `The file has more than ${CATALOG_FILE_LIMITS.maxEntries.toLocaleString("en-US")} entries; split it into smaller files.`,
  notText: "The file is not text (UTF-8): choose a Markdown, CSV or JSON file.",
  noEntries: "No entries were found in the file. Is the format right?",
  unmapped: "Its heading is not mapped to a category.",
  notJsonArray: "The file could not be read as JSON: it is neither one JSON array nor one JSON object a line.",
  notJsonLine: "Not valid JSON: each line must be one JSON object.",
  lineTooLong: `The line is longer than ${CATALOG_FILE_LIMITS.maxLineChars.toLocaleString("en-US")} characters.`,
} as const;

/** One tool as a file gives it, before the submission rules: where it was, and what it says. */
export interface FileCandidate {
  /** The line of the file (the entry's position in a JSON array). */
  line: number;
  /** The Markdown heading it was listed under; null in CSV and JSON, which name category slugs. */
  heading: string | null;
  name: string;
  websiteUrl: string;
  tagline?: string;
  description?: string;
  categories?: string[];
  pricingModel?: string | null;
  platforms?: string[];
  tags?: string[];
  features?: string[];
  useCases?: string[];
  integrations?: string[];
  targetAudience?: string[];
  pricingDetails?: string;
}

/** A line of the file that cannot become a tool, and why. */
export interface FileRefusal {
  line: number;
  /** The name the line gives, when it gives one. */
  name: string | null;
  reason: string;
}

export type ParsedFile =
  | { ok: true; format: CatalogFileFormat; candidates: FileCandidate[]; refused: FileRefusal[] }
  /** The whole file is refused (empty, too large, not the format, a CSV header we do not know). */
  | { ok: false; message: string };

/** The file's text from its bytes: UTF-8 (a BOM dropped), or a refusal when it is binary or not UTF-8. */
export function decodeCatalogFile(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.byteLength === 0) return { ok: false, message: CATALOG_FILE_MESSAGES.empty };
  if (bytes.byteLength > CATALOG_FILE_LIMITS.maxBytes) return { ok: false, message: CATALOG_FILE_MESSAGES.tooLarge };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: CATALOG_FILE_MESSAGES.notText };
  }
  // Text files hold no NUL; binary ones nearly always do (and PostgreSQL text cannot store it).
  if (text.includes("\u0000")) return { ok: false, message: CATALOG_FILE_MESSAGES.notText };
  return { ok: true, text };
}

/** The format a file's name says (.md, .csv, .json, .jsonl…), else what its text looks like. */
export function detectFormat(fileName: string, text: string): CatalogFileFormat {
  const extension = /\.([a-z]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === "md" || extension === "markdown") return "markdown";
  if (extension === "csv") return "csv";
  if (extension === "json" || extension === "jsonl" || extension === "ndjson") return "json";
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("[") || start.startsWith("{")) return "json";
  const firstLine = start.split(/\r?\n/, 1)[0]!.toLowerCase();
  if (/(^|,)\s*"?name"?\s*,/.test(firstLine) && firstLine.includes("website_url")) return "csv";
  return "markdown";
}

/** Reads a file's text as `format` into candidates and refused lines; never throws on what the file holds. */
export function parseCatalogFile(text: string, format: CatalogFileFormat): ParsedFile {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: CATALOG_FILE_MESSAGES.empty };
  if (new TextEncoder().encode(body).byteLength > CATALOG_FILE_LIMITS.maxBytes)
    return { ok: false, message: CATALOG_FILE_MESSAGES.tooLarge };
  const parsed =
    format === "markdown" ? parseMarkdownList(body) : format === "csv" ? parseCsvFile(body) : parseJsonExport(body);
  if (!parsed.ok) return parsed;
  if (parsed.candidates.length + parsed.refused.length > CATALOG_FILE_LIMITS.maxEntries)
    return { ok: false, message: CATALOG_FILE_MESSAGES.tooManyEntries };
  if (parsed.candidates.length === 0) {
    // Nothing readable at all is most often the wrong format: say so, with the first line's trouble.
    const first = parsed.refused[0];
    return {
      ok: false,
      message: first
        ? `No entry could be read from the file as ${FORMAT_NAMES[format]}. Line ${first.line}: ${first.reason}`
        : CATALOG_FILE_MESSAGES.noEntries,
    };
  }
  return { ok: true, format, candidates: parsed.candidates, refused: parsed.refused };
}

type Entries = { ok: true; candidates: FileCandidate[]; refused: FileRefusal[] };

const HEADING = /^(#{1,4})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const BULLET = /^[ \t]*[-*+][ \t]+(.*)$/;
// [Name](url) then the rest of the line; the name holds no "]" and the address no space or ")".
const LINKED = /^\[([^\]]*)\]\(([^()\s]*)\)(.*)$/;
const SEPARATOR = /^[ \t]*(?:-|–|—|:)[ \t]*/;
// "Name - what it does" without a link: meant as an entry, but there is nothing to link to.
const UNLINKED = /^[^[\]()]{1,80}?[ \t]+(?:-|–|—)[ \t]+\S/;

/**
 * An awesome-style list: headings (# to ####) name categories, entries are bullets
 * `- [Name](https://…) - description` (also `*` or `+`, separators " — ", " – " or ":", or no
 * description). Bullets that try to be entries and fail (no link, an address that is not http(s),
 * an unclosed bracket) are refused with the reason; links to the list's own sections (#anchors)
 * and any other text are passed over.
 */
export function parseMarkdownList(text: string): Entries {
  const candidates: FileCandidate[] = [];
  const refused: FileRefusal[] = [];
  let heading: string | null = null;
  let fenced = false;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const number = i + 1;
    if (/^[ \t]*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    if (line.length > CATALOG_FILE_LIMITS.maxLineChars) {
      refused.push({ line: number, name: null, reason: CATALOG_FILE_MESSAGES.lineTooLong });
      continue;
    }
    const head = HEADING.exec(line);
    if (head) {
      heading = plainText(head[2]!);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (!bullet) continue;
    // Bold or emphasised entries (**[Name](url)**) are entries too.
    const item = bullet[1]!.trim().replace(/^(\*\*|__)(\[.*?\)(?:\S*?))\1/, "$2");
    const entry = readEntry(item);
    if (entry === null) continue;
    if ("reason" in entry) {
      refused.push({ line: number, name: entry.name, reason: entry.reason });
      continue;
    }
    const description = entry.description;
    candidates.push({
      line: number,
      heading,
      name: entry.name,
      websiteUrl: entry.url,
      ...taglineAndDescription(description),
    });
  }
  return { ok: true, candidates, refused };
}

type ReadEntry = { name: string; url: string; description: string } | { name: string | null; reason: string } | null;

function readEntry(item: string): ReadEntry {
  if (!item.startsWith("[")) {
    if (item.includes("](")) return null;
    return UNLINKED.test(item) ? { name: null, reason: "The entry has no link (expected [Name](https://…))." } : null;
  }
  const close = item.indexOf("]");
  if (close === -1) return { name: null, reason: "The entry's name has no closing bracket." };
  const name = plainText(item.slice(1, close));
  if (item[close + 1] !== "(")
    return { name: name || null, reason: "The entry has no link (expected [Name](https://…))." };
  const linked = LINKED.exec(item);
  if (!linked) return { name: name || null, reason: "The entry's link has no closing parenthesis, or a space in it." };
  const url = linked[2]!.trim();
  // The list's own table of contents.
  if (url.startsWith("#")) return null;
  if (!name) return { name: null, reason: "The entry has no name." };
  if (!/^https?:\/\//i.test(url)) return { name, reason: "The entry's link is not an http(s) address." };
  const description = plainText(linked[3]!.replace(SEPARATOR, ""));
  return { name, url, description };
}

/** Markdown's emphasis, code marks and badge images taken out of a piece of text. */
function plainText(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A list's one-line description: the tagline when it fits, else the tagline cut short and the whole as the description. */
function taglineAndDescription(text: string): { tagline: string; description: string } {
  if (text.length <= SUBMISSION_LIMITS.tagline) return { tagline: text, description: "" };
  return { tagline: `${text.slice(0, SUBMISSION_LIMITS.tagline - 1).trimEnd()}…`, description: text };
}

// Our own export escapes cells (and list items) a spreadsheet could run as formulas: read back as written.
const splitCell = (cell: string | undefined) =>
  (cell ?? "")
    .split(";")
    .map((item) => unescapeCsvCell(item.trim()))
    .filter(Boolean);

/**
 * A CSV with our header (CSV_COLUMNS, any order, name and website_url required), or the admin
 * export's (its further columns: pricing details, features, use cases, integrations, audience);
 * lists are `;`-separated. A header naming columns we do not know, or missing a required one, refuses the
 * file; a record that cannot be read (a stray quote) refuses its line.
 */
export function parseCsvFile(text: string): Entries | { ok: false; message: string } {
  const firstLine = text.split(/\r?\n/, 1)[0]!;
  const header = parseHeader(firstLine);
  if (!header.ok) return header;
  const candidates: FileCandidate[] = [];
  const refused: FileRefusal[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      bom: true,
      columns: (names: string[]) => names.map((n) => n.trim().toLowerCase()),
      skip_empty_lines: true,
      info: true,
      relax_column_count: true,
      max_record_size: CATALOG_FILE_LIMITS.maxLineChars * 4,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        const line = (error as { lines?: number } | undefined)?.lines ?? 0;
        // One record may fail more than once (two stray quotes): one refusal a line.
        if (refused.at(-1)?.line === line) return;
        refused.push({ line, name: null, reason: `The line could not be read as CSV: ${csvReason(error)}` });
      },
    }) as { record: Record<string, string>; info: { lines: number } }[];
  } catch (error) {
    // An error that ends the read (an unclosed quote runs to the end of the file).
    const line = (error as { lines?: number }).lines ?? 0;
    refused.push({ line, name: null, reason: `The file could not be read as CSV from here: ${csvReason(error)}` });
    records = [];
  }
  for (const { record, info } of records) {
    const line = info.lines;
    const cell = (column: string) => unescapeCsvCell(record[column] ?? "").trim();
    candidates.push({
      line,
      heading: null,
      name: cell("name"),
      websiteUrl: cell("website_url"),
      tagline: cell("tagline"),
      description: cell("description"),
      categories: splitCell(record.categories),
      pricingModel: cell("pricing_model") || null,
      platforms: splitCell(record.platforms),
      tags: splitCell(record.tags),
      // The admin export's columns beyond the documented header, when the file is one.
      ...("features" in record && {
        pricingDetails: cell("pricing_details"),
        features: splitCell(record.features),
        useCases: splitCell(record.use_cases),
        integrations: splitCell(record.integrations),
        targetAudience: splitCell(record.target_audience),
      }),
    });
  }
  refused.sort((a, b) => a.line - b.line);
  return { ok: true, candidates, refused };
}

function csvReason(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === "CSV_QUOTE_NOT_CLOSED") return "a quoted cell is not closed.";
  if (code === "CSV_INVALID_CLOSING_QUOTE" || code === "INVALID_OPENING_QUOTE") return "a quote in the wrong place.";
  if (code === "CSV_MAX_RECORD_SIZE") return "the record is too long.";
  return "its quotes or cells are malformed.";
}

function parseHeader(line: string): { ok: true } | { ok: false; message: string } {
  let names: string[];
  try {
    names = ((parseCsv(line, { bom: true, to_line: 1 }) as string[][])[0] ?? []).map((n) => n.trim().toLowerCase());
  } catch {
    return { ok: false, message: "The CSV's header line could not be read." };
  }
  // Our admin export's header is read too: its first columns are these, the rest are ignored.
  const known = [...CSV_COLUMNS, ...ADMIN_CSV_HEADER] as readonly string[];
  const unknown = names.filter((name) => !known.includes(name));
  const missing = CSV_REQUIRED.filter((name) => !names.includes(name));
  const problems: string[] = [];
  if (unknown.length > 0)
    problems.push(
      `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `"${n.slice(0, 40)}"`).join(", ")}`,
    );
  if (missing.length > 0)
    problems.push(`missing required column${missing.length > 1 ? "s" : ""} ${missing.map((n) => `"${n}"`).join(", ")}`);
  if (problems.length === 0) return { ok: true };
  return {
    ok: false,
    message: `The CSV header has ${problems.join(" and ")}. Expected: ${CSV_COLUMNS.join(",")}.`,
  };
}

/** One object of our export: the public fields of a tool's JSON answer (others, `status` included, are ignored). */
export const exportedToolSchema = toolDetailSchema
  .pick({
    name: true,
    websiteUrl: true,
    tagline: true,
    description: true,
    pricingModel: true,
    platforms: true,
    tags: true,
    features: true,
    useCases: true,
    integrations: true,
    targetAudience: true,
    pricingDetails: true,
  })
  // The answer's categories are our slugs; a file's may be anything, refused by name below.
  .extend({ categories: z.array(z.string()) })
  .partial();

/** Our JSON export: JSON Lines (one object a line) or one array of objects. */
export function parseJsonExport(text: string): Entries | { ok: false; message: string } {
  const candidates: FileCandidate[] = [];
  const refused: FileRefusal[] = [];
  const take = (value: unknown, line: number) => {
    const parsed = exportedToolSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join(".") || "the entry";
      const name =
        typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string"
          ? ((value as { name: string }).name.slice(0, 200) as string)
          : null;
      refused.push({ line, name, reason: `Not an exported tool: ${field}: ${issue?.message ?? "invalid"}.` });
      return;
    }
    const tool = parsed.data;
    candidates.push({ line, heading: null, name: tool.name ?? "", websiteUrl: tool.websiteUrl ?? "", ...tool });
  };
  if (text.trimStart().startsWith("[")) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      return { ok: false, message: CATALOG_FILE_MESSAGES.notJsonArray };
    }
    if (!Array.isArray(items)) return { ok: false, message: "The JSON file is not an array of tools." };
    items.forEach((item, index) => take(item, index + 1));
    return { ok: true, candidates, refused };
  }
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    if (line.length > CATALOG_FILE_LIMITS.maxLineChars * 4) {
      refused.push({ line: i + 1, name: null, reason: CATALOG_FILE_MESSAGES.lineTooLong });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      refused.push({ line: i + 1, name: null, reason: CATALOG_FILE_MESSAGES.notJsonLine });
      continue;
    }
    take(value, i + 1);
  }
  return { ok: true, candidates, refused };
}

// What each heading's entries go to: a category slug, or nothing (refused).
export type HeadingMapping = Record<string, CategorySlug | "">;

/**
 * Our category for a list's heading: by its slug or name (any case), else through the synonyms the
 * Product Hunt import knows ("Developer Tools" → development); null when none fits.
 */
export function headingCategory(heading: string): CategorySlug | null {
  const text = heading.trim();
  if (text === "") return null;
  return (
    categoryBySlug(hyphenate(text))?.slug ??
    categoryByName(text)?.slug ??
    mapCategory(text.replace(/^(awesome|best|top)\s+/i, "")) ??
    null
  );
}

/** The headings that have entries, each with its automatic category (null: unmapped), in the file's order. */
export function fileHeadings(
  candidates: readonly FileCandidate[],
): { heading: string; auto: CategorySlug | null; entries: number }[] {
  const found = new Map<string, { heading: string; auto: CategorySlug | null; entries: number }>();
  for (const candidate of candidates) {
    if (candidate.heading === null) continue;
    const known = found.get(candidate.heading);
    if (known) known.entries++;
    else
      found.set(candidate.heading, {
        heading: candidate.heading,
        auto: headingCategory(candidate.heading),
        entries: 1,
      });
  }
  return [...found.values()];
}

/** An imported tool's content, checked by the submission form's rules (the tagline and lists may be empty). */
const importedToolSchema = submissionSchema
  .pick({
    name: true,
    websiteUrl: true,
    description: true,
    categories: true,
    platforms: true,
    pricingModel: true,
    pricingDetails: true,
  })
  .extend({
    tagline: optionalLine("Tagline", SUBMISSION_LIMITS.tagline),
    tags: listField("tags", SUBMISSION_LIMITS.tags, SUBMISSION_LIMITS.tag),
    features: listField("features", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
    useCases: listField("use cases", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
    integrations: listField("integrations", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
    targetAudience: listField("target audience", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  });

function listField(label: string, maxItems: number, maxItem: number) {
  return z
    .array(z.string())
    .optional()
    .transform((items) => distinctItems(items ?? []))
    .pipe(itemList(label, maxItems, maxItem));
}

export type ImportedTool = ToolContent;

/**
 * A candidate as the tool it would add, or why it cannot be one: its categories are its
 * heading's (by `mapping`) for a Markdown entry, its own slugs otherwise; every field is then
 * checked as a submission's is.
 */
export function checkCandidate(
  candidate: FileCandidate,
  mapping: HeadingMapping,
): { ok: true; tool: ImportedTool } | { ok: false; reason: string } {
  let categories: string[];
  if (candidate.heading !== null || candidate.categories === undefined) {
    // Own keys only: a heading named "constructor" is a heading, not the object's member.
    const chosen =
      candidate.heading === null
        ? ""
        : Object.hasOwn(mapping, candidate.heading)
          ? mapping[candidate.heading]!
          : (headingCategory(candidate.heading) ?? "");
    if (chosen === "") return { ok: false, reason: CATALOG_FILE_MESSAGES.unmapped };
    categories = [chosen];
  } else {
    const slugs = candidate.categories.map((slug) => slug.trim().toLowerCase());
    const unknown = slugs.filter((slug) => !(CATEGORY_SLUGS as readonly string[]).includes(slug));
    if (unknown.length > 0)
      return {
        ok: false,
        reason: `Unknown categor${unknown.length > 1 ? "ies" : "y"} ${unknown.map((s) => `"${s.slice(0, 40)}"`).join(", ")}.`,
      };
    categories = slugs;
  }
  const parsed = importedToolSchema.safeParse({
    name: candidate.name,
    websiteUrl: candidate.websiteUrl,
    tagline: candidate.tagline,
    description: candidate.description,
    categories,
    platforms: candidate.platforms,
    pricingModel: candidate.pricingModel ?? undefined,
    pricingDetails: candidate.pricingDetails,
    tags: candidate.tags,
    features: candidate.features,
    useCases: candidate.useCases,
    integrations: candidate.integrations,
    targetAudience: candidate.targetAudience,
  });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? "The entry is not valid." };
  return { ok: true, tool: parsed.data };
}

/** A tool already listed, as a duplicate names it. */
export interface ListedTool {
  slug: string;
  name: string;
}

/** What the directory holds, by listing domain and by lower-cased name. */
export interface ListedIndex {
  byDomain: ReadonlyMap<string, ListedTool>;
  byName: ReadonlyMap<string, ListedTool>;
}

export interface PlannedTool {
  line: number;
  tool: ImportedTool;
}

export interface PlannedDuplicate {
  line: number;
  name: string;
  /** What it duplicates: a listed tool, or an earlier line of the file. */
  listed: ListedTool | null;
  earlierLine: number | null;
}

export interface ImportPlan {
  add: PlannedTool[];
  existing: PlannedDuplicate[];
  refused: FileRefusal[];
}

/** The lower-cased name two tools are the same by. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * What importing the candidates would do: each is refused (its reason), a duplicate (same listing
 * domain or same name, ignoring case, as a listed tool or an earlier line of the file), or added.
 * `domainOf` gives a website's listing domain (core/claim-domains.ts's listingDomain).
 */
export function planImport(
  candidates: readonly FileCandidate[],
  refusedLines: readonly FileRefusal[],
  mapping: HeadingMapping,
  listed: ListedIndex,
  domainOf: (websiteUrl: string) => string | null,
): ImportPlan {
  const plan: ImportPlan = { add: [], existing: [], refused: [...refusedLines] };
  const seenDomains = new Map<string, number>();
  const seenNames = new Map<string, number>();
  for (const candidate of candidates) {
    const checked = checkCandidate(candidate, mapping);
    if (!checked.ok) {
      plan.refused.push({ line: candidate.line, name: candidate.name || null, reason: checked.reason });
      continue;
    }
    const { tool } = checked;
    const domain = domainOf(tool.websiteUrl) ?? tool.websiteUrl.toLowerCase();
    const name = nameKey(tool.name);
    const listedTool = listed.byDomain.get(domain) ?? listed.byName.get(name) ?? null;
    const earlierLine = seenDomains.get(domain) ?? seenNames.get(name) ?? null;
    if (listedTool || earlierLine !== null) {
      plan.existing.push({ line: candidate.line, name: tool.name, listed: listedTool, earlierLine });
      continue;
    }
    seenDomains.set(domain, candidate.line);
    seenNames.set(name, candidate.line);
    plan.add.push({ line: candidate.line, tool });
  }
  plan.refused.sort((a, b) => a.line - b.line);
  return plan;
}
