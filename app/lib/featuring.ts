import { useSiteConfig } from "./site.ts";

/**
 * Whether this site sells featured placement (PAYMENTS_MODE is not "off"): where it does not, no
 * page offers it, so there is no button that leads nowhere.
 */
export function useFeaturingOffered(): boolean {
  return useSiteConfig().site?.paymentsMode !== "off";
}
