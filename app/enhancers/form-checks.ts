// A form's error summary (ErrorSummary in app/components/field.tsx): focused when the page comes
// back with errors, its links move focus to their fields, and before a post the browser checks
// every field at once against the constraints the schema put on them (required, maxlength, type:
// app/lib/constraint.ts), so every problem shows together without a round trip. A file field's
// own check (app/enhancers/logo-input.ts) reports through its custom validity. The server's schema
// stays the judge: whatever passes here is checked again there.

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Problem = { id: string; message: string; errorId: string; control: Element };

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

function labelOf(control: Control): string {
  const label = control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
  return (label?.textContent ?? control.name).replace(/\s*\*\s*$/, "").trim();
}

function messageOf(control: Control): string {
  if (control.validity.valueMissing) return control.dataset.missing ?? `${labelOf(control)} is required.`;
  return control.validationMessage;
}

function check(form: HTMLFormElement): Problem[] {
  const problems: Problem[] = [];
  const groups = new Set<Element>();
  for (const element of form.elements) {
    if (!isControl(element) || !element.willValidate || !element.name) continue;
    const group = element.type === "checkbox" ? element.closest<HTMLElement>("fieldset[data-error-id]") : null;
    if (group) {
      if (groups.has(group)) continue;
      groups.add(group);
      const boxes = group.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
      const ticked = [...boxes].some((box) => box.checked);
      const missing = group.dataset.missing;
      problems.push({
        id: boxes[0]!.id,
        message: missing !== undefined && !ticked ? missing : "",
        errorId: group.dataset.errorId!,
        control: group,
      });
      continue;
    }
    problems.push({
      id: element.id,
      message: element.validity.valid ? "" : messageOf(element),
      errorId: `${element.id}-error`,
      control: element,
    });
  }
  return problems;
}

for (const summary of document.querySelectorAll<HTMLElement>("[data-error-summary]")) {
  const form = summary.closest("form");
  const list = summary.querySelector<HTMLElement>("[data-error-list]");
  if (!form || !list) continue;
  if (!summary.hidden) summary.focus();

  summary.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href^='#']");
    const target = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
    if (!target) return;
    // Following the link only scrolls; the field itself should have focus, its label in view.
    event.preventDefault();
    target.focus();
    (target.closest("fieldset") ?? target.parentElement)?.scrollIntoView({ block: "center" });
  });

  // Capturing, so a refused post stops here before the busy state (busy-forms) is set.
  form.addEventListener(
    "submit",
    (event) => {
      const problems = check(form);
      for (const problem of problems) {
        const error = document.getElementById(problem.errorId);
        if (error) error.textContent = problem.message;
        if (problem.message) problem.control.setAttribute("aria-invalid", "true");
        else problem.control.removeAttribute("aria-invalid");
      }
      const shown = problems.filter((problem) => problem.message !== "");
      if (shown.length === 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      list.replaceChildren(
        ...shown.map((problem) => {
          const item = document.createElement("li");
          const link = document.createElement("a");
          link.href = `#${problem.id}`;
          link.className = "font-medium underline underline-offset-2";
          link.textContent = problem.message;
          item.append(link);
          return item;
        }),
      );
      summary.hidden = false;
      summary.focus();
      summary.scrollIntoView({ block: "start" });
    },
    true,
  );
}
