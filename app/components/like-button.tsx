import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LIKE_LOCK_MS, likeLabel } from "../../core/likes.ts";
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
    if (form.current) enhanceLikeForms(form.current, LIKE_LOCK_MS, likeLabel);
  }, []);
  return (
    <form ref={form} method="post" action={`/like/${encodeURIComponent(toolId)}`} data-like-form="" data-tool-id={toolId} className="like-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" aria-pressed="false" aria-label={likeLabel(false, count)} data-count={count} className={`like-button is-${size}`}>
        <span aria-hidden="true" className="like-heart">
          ♥
        </span>
        <span data-like-count="">{count.toLocaleString("en-US")}</span>
      </button>
    </form>
  );
}

/** Enhances the page's like buttons on a page that ships no JavaScript files (ADR 005). */
export function LikeScript({ nonce }: { nonce: string }) {
  const source = `(${enhanceLikeForms.toString()})(document, ${LIKE_LOCK_MS}, ${likeLabel.toString()});`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
