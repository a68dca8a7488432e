import { formatUtcStamp } from "../../core/dates.ts";

/** A `<time>` of a moment as formatUtcStamp writes it (in UTC, so the server's HTML and the browser's agree). */
export function UtcTime({ ms, seconds = false }: { ms: number; seconds?: boolean }) {
  return <time dateTime={new Date(ms).toISOString()}>{formatUtcStamp(ms, seconds)}</time>;
}
