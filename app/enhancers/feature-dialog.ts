// Get Featured on every public page (docs/design.md#screens): the feature dialog — React, the tool
// picker, the checkout call — is an island (app/islands/feature-dialog.tsx) imported only when the
// visitor asks for it: a click on any link to `/?featured=true` (the header's Get Featured, "Try
// Again", "Get it featured"), which opens it here, on the page the visitor is on, or arriving at an
// address with `?featured=true`. `&tool={id}` chooses that tool. Without JavaScript the link goes
// to the home page, which explains, in <noscript>, how else to do it.
import type * as Island from "../islands/feature-dialog.tsx";

const open = (options: { opener: HTMLElement | null; toolId: string | null }) => {
  document.documentElement.style.cursor = "progress";
  import(__ISLANDS__["feature-dialog"]!)
    .then((island: typeof Island) => island.openFeatureDialog(options))
    .catch((error: unknown) => console.error("toolshelf: the feature dialog could not be loaded", error))
    .finally(() => document.documentElement.style.removeProperty("cursor"));
};

const asksForDialog = (url: URL) =>
  url.origin === window.location.origin && url.pathname === "/" && url.searchParams.get("featured") === "true";
const toolOf = (url: URL) => url.searchParams.get("tool");

const here = new URL(window.location.href);
if (here.searchParams.get("featured") === "true") {
  // Asked for once: the address loses the request, so reloading or sharing it does not ask again.
  const toolId = toolOf(here);
  here.searchParams.delete("featured");
  here.searchParams.delete("tool");
  window.history.replaceState(window.history.state, "", `${here.pathname}${here.search}${here.hash}`);
  open({ opener: null, toolId });
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href);
  if (!asksForDialog(url)) return;
  event.preventDefault();
  // The phones' header menu it was chosen from folds away behind the dialog; focus comes back to
  // the menu's button then, the link itself being hidden (on wider screens it stays in view).
  const menu = link.closest("details");
  menu?.removeAttribute("open");
  // checkVisibility sees a closed <details>'s content as hidden (its boxes may still have sizes).
  const shown = typeof link.checkVisibility === "function" ? link.checkVisibility() : link.getClientRects().length > 0;
  open({ opener: shown ? link : (menu?.querySelector("summary") ?? null), toolId: toolOf(url) });
});
