// The submit form's optional paid path (docs/design.md#screens): the amount shows once "Feature this
// tool" is ticked, with a slider and preset amounts that move with the typed amount, and the tier
// that amount buys. Without JavaScript the amount is always shown (it counts only when the box is
// ticked) and the slider stays hidden: the typed amount is the whole control.
import {
  featureAmountText,
  featureTier,
  normalizeFeatureAmount,
  sliderAmount,
  sliderPosition,
} from "../../core/featuring.ts";
import { submitAmount } from "../lib/feature-amount.ts";

for (const choice of document.querySelectorAll<HTMLElement>("[data-feature-choice]")) {
  const toggle = choice.querySelector<HTMLInputElement>("input[type=checkbox]");
  const details = choice.querySelector<HTMLElement>("[data-feature-amount]");
  const input = choice.querySelector<HTMLInputElement>("input[type=number]");
  const slider = choice.querySelector<HTMLInputElement>("input[type=range]");
  const tier = choice.querySelector<HTMLElement>("[data-tier]");
  const sliderBox = slider?.closest<HTMLElement>("[data-amount-slider]");
  const presets = [...choice.querySelectorAll<HTMLButtonElement>("[data-preset-amount]")];
  if (!toggle || !details || !input || !slider || !tier || !sliderBox) continue;

  const show = (amount: number) => {
    tier.textContent = featureTier(amount);
    slider.setAttribute("aria-valuetext", featureAmountText(amount));
    for (const preset of presets)
      preset.setAttribute("aria-pressed", String(Number(preset.dataset.presetAmount) === amount));
  };
  const fromInput = () => {
    const amount = submitAmount(input.value);
    slider.value = String(sliderPosition(amount));
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
    const amount = sliderAmount(Number(slider.value));
    input.value = String(amount);
    show(amount);
  });
  for (const preset of presets) {
    preset.addEventListener("click", () => {
      input.value = preset.dataset.presetAmount ?? "";
      fromInput();
    });
  }
  toggle.addEventListener("change", sync);
  // The browser may put back what was typed before (a reload, the Back button): show that.
  window.addEventListener("pageshow", sync);
  sliderBox.hidden = false;
  sync();
}
