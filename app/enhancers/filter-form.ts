// A list's filters and sort (app/components/filter-bar.tsx): a change goes to the form's address at
// once, as its Apply button (shown only without JavaScript) would send it; the server answers with
// the one address of that choice. The control changed gets focus back on the new page, with its
// panel open, so ticking several options is a run of presses, not a search for the panel each time.
const KEY = "toolshelf.filterFocus";
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-apply-on-change]")) {
  form.addEventListener("change", (event) => {
    const control = event.target as HTMLInputElement | HTMLSelectElement;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) query.append(name, String(value));
    try {
      sessionStorage.setItem(KEY, `${control.name}=${control.value}`);
    } catch {
      // blocked storage: the new page starts with focus at its top, as any page does
    }
    form.setAttribute("aria-busy", "true");
    window.location.assign(`${form.action}?${query}`);
  });
  // Back to this page from the next one (the page kept as it was left): show what it lists.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    form.removeAttribute("aria-busy");
    form.reset();
  });
  let focus: string | null = null;
  try {
    focus = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    // blocked storage
  }
  const control = focus
    ? [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")].find(
        (c) => `${c.name}=${c.value}` === focus || (c instanceof HTMLSelectElement && focus.startsWith(`${c.name}=`)),
      )
    : undefined;
  if (control) {
    const panel = control.closest("details");
    if (panel) panel.open = true;
    control.focus();
  }
}
