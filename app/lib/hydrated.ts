import { useSyncExternalStore } from "react";

/** A subscribe function for values that never change once read (useSyncExternalStore). */
export const noSubscription = () => () => {};

/**
 * false in the server render and while the page hydrates, true once React runs in the browser:
 * for controls that only work with JavaScript, and for parts shown only without it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
