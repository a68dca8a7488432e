// The feature amount's slider and the start of checkout: what the feature dialog (home) and the
// submit page's paid path share, kept apart from the dialog so the submit page does not load it.
import * as Slider from "@radix-ui/react-slider";
import { useEffect, useRef } from "react";
import { CHECKOUT_MESSAGES, checkoutOutcome, type CheckoutOutcome } from "../../core/featuring.ts";

/**
 * A dollar-amount slider with its end labels, kept in step with a typed amount input by the
 * caller. An amount above `max` (the input allows more) sits at the end, which reads "$max+".
 */
export function AmountSlider({
  label,
  min,
  max,
  value,
  onChange,
  valueText,
  describedBy,
}: {
  /** The thumb's accessible name. */
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  /** What assistive technology reads for a value, e.g. "$150, Medium tier". */
  valueText: (value: number) => string;
  describedBy?: string;
}) {
  const shown = Math.min(max, Math.max(min, value));
  return (
    <div>
      <Slider.Root
        min={min}
        max={max}
        step={1}
        value={[shown]}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
        className="relative flex h-6 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={label}
          aria-valuetext={valueText(value)}
          aria-describedby={describedBy}
          className="block h-5 w-5 cursor-grab rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
      </Slider.Root>
      <div className="mt-1 flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>${min}</span>
        <span>${max}+</span>
      </div>
    </div>
  );
}

/**
 * Asks the server for a checkout session for `toolId` at `amount` whole dollars and says where to
 * send the browser, or what to tell the visitor.
 */
export async function startCheckout(toolId: string, amount: number): Promise<CheckoutOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ toolId, amount }),
    });
  } catch {
    return { kind: "error", message: CHECKOUT_MESSAGES.failed };
  }
  const body: unknown = await response.json().catch(() => null);
  return checkoutOutcome(response.ok, body, window.location.href);
}

/**
 * Clears a "sending you to checkout" state when the visitor comes back with the Back button
 * (the page is then restored as it was left, busy button included).
 */
export function useResetOnPageRestore(reset: () => void) {
  const latest = useRef(reset);
  useEffect(() => {
    latest.current = reset;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
}
