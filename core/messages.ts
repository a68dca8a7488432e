import { z } from "./zod.ts";

/** What the admin's messages page posts: open (and mark read), mark read or unread, delete one message. */
export const messageActionSchema = z.object({
  intent: z.enum(["open", "read", "unread", "delete"]),
  id: z.string().min(1).max(100),
  page: z.string().optional(),
  /** Set when the change was made on the opened message, which then stays open. */
  open: z.string().max(100).optional(),
});

export type MessageIntent = z.infer<typeof messageActionSchema>["intent"];
