// The payment success page with JavaScript (docs/design.md#screens, rule 2): 'Processing Payment'
// shows for at least 2 seconds, then the server's answer. While the server says the payment is
// pending, the page asks again every second for up to 30 seconds; once it is confirmed, the page's
// own answer (which names the tool) is fetched and shown, else "not confirmed yet" is. Without
// JavaScript the page reloads itself a few times instead (a <noscript> refresh).

/** The least time 'Processing Payment' shows (docs/design.md#constants). */
const PROCESSING_MIN_MS = 2000;
/** How often, and for how long, the page asks again while the payment is not confirmed. */
const POLL_EVERY_MS = 1000;
const POLL_FOR_MS = 30_000;
/** The states that no longer change by waiting: the page's own answer is shown. */
const FINAL = new Set(["paid", "refunded", "unknown"]);

const box = document.querySelector<HTMLElement>("[data-payment-status]");
const view = (name: string) => box?.querySelector<HTMLElement>(`:scope > [data-view="${name}"]`) ?? null;
const processing = view("processing");
const answer = view("answer");
const sessionId = box?.dataset.sessionId;

if (box && processing && answer && sessionId) {
  const started = Date.now();
  const minShown = new Promise((resolve) => setTimeout(resolve, PROCESSING_MIN_MS));
  const show = async (shown: HTMLElement) => {
    await minShown;
    processing.hidden = true;
    shown.hidden = false;
    shown.classList.remove("hidden");
    if (shown.dataset.title) document.title = shown.dataset.title;
  };

  /** The server's page for this payment now, its answer put in place of the one shown. */
  const settle = async () => {
    try {
      const response = await fetch(window.location.href, { headers: { Accept: "text/html" } });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const status = page.querySelector<HTMLElement>("[data-payment-status]")?.dataset.status;
      const fresh = page.querySelector<HTMLElement>('[data-payment-status] > [data-view="answer"]');
      if (!response.ok || !fresh || !status || !FINAL.has(status))
        throw new Error(`the page answered ${response.status}, ${status}`);
      answer.innerHTML = fresh.innerHTML;
      answer.dataset.title = page.title;
      await show(answer);
    } catch {
      window.location.reload();
    }
  };

  const ask = async (): Promise<void> => {
    try {
      const response = await fetch(`/api/checkout-session/${encodeURIComponent(sessionId)}`, {
        headers: { Accept: "application/json" },
      });
      const body = response.ok ? ((await response.json()) as { status?: unknown }) : null;
      if (typeof body?.status === "string" && FINAL.has(body.status)) return settle();
    } catch {
      // Not reachable this time: asked again below.
    }
    const pending = view("pending");
    if (Date.now() - started + POLL_EVERY_MS > POLL_FOR_MS && pending) return show(pending);
    setTimeout(() => void ask(), POLL_EVERY_MS);
  };

  if (box.dataset.status === "pending") setTimeout(() => void ask(), POLL_EVERY_MS);
  else void show(answer);
}
