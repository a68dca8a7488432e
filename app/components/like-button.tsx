import { useEffect, useRef } from "react";
import { LIKE_LOCK_MS, likesWord } from "../../core/like-button.ts";
import { enhanceLikeForms } from "../lib/like-enhancer.ts";

/**
 * The like button: a form that posts and comes back without JavaScript, and is enhanced in place
 * with it (app/lib/like-enhancer.ts). The page is the same for every visitor (it may come from
 * the page cache), so it always renders "not liked"; the browser's remembered likes set the state.
 */
export function LikeButton({
  toolId,
  count,
  size = "small",
}: {
  toolId: string;
  count: number;
  size?: "small" | "large";
}) {
  const form = useRef<HTMLFormElement>(null);
  // On a hydrated page; the public pages, which do not hydrate, run the same code as their inline
  // "likes" enhancer (app/enhancers/likes.ts, docs/decisions/024).
  useEffect(() => {
    if (form.current) enhanceLikeForms(form.current, LIKE_LOCK_MS, likesWord);
  }, []);
  // Kept small, as lists carry one per card: the action names the tool, the count is the text, no
  // intent means "toggle", and the page to come back to is the Referer.
  return (
    <form ref={form} method="post" action={`/like/${encodeURIComponent(toolId)}`} className="like-form">
      {/* Named by its content, "Like, 12 likes": the visible count is part of the name, and the
          name stays the same when pressed (aria-pressed tells the state). */}
      <button aria-pressed="false" className={size === "large" ? "like-button is-large" : "like-button"}>
        <span aria-hidden="true" className="like-heart" />
        <span className="sr-only">Like, </span>
        <span data-like-count="">{count.toLocaleString("en-US")}</span>
        <span className="sr-only" data-like-word="">
          {` ${likesWord(count)}`}
        </span>
      </button>
    </form>
  );
}
