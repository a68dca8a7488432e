import { createAdmin } from "../../server/admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import { saveContactMessage } from "../../server/contact/service.ts";
import type { NewTool } from "../../server/catalog/write.ts";
import { addTools, makeTool } from "../support/catalog.ts";
import { pngClaiming, testImage } from "../support/images.ts";
import type { TestServer } from "../support/server.ts";
import { multipart, type Part } from "./harness.ts";

/** What the hostile suite seeds: a tool of each status, a message, and a signed-in admin. */
export interface Seeded {
  approved: NewTool;
  other: NewTool;
  pending: NewTool;
  rejected: NewTool;
  messageId: string;
  /** `ts_admin=<token>` of a live admin session. */
  cookie: string;
  username: string;
  password: string;
}

export async function seed(server: TestServer): Promise<Seeded> {
  const approved = makeTool({ name: "Hostile Approved" });
  const other = makeTool({ name: "Hostile Other" });
  const pending = makeTool({ name: "Hostile Pending", status: "pending", source: "free_submission" });
  const rejected = makeTool({ name: "Hostile Rejected", status: "rejected", source: "free_submission" });
  await addTools(server.services, [approved, other, pending, rejected]);
  const now = server.services.now();
  const messageId = await saveContactMessage(
    server.services.database,
    { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A message to act on." },
    now,
  );
  const username = "hostile-admin";
  const password = "a long enough password";
  const admin = await createAdmin(server.services.database, username, password, now);
  const cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  return { approved, other, pending, rejected, messageId, cookie, username, password };
}

/** Files an upload may carry, good and hostile. */
export interface Files {
  png: Buffer;
  jpeg: Buffer;
  /** Starts as a GIF, reads as HTML and as JavaScript. */
  gifPolyglot: Buffer;
  /** A real PNG with an HTML document after its end. */
  pngWithHtml: Buffer;
  svg: Buffer;
  html: Buffer;
  /** A PNG header claiming 100,000 × 100,000 pixels. */
  pngBomb: Buffer;
  truncatedPng: Buffer;
  jpegMagicOnly: Buffer;
  /** 6 MB: over the logo limit and over the form's. */
  sixMegabytes: Buffer;
  /** Over the logo limit (5 MB), within the form's. */
  justOverLogoLimit: Buffer;
}

export async function files(): Promise<Files> {
  const png = await testImage("png", 120, 120);
  const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
  return {
    png,
    jpeg: await testImage("jpeg", 120, 120),
    // GIF89a, then a "width" that opens a JS comment, then HTML and script: each reader sees its own thing.
    gifPolyglot: Buffer.concat([
      Buffer.from("GIF89a/*\x00\x00\x00\x00"),
      Buffer.from("*/=1;alert(1);/*<html><body><script>alert(2)</script></body></html>*/"),
      Buffer.from([0x3b]),
    ]),
    pngWithHtml: Buffer.concat([png, html]),
    svg: Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    ),
    html,
    pngBomb: await pngClaiming(100_000, 100_000),
    truncatedPng: png.subarray(0, 60),
    jpegMagicOnly: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]),
    sixMegabytes: Buffer.alloc(6 * 1024 * 1024, 0x89),
    justOverLogoLimit: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 0)]),
  };
}

export const BOUNDARY = "----hostileBoundary7MA4YWxkTrZu0gW";

/** The submission form's text fields, all valid. */
export function toolFields(website: string): Record<string, string | string[]> {
  return {
    name: "Quillpad Hostile",
    tagline: "Notes that write themselves",
    websiteUrl: website,
    description: "Quillpad turns meetings into notes.",
    categories: ["productivity", "ai"],
    tags: "notes, writing",
    platforms: ["Web"],
    pricingModel: "Freemium",
    pricingDetails: "Free for 3 notebooks.",
    features: "Transcription, Summaries",
    useCases: "Meetings",
    integrations: "Slack",
    targetAudience: "Teams",
    submitterEmail: "maker@example.com",
  };
}

/** Parts of a form: its fields (changed by `change`; undefined removes one), then a logo part. */
export function formParts(
  fields: Record<string, string | string[]>,
  change: Record<string, string | string[] | undefined> = {},
  logo: Part | null = null,
): Part[] {
  const merged: Record<string, string | string[] | undefined> = { ...fields, ...change };
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push({ name, value: item });
  }
  if (logo) parts.push(logo);
  return parts;
}

export function logoPart(bytes: Buffer, filename = "logo.png", type = "image/png"): Part {
  return { name: "logo", value: bytes, filename, type };
}

export function multipartBody(parts: Part[], options?: { close?: boolean }): Buffer {
  return multipart(parts, BOUNDARY, options);
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
