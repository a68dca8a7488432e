// The header's search box suggests tools and categories as one types (the ARIA combobox pattern:
// the input owns a listbox, the option in view is its active descendant). Up and down move through
// the suggestions, Enter opens the one chosen (or searches, when none is), Escape closes them.
// Suggestions come from GET /api/v1/suggest after a pause in typing. Without this the box is a plain
// GET form to /search.
const SUGGEST_PAUSE_MS = 150;
const SUGGEST_MIN_LENGTH = 2;

for (const input of document.querySelectorAll<HTMLInputElement>("input[data-suggest]")) {
  const form = input.form;
  if (!form) continue;
  const list = document.createElement("ul");
  list.id = `${input.id}-suggestions`;
  list.className = "suggest-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Suggestions");
  list.hidden = true;
  // How many suggestions there are, read out politely; made when first needed, so a page where
  // nobody typed has no status region of ours.
  const status = document.createElement("p");
  status.className = "sr-only";
  status.setAttribute("role", "status");
  const announce = (text: string) => {
    if (!status.isConnected) form.append(status);
    setTimeout(() => {
      status.textContent = text;
    }, 50);
  };
  form.append(list);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  let items: { label: string; kind: string; path: string }[] = [];
  let active = -1;
  let asked = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;

  const options = () => list.querySelectorAll<HTMLLIElement>("[role=option]");
  const highlight = (index: number) => {
    active = index;
    options().forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
    const chosen = options()[index];
    if (chosen) {
      input.setAttribute("aria-activedescendant", chosen.id);
      chosen.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const open = (shown: boolean) => {
    list.hidden = !shown;
    input.setAttribute("aria-expanded", String(shown));
    if (!shown) highlight(-1);
  };
  const go = (index: number) => {
    const item = items[index];
    if (item) window.location.assign(item.path);
  };
  const render = () => {
    list.replaceChildren(
      ...items.map((item, i) => {
        const option = document.createElement("li");
        option.id = `${list.id}-${i}`;
        option.className = "suggest-option";
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        const name = document.createElement("span");
        name.textContent = item.label;
        const kind = document.createElement("span");
        kind.className = "suggest-kind";
        kind.textContent = item.kind;
        option.append(name, " ", kind);
        // Keeps focus in the box, so the list is not closed by the box's blur before the click.
        option.addEventListener("mousedown", (event) => event.preventDefault());
        option.addEventListener("click", () => go(i));
        return option;
      }),
    );
    highlight(-1);
    open(items.length > 0);
    announce(
      items.length === 0
        ? "No suggestions."
        : `${items.length} ${items.length === 1 ? "suggestion" : "suggestions"}: up and down arrows to choose.`,
    );
  };
  const ask = () => {
    const q = input.value.trim();
    if (q === asked) return;
    asked = q;
    pending?.abort();
    if (q.length < SUGGEST_MIN_LENGTH) {
      items = [];
      open(false);
      if (status.isConnected) status.textContent = "";
      return;
    }
    pending = new AbortController();
    fetch(`/api/v1/suggest?q=${encodeURIComponent(q)}`, {
      headers: { Accept: "application/json" },
      signal: pending.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then(
        (
          body: {
            data: { tools: { name: string; path: string }[]; categories: { name: string; path: string }[] };
          } | null,
        ) => {
          // A refusal (the limit) or an answer to older text: the box stays a plain search.
          if (!body || input.value.trim() !== q) return;
          items = [
            ...body.data.tools.map((tool) => ({ label: tool.name, kind: "Tool", path: tool.path })),
            ...body.data.categories.map((category) => ({
              label: category.name,
              kind: "Category",
              path: category.path,
            })),
          ];
          render();
        },
      )
      .catch(() => {
        // offline or aborted: nothing to suggest
      });
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(ask, SUGGEST_PAUSE_MS);
  });
  input.addEventListener("keydown", (event) => {
    const count = items.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      if (list.hidden) open(true);
      const down = event.key === "ArrowDown";
      highlight(down ? (active + 1) % count : active <= 0 ? count - 1 : active - 1);
    } else if (event.key === "Enter" && !list.hidden && active >= 0) {
      event.preventDefault();
      go(active);
    } else if (event.key === "Escape" && !list.hidden) {
      event.preventDefault();
      open(false);
    }
  });
  input.addEventListener("blur", () => open(false));
}
