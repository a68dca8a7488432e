// Get Featured on the home page (docs/design.md#screens): the feature dialog — React, the tool
// picker, the checkout call — is an island (app/islands/feature-dialog.tsx) imported only when the
// visitor asks for it: a click on a Get Featured link here, or arriving at `/?featured=true` (from
// any other page's header). Without JavaScript the page explains, in <noscript>, how else to do it.
import type * as Island from "../islands/feature-dialog.tsx";

const open = () => {
  document.documentElement.style.cursor = "progress";
  import(__ISLANDS__["feature-dialog"]!)
    .then((island: typeof Island) => island.openFeatureDialog())
    .catch((error: unknown) => console.error("toolshelf: the feature dialog could not be loaded", error))
    .finally(() => document.documentElement.style.removeProperty("cursor"));
};

const asksForDialog = (url: URL) => url.origin === window.location.origin && url.pathname === "/" && url.searchParams.get("featured") === "true";

const here = new URL(window.location.href);
if (asksForDialog(here)) {
  // Asked for once: the address loses the request, so reloading or sharing it does not ask again.
  here.searchParams.delete("featured");
  window.history.replaceState(window.history.state, "", `${here.pathname}${here.search}${here.hash}`);
  open();
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || !asksForDialog(new URL(link.href))) return;
  event.preventDefault();
  // The phones' header menu it was chosen from folds away behind the dialog.
  link.closest("details")?.removeAttribute("open");
  open();
});
