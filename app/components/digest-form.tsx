import { DIGEST_EMAIL_MAX, DIGEST_HONEYPOT_FIELD } from "../../core/digest.ts";

/**
 * The weekly digest's subscribe form (footer, home page): plain HTML posting to /digest, the same
 * for every visitor (pages are cached by address), so it carries no token; the post is checked by
 * its Origin. `idPrefix` keeps ids unique where two of these share a page.
 */
export function DigestForm({ idPrefix, className = "" }: { idPrefix: string; className?: string }) {
  const inputId = `${idPrefix}-email`;
  const honeypotId = `${idPrefix}-website`;
  return (
    <form method="post" action="/digest" className={`relative ${className}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        E-mail address
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          maxLength={DIGEST_EMAIL_MAX}
          autoComplete="email"
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        />
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Subscribe
        </button>
      </div>
      {/* Hidden from people and assistive technology; form-filling bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input
          id={honeypotId}
          name={DIGEST_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </form>
  );
}
