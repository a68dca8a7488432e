// The feature amount's slider: what the feature dialog (an island, React in the browser) and the
// submit page's paid path (server-rendered, moved by app/enhancers/feature-amount.ts) share.
import { useEffect, useRef } from "react";
import {
  FEATURE_MAX_USD,
  FEATURE_MIN_USD,
  FEATURE_PRESETS_USD,
  FEATURE_SLIDER_STOPS_USD,
  featureAmountText,
  sliderAmount,
  sliderPosition,
} from "../../core/featuring.ts";

/**
 * A dollar-amount slider that moves along FEATURE_SLIDER_STOPS_USD (close stops where people buy),
 * with preset amount buttons, kept in step with a typed amount input: by the caller when given
 * `onChange`, else (a page without React in the browser) by the page's enhancer, which also shows
 * it when `hidden`. A typed amount between two stops puts the slider at the lower one.
 */
export function AmountSlider({
  label,
  value,
  onChange,
  describedBy,
  hidden = false,
}: {
  /** The slider's accessible name. */
  label: string;
  value: number;
  onChange?: (value: number) => void;
  describedBy?: string;
  /** Hidden until an enhancer shows it: dragging and the presets need JavaScript. */
  hidden?: boolean;
}) {
  const position = sliderPosition(value);
  const control = onChange
    ? {
        value: position,
        onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
          onChange(sliderAmount(Number(event.currentTarget.value))),
      }
    : { defaultValue: position };
  return (
    <div hidden={hidden} data-amount-slider="">
      <div role="group" aria-label="Preset amounts" className="mb-3 flex flex-wrap gap-2">
        {FEATURE_PRESETS_USD.map((preset) => (
          <button
            key={preset}
            type="button"
            data-preset-amount={preset}
            aria-pressed={value === preset}
            onClick={onChange ? () => onChange(preset) : undefined}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
          >
            ${preset.toLocaleString("en-US")}
          </button>
        ))}
      </div>
      <input
        type="range"
        min={0}
        max={FEATURE_SLIDER_STOPS_USD.length - 1}
        step={1}
        {...control}
        aria-label={label}
        aria-valuetext={featureAmountText(value)}
        aria-describedby={describedBy}
        className="block h-6 w-full cursor-pointer accent-brand-700"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>${FEATURE_MIN_USD}</span>
        <span>${FEATURE_MAX_USD.toLocaleString("en-US")}</span>
      </div>
    </div>
  );
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
