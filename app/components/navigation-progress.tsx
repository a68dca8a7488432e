import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * A spinner while a client-side navigation loads the next page (spec: "Loading spinner"), shown
 * only after a short delay so fast navigations do not flash.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setDelayPassed(true), 150);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [loading]);
  if (!loading || !delayPassed) return null;
  return (
    <div
      role="status"
      className="fixed right-4 top-4 z-50 flex items-center gap-2 rounded-full bg-white px-3 py-2 text-sm shadow-lg ring-1 ring-slate-200"
    >
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
      />
      Loading…
    </div>
  );
}
