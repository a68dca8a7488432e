import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LIKE_LOCK_MS, likesWord } from "../../core/likes.ts";
import { enhanceLikeForms } from "../lib/like-enhancer.ts";

/**
 * The like button: a form that posts and comes back without JavaScript, and is enhanced in place
 * with it (app/lib/like-enhancer.ts). The page is the same for every visitor (it may come from
 * the page cache), so it always renders "not liked"; the browser's remembered likes set the state.
 */
export function LikeButton({ toolId, count, size = "small" }: { toolId: string; count: number; size?: "small" | "large" }) {
  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();
  // On hydrated pages; the tool page, which is not hydrated, runs the same code inline (LikeScript).
  useEffect(() => {
    if (form.current) enhanceLikeForms(form.current, LIKE_LOCK_MS, likesWord);
  }, []);
  return (
    <form ref={form} method="post" action={`/like/${encodeURIComponent(toolId)}`} data-like-form="" data-tool-id={toolId} className="like-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {/* Named by its content, "Like, 12 likes": the visible count is part of the name, and the
          name stays the same when pressed (aria-pressed tells the state). */}
      <button type="submit" aria-pressed="false" data-count={count} className={`like-button is-${size}`}>
        {/* Drawn, not a character: text in a button is part of what it must be called. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="like-heart">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.6 1.2 4.3 2.4l1 1.5 1-1.5c.7-1.2 2.1-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
        <span className="sr-only">Like, </span>
        <span data-like-count="">{count.toLocaleString("en-US")}</span>
        <span className="sr-only" data-like-word="">
          {` ${likesWord(count)}`}
        </span>
      </button>
    </form>
  );
}

/** Enhances the page's like buttons on a page that ships no JavaScript files (ADR 005). */
export function LikeScript({ nonce }: { nonce: string }) {
  const source = `(${enhanceLikeForms.toString()})(document, ${LIKE_LOCK_MS}, ${likesWord.toString()});`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
