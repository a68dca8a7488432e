// "Fill from website" without leaving the page (ToolFormFields' WebsiteFillControl): the button's
// post is sent in the background, to the same action a page without JavaScript posts to, and the
// fields it fills, the logo it proposes and its status line are taken from the page it answers.
// The server decides what changes (empty fields only); this only carries it over.

import { FILL_TONE_CLASSES, type FillStatus } from "../../core/website-fill.ts";

/** The fields a fill may change, by name. */
const FILLED = ["name", "tagline", "description", "websiteUrl"];
const FAILED = "The website could not be read. Please try again, or fill in the form yourself.";

type TextControl = HTMLInputElement | HTMLTextAreaElement;
const isText = (element: unknown): element is TextControl =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

for (const box of document.querySelectorAll<HTMLElement>("[data-website-fill]")) {
  const form = box.closest("form");
  const button = box.querySelector<HTMLButtonElement>("button[name=intent]");
  const status = box.querySelector<HTMLElement>("[data-fill-status]");
  if (!form || !button || !status) continue;
  let busy = false;

  const say = (message: string, tone: string) => {
    status.textContent = message;
    status.dataset.tone = tone;
    status.className = `text-sm empty:hidden ${FILL_TONE_CLASSES[tone as FillStatus["tone"]] ?? FILL_TONE_CLASSES.info}`;
  };

  const take = (page: Document) => {
    const fresh = page.querySelector<HTMLElement>("[data-website-fill]");
    const freshForm = fresh?.closest("form");
    const freshStatus = fresh?.querySelector<HTMLElement>("[data-fill-status]");
    if (!fresh || !freshForm || !freshStatus) return false;
    for (const name of FILLED) {
      const mine = form.elements.namedItem(name);
      const theirs = freshForm.elements.namedItem(name);
      if (!isText(mine) || !isText(theirs)) continue;
      mine.value = theirs.value;
      const error = document.getElementById(`${mine.id}-error`);
      const freshError = page.getElementById(`${theirs.id}-error`);
      if (error) error.textContent = freshError?.textContent ?? "";
      if (freshError?.textContent) mine.setAttribute("aria-invalid", "true");
      else mine.removeAttribute("aria-invalid");
    }
    // A proposed logo makes the file optional: the input's label, hint and check follow the page's.
    const logo = form.querySelector<HTMLInputElement>("input[type=file][name=logo]");
    const freshLogo = freshForm.querySelector<HTMLInputElement>("input[type=file][name=logo]");
    if (logo && freshLogo) {
      logo.required = freshLogo.required;
      if (freshLogo.dataset.missing === undefined) delete logo.dataset.missing;
      else logo.dataset.missing = freshLogo.dataset.missing;
      const label = form.querySelector(`label[for="${CSS.escape(logo.id)}"]`);
      const freshLabel = freshForm.querySelector(`label[for="${CSS.escape(freshLogo.id)}"]`);
      if (label && freshLabel) label.textContent = freshLabel.textContent;
      const hint = label?.nextElementSibling;
      const freshHint = freshLabel?.nextElementSibling;
      if (hint?.tagName === "P" && freshHint?.tagName === "P") hint.textContent = freshHint.textContent;
    }
    box.querySelector("[data-fill-logo]")?.remove();
    const freshLogoBox = fresh.querySelector("[data-fill-logo]");
    if (freshLogoBox) status.after(document.importNode(freshLogoBox, true));
    say(freshStatus.textContent ?? "", freshStatus.dataset.tone ?? "info");
    return true;
  };

  button.addEventListener("click", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button.disabled = true;
    say("Reading the website…", "info");
    const body = new FormData(form);
    // The chosen file stays in its input; the fill does not need it.
    body.delete("logo");
    body.set(button.name, button.value);
    try {
      const response = await fetch(form.action, { method: "POST", body, headers: { accept: "text/html" } });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (!take(page)) say(FAILED, "error");
    } catch {
      say(FAILED, "error");
    } finally {
      busy = false;
      button.disabled = false;
    }
  });
}
