// The submit form's feature amount, as the server renders it and its enhancer updates it.
import { normalizeFeatureAmount, priorityLabel, SUBMIT_FEATURE_DEFAULT_USD } from "../../core/featuring.ts";

/** The amount typed text stands for: empty reads as the form's default, else the nearest allowed whole amount. */
export function submitAmount(text: string): number {
  return text.trim() === "" ? SUBMIT_FEATURE_DEFAULT_USD : normalizeFeatureAmount(text);
}

/** What assistive technology reads for the submit form's amount slider: "$150, Ultra High priority". */
export function submitAmountText(amount: number): string {
  return `$${amount}, ${priorityLabel(amount)} priority`;
}
