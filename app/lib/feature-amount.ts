// The submit form's feature amount, as the server renders it and its enhancer updates it.
import { normalizeFeatureAmount, SUBMIT_FEATURE_DEFAULT_USD } from "../../core/featuring.ts";

/** The amount typed text stands for: empty reads as the form's default, else the nearest allowed whole amount. */
export function submitAmount(text: string): number {
  return text.trim() === "" ? SUBMIT_FEATURE_DEFAULT_USD : normalizeFeatureAmount(text);
}
