import { z } from "./zod.ts";

/**
 * How long a like count shown may lag behind by default (a like on another instance is seen within
 * a poll, so this leaves a second of the five the product allows).
 */
export const COUNTS_LAG_MS = 4000;

/**
 * What a like request asks: set the state (the button's script), or flip it (the form without
 * JavaScript, which sends no intent, so that every card carries as little markup as possible).
 */
export const likeSchema = z.object({
  intent: z.enum(["like", "unlike", "toggle"], { error: "Intent must be like, unlike or toggle." }).default("toggle"),
});

export type LikeInput = z.infer<typeof likeSchema>;
export type LikeIntent = LikeInput["intent"];

/** The authoritative answer to a like request. */
export interface LikeState {
  toolId: string;
  liked: boolean;
  count: number;
}

/** The page to go back to: a path of this site, or `fallback` for anything else (other sites, `//host`). */
export function safeReturnPath(value: string | undefined, fallback: string): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters and backslashes have no place in our paths and can confuse URL parsers.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}

/** The id of a tool's card on a list page, where a like without JavaScript comes back to. */
export function toolAnchor(toolId: string): string {
  return `tool-${toolId}`;
}
