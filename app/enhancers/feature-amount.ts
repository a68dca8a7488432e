// The submit form's optional paid path (docs/design.md#screens): the amount shows once "Feature this
// tool" is ticked, with a slider that moves with the typed amount, and the priority that amount
// buys. Without JavaScript the amount is always shown (it counts only when the box is ticked) and
// the slider stays hidden: the typed amount is the whole control.
import { normalizeFeatureAmount, priorityLabel } from "../../core/featuring.ts";
import { submitAmount, submitAmountText } from "../lib/feature-amount.ts";

for (const choice of document.querySelectorAll<HTMLElement>("[data-feature-choice]")) {
  const toggle = choice.querySelector<HTMLInputElement>("input[type=checkbox]");
  const details = choice.querySelector<HTMLElement>("[data-feature-amount]");
  const input = choice.querySelector<HTMLInputElement>("input[type=number]");
  const slider = choice.querySelector<HTMLInputElement>("input[type=range]");
  const priority = choice.querySelector<HTMLElement>("[data-priority]");
  const sliderBox = slider?.closest<HTMLElement>("[data-amount-slider]");
  if (!toggle || !details || !input || !slider || !priority || !sliderBox) continue;

  const show = (amount: number) => {
    priority.textContent = priorityLabel(amount);
    slider.setAttribute("aria-valuetext", submitAmountText(amount));
  };
  const fromInput = () => {
    const amount = submitAmount(input.value);
    // The slider ends at its maximum; a larger typed amount puts it there ("$200+").
    slider.value = String(amount);
    show(amount);
  };
  const sync = () => {
    details.hidden = !toggle.checked;
    fromInput();
  };
  input.addEventListener("input", fromInput);
  input.addEventListener("blur", () => {
    if (input.value.trim() !== "") input.value = String(normalizeFeatureAmount(input.value));
    fromInput();
  });
  slider.addEventListener("input", () => {
    input.value = slider.value;
    show(Number(slider.value));
  });
  toggle.addEventListener("change", sync);
  // The browser may put back what was typed before (a reload, the Back button): show that.
  window.addEventListener("pageshow", sync);
  sliderBox.hidden = false;
  sync();
}
