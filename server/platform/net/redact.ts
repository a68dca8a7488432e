// URLs as they may appear in a log line or an error message (which reaches the logs and the
// admin's screen): the parts that can carry credentials — userinfo (https://user:pass@…), the
// query (?apikey=…, a signed link's signature) and the fragment — are left out; the scheme, host
// and path stay, which is what a reader needs to tell what failed.

const REDACTED = "[redacted]";

/** `url` without userinfo, query or fragment (a query or fragment shows as `?[redacted]`). */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    // Not a URL the parser takes (which can still hold credentials): cut the same parts out of the text.
    const text = String(url);
    const cut = text.search(/[?#]/);
    const head = cut === -1 ? text : text.slice(0, cut);
    return head.replace(/^([a-z][\w+.-]*:\/\/).*@/i, "$1") + (cut === -1 ? "" : `?${REDACTED}`);
  }
  const hidden = parsed.search || parsed.hash ? `?${REDACTED}` : "";
  // An opaque URL (mailto:, data:…) has no authority to tell apart from the rest: nothing of it is kept.
  if (!parsed.href.startsWith(`${parsed.protocol}//`)) return `${parsed.protocol}${REDACTED}`;
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${hidden}`;
}

/** The host (and port) of `url` and nothing else: how a service whose address may carry credentials is named. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || "no host";
  } catch {
    return "not a valid address";
  }
}

/**
 * A `scheme://…` URL in running text, up to white space or a quote or angle bracket (group 2): its
 * scheme starts with a letter at a word boundary, in a run of scheme characters directly followed
 * by `://` and a URL character; group 1 is the part of that run before it. The pattern is tried
 * only where a run starts (the lookbehind) and goes on only for a run that ends in `://` (the
 * lookahead), so it reads each character a bounded number of times: the plain
 * /\b[a-z][\w+.-]*:\/\//, tried at every boundary of a long run such as `a.a.a…`, rescanned the
 * rest of the run from each, and the messages it reads may quote what others sent.
 */
const URL_IN_TEXT = /(?<![\w+.-])(?=[\w+.-]*:\/\/[^\s"'<>`])([\w+.-]*?)\b([a-z][\w+.-]*:\/\/[^\s"'<>`]+)/gi;

/** `text` with every `scheme://…` URL in it redacted as redactUrl does (an error's message or stack). */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (_, before: string, url: string) => before + redactUrl(url));
}
