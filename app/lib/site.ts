import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** What every page shows of the site's configuration (the root loader's data). */
export type SiteConfig = Awaited<ReturnType<typeof rootLoader>>;

/**
 * The same, given by the server's render itself (app/entry.server.tsx): a page rendered before any
 * loader ran (a middleware refused the request: the admin's sign-in, an unreadable address) still
 * shows the site's name and the test-mode banner.
 */
export const RenderedSiteConfig = createContext<SiteConfig | null>(null);

/** The site's configuration, and whether it came from the root loader (then the page can hydrate). */
export function useSiteConfig(): { site: SiteConfig | null; loaded: boolean } {
  const loaded = useRouteLoaderData<typeof rootLoader>("root");
  const rendered = useContext(RenderedSiteConfig);
  return { site: loaded ?? rendered, loaded: loaded !== undefined };
}
