// What the like button shows and how it behaves, for the server's render and the button's script
// alike. Kept apart from core/likes.ts, whose schema brings Zod: the script is inlined into every
// list page (docs/decisions/024) and carries only this.

/** After a like or unlike the button stays locked this long (docs/design.md#constants). */
export const LIKE_LOCK_MS = 2000;

/** The word after a like count: "1 like", "2 likes". */
export function likesWord(count: number): string {
  return count === 1 ? "like" : "likes";
}
