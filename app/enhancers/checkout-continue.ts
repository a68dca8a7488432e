// After a submission that asked to be featured (the submit page's confirmation): on to checkout
// after 2 seconds, unless the visitor says "Not now" or this tab went there before (back from
// checkout, or a reload). Without JavaScript the form posts to the checkout endpoint, which
// answers with a redirect to the payment page.
import { CHECKOUT_DELAY_MS, checkoutStarted, CONTINUE_TEXT, markCheckoutStarted, startCheckout } from "../lib/checkout.ts";

const box = document.querySelector<HTMLElement>("[data-checkout-continue]");
const form = box?.querySelector("form");
const status = box?.querySelector<HTMLElement>("[data-checkout-status]");
const pay = form?.querySelector<HTMLButtonElement>("button[type=submit]");
const notNow = box?.querySelector<HTMLButtonElement>("[data-checkout-stop]");
const problem = box?.querySelector<HTMLElement>("[data-checkout-error]");
const toolId = box?.dataset.toolId ?? "";
const amount = Number(box?.dataset.amount);

if (box && form && status && pay && notNow && problem && toolId && Number.isInteger(amount)) {
  let stage: keyof typeof CONTINUE_TEXT = checkoutStarted(toolId) ? "stopped" : "waiting";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    status.textContent = CONTINUE_TEXT[stage];
    notNow.hidden = stage !== "waiting";
    pay.disabled = stage === "busy";
  };
  const go = async () => {
    clearTimeout(timer);
    stage = "busy";
    problem.hidden = true;
    show();
    const outcome = await startCheckout(toolId, amount);
    if (outcome.kind === "redirect") {
      markCheckoutStarted(toolId);
      window.location.assign(outcome.url);
      return;
    }
    problem.firstElementChild!.textContent = outcome.message;
    problem.hidden = false;
    stage = "stopped";
    show();
  };
  const stop = () => {
    clearTimeout(timer);
    stage = "stopped";
    show();
  };
  form.addEventListener("submit", (event) => {
    // The answer is read here, so an error shows on this page.
    event.preventDefault();
    if (stage !== "busy") void go();
  });
  notNow.addEventListener("click", stop);
  // Back from checkout (the page kept as it was left): the button waits for a click.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) stop();
  });
  if (stage === "waiting") timer = setTimeout(() => void go(), CHECKOUT_DELAY_MS);
  show();
}
