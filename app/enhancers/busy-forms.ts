// A form's submit button (SubmitButton, `data-busy-label`) says the form is on its way, and a
// second press does not send it twice. The post itself is the browser's own: a page load.
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-busy-label]")) {
  const form = button.form;
  if (!form) continue;
  const label = button.textContent;
  const setBusy = (busy: boolean) => {
    form.toggleAttribute("data-busy", busy);
    button.textContent = busy ? (button.dataset.busyLabel ?? label) : label;
    if (busy) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  };
  form.addEventListener("submit", (event) => {
    if (form.hasAttribute("data-busy")) {
      event.preventDefault();
      return;
    }
    setBusy(true);
  });
  // Back to this page while it was sending (the page kept as it was left): ready again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setBusy(false);
  });
}
