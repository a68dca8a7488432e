// A logo file input (ToolFormFields): the chosen file's size and type are checked before anything
// is uploaded, in the server's words (the input's data attributes), and a file that passes is
// shown on the plate the pages draw logos on. A refused file stays chosen with its message, and
// the form's checks (form-checks.ts) will not send it: a 50 MB photo is never uploaded to be refused.

import { logoPlatePadding } from "../../core/uploads.ts";

/** The tool page's logo size: the largest the pages draw. */
const PREVIEW_SIZE = 80;

for (const input of document.querySelectorAll<HTMLInputElement>("input[type=file][data-logo-input]")) {
  const preview = input.closest("form")?.querySelector<HTMLElement>("[data-logo-preview]");
  const plate = preview?.querySelector<HTMLElement>("[data-logo-plate]");
  const error = document.getElementById(`${input.id}-error`);
  const accepted = input.accept.split(",").map((type) => type.trim());
  const maxBytes = Number(input.dataset.maxBytes);
  let shownUrl: string | null = null;

  const show = (file: File | null) => {
    if (shownUrl) URL.revokeObjectURL(shownUrl);
    shownUrl = null;
    if (!preview || !plate) return;
    preview.hidden = file === null;
    plate.replaceChildren();
    if (!file) return;
    shownUrl = URL.createObjectURL(file);
    const image = document.createElement("img");
    image.src = shownUrl;
    image.alt = `Preview of your logo, ${file.name}`;
    image.width = PREVIEW_SIZE;
    image.height = PREVIEW_SIZE;
    image.className = "tool-logo shrink-0";
    image.style.padding = `${logoPlatePadding(PREVIEW_SIZE)}px`;
    plate.append(image);
  };

  const judge = () => {
    const file = input.files?.[0] ?? null;
    const message = !file
      ? ""
      : !accepted.includes(file.type)
        ? (input.dataset.wrongType ?? "")
        : file.size > maxBytes
          ? (input.dataset.tooLarge ?? "")
          : "";
    input.setCustomValidity(message);
    if (error) error.textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    show(message === "" ? file : null);
  };

  input.addEventListener("change", judge);
  // A file still chosen when the page is shown again (back, or the browser keeping it).
  if (input.files?.length) judge();
}
