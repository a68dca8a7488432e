import { z } from "./zod.ts";

// Kept out of core/tool.ts, which public pages import: zod stays out of their browser bundles.

/** The longest reason an admin may give for rejecting a tool; its submitter reads it on their status page. */
export const REJECTION_REASON_MAX = 500;

/** A rejection's reason as the admin's forms take it (moderation queue, edit page): optional, trimmed. */
export const rejectionReasonSchema = z
  .string()
  .trim()
  .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters.`)
  .optional();

/** What becomes of a rejected tool's payment, as the moderation queue's reject form takes it. */
export const PAYMENT_SETTLEMENTS = ["refund", "credit"] as const;

/** What a payment kept as credit must say (the submitter reads the note). */
export const CREDIT_NOTE_REQUIRED =
  "Say why the payment is kept as credit, and how it can be used: the submitter reads it.";
