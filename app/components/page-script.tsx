import { createContext, useContext } from "react";
import { enhancers } from "virtual:toolshelf/browser-code";
import type { EnhancerName } from "../lib/enhancers.ts";

/** This response's CSP nonce (app/entry.server.tsx), for the scripts a page inlines. */
export const ScriptNonce = createContext<string | undefined>(undefined);

/**
 * One enhancer of a page that does not hydrate (docs/decisions/024), inlined where it is rendered
 * (at the end of the page's content, after what it enhances) and allowed by the response's nonce,
 * or by its hash on a stored page. The page works without it.
 */
export function PageScript({ name }: { name: EnhancerName }) {
  const nonce = useContext(ScriptNonce);
  const code = enhancers[name];
  if (code === undefined) {
    // Only the server's build carries the code; in the browser React never runs an inlined script anyway.
    if (typeof document !== "undefined") return null;
    throw new Error(`The enhancer app/enhancers/${name}.ts was not built`);
  }
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}
