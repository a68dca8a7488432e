// What vite.config.ts (the toolshelf:browser-code plugin) builds from app/enhancers/ and
// app/islands/ for pages that do not hydrate (docs/decisions/024).

declare module "virtual:toolshelf/browser-code" {
  /**
   * The minified code of each app/enhancers/<name>.ts, to inline into a page with its nonce
   * (app/components/page-script.tsx). Filled in the server's build; empty in the browser's.
   */
  export const enhancers: Readonly<Record<string, string>>;
}

/** In an enhancer: the address of each app/islands/<name>.tsx, an ES module to import on first use. */
declare const __ISLANDS__: Readonly<Record<string, string>>;
