// Browse's sort control: choosing an order goes to its address at once. Without JavaScript the
// form's Apply button (in <noscript>) sends the choice, and the server redirects to the same address.
for (const select of document.querySelectorAll<HTMLSelectElement>("select[data-navigate]")) {
  select.addEventListener("change", () => {
    const href = select.selectedOptions[0]?.dataset.href;
    if (href) window.location.assign(href);
  });
  // Back to this page from the next one (the page kept as it was left): show the order it lists.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    const shown = [...select.options].find((option) => option.defaultSelected);
    if (shown) select.value = shown.value;
  });
}
