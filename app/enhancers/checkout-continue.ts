// After a submission that asked to be featured (the submit page's confirmation): the page stays
// until the visitor clicks "Continue to payment", so the private status link above it can be kept
// first; the click asks for the checkout here, so an error shows on this page. Without JavaScript
// the form posts to the checkout endpoint, which answers with a redirect to the payment page.
import { CONTINUE_TEXT, startCheckout } from "../lib/checkout.ts";

const box = document.querySelector<HTMLElement>("[data-checkout-continue]");
const form = box?.querySelector("form");
const status = box?.querySelector<HTMLElement>("[data-checkout-status]");
const pay = form?.querySelector<HTMLButtonElement>("button[type=submit]");
const problem = box?.querySelector<HTMLElement>("[data-checkout-error]");
const toolId = box?.dataset.toolId ?? "";
const statusToken = box?.dataset.statusToken ?? "";
const amount = Number(box?.dataset.amount);

if (box && form && status && pay && problem && toolId && Number.isInteger(amount)) {
  let busy = false;
  const show = () => {
    status.textContent = CONTINUE_TEXT[busy ? "busy" : "ready"];
    pay.disabled = busy;
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    problem.hidden = true;
    show();
    const outcome = await startCheckout(toolId, amount, statusToken || undefined);
    if (outcome.kind === "redirect") {
      window.location.assign(outcome.url);
      return;
    }
    problem.firstElementChild!.textContent = outcome.message;
    problem.hidden = false;
    busy = false;
    show();
  });
  // Back from checkout (the page kept as it was left, busy button included): ready again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    busy = false;
    show();
  });
}
