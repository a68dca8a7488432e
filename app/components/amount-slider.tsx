// The feature amount's slider: what the feature dialog (an island, React in the browser) and the
// submit page's paid path (server-rendered, moved by app/enhancers/feature-amount.ts) share.
import { useEffect, useRef } from "react";

/**
 * A dollar-amount slider with its end labels, kept in step with a typed amount input: by the caller
 * when given `onChange`, else (a page without React in the browser) by the page's enhancer, which
 * also shows it when `hidden`. An amount above `max` (the input allows more) sits at the end, which
 * reads "$max+".
 */
export function AmountSlider({
  label,
  min,
  max,
  value,
  onChange,
  valueText,
  describedBy,
  hidden = false,
}: {
  /** The slider's accessible name. */
  label: string;
  min: number;
  max: number;
  value: number;
  onChange?: (value: number) => void;
  /** What assistive technology reads for a value, e.g. "$150, Medium tier". */
  valueText: (value: number) => string;
  describedBy?: string;
  /** Hidden until an enhancer shows it: dragging needs JavaScript. */
  hidden?: boolean;
}) {
  const shown = Math.min(max, Math.max(min, value));
  const control = onChange
    ? { value: shown, onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(Number(event.currentTarget.value)) }
    : { defaultValue: shown };
  return (
    <div hidden={hidden} data-amount-slider="">
      <input
        type="range"
        min={min}
        max={max}
        step={1}
        {...control}
        aria-label={label}
        aria-valuetext={valueText(value)}
        aria-describedby={describedBy}
        className="block h-6 w-full cursor-pointer accent-brand-700"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>${min}</span>
        <span>${max}+</span>
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
