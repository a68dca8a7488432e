import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import {
  candidatesStatus,
  CHECKOUT_MESSAGES,
  FEATURE_DEFAULT_USD,
  FEATURE_MAX_USD,
  FEATURE_MIN_USD,
  FEATURED_DAYS,
  FEATURE_TIERS_TEXT,
  featureTier,
  formatUsd,
  normalizeFeatureAmount,
  placementAfter,
  placementText,
  usdToCents,
} from "../../core/featuring.ts";
import { startCheckout } from "../lib/checkout.ts";
import { AmountSlider, useResetOnPageRestore } from "./amount-slider.tsx";
import { inputClass } from "./field.tsx";
import { ToolLogo } from "./tool-logo.tsx";
import { Alert } from "./ui/alert.tsx";

/** A tool that can be featured (or, featured already, topped up), as `GET /api/feature-candidates` lists it. */
interface Candidate {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  /** Its payments in force, in cents (0: not featured now). */
  featuredCents: number;
}

type Ranking = { id: string; cents: number }[];

const SEARCH_DEBOUNCE_MS = 150;

/**
 * The feature dialog (docs/design.md#screens): choose a tool, choose an amount, pay on the provider's
 * page. Rendered only in the browser, by its island (app/islands/feature-dialog.tsx).
 */
export default function FeatureDialog({
  open,
  onOpenChange,
  opener = null,
  toolId = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opened it (a Get Featured link): it gets focus back on close. */
  opener?: HTMLElement | null;
  /** A tool to choose from the start (a link that names it: "Try Again", "Get it featured"). */
  toolId?: string | null;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  // The link that opened it, else what had focus when it opened, gets focus back on close.
  const [returnTo] = useState(() => opener ?? (typeof document === "undefined" ? null : document.activeElement));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // The search box, not the first button: finding the tool is the first thing to do.
            event.preventDefault();
            searchRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (a link opens it), so Radix would not know where to go back to.
            event.preventDefault();
            if (returnTo instanceof HTMLElement && returnTo !== document.body && returnTo.isConnected) returnTo.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-bold">Get Featured</Dialog.Title>
            <Dialog.Close className="rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100">
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            Featured tools are shown first on the home page, in browse and in search, with a badge, for {FEATURED_DAYS}{" "}
            days from payment (a tool still waiting for review: from the day it is approved). A higher sum of payments
            ranks higher.
          </Dialog.Description>
          <FeatureForm searchRef={searchRef} toolId={toolId} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type SearchState =
  | { kind: "loading" }
  | { kind: "done"; tools: Candidate[]; more: boolean; eligible: number; query: string }
  | { kind: "failed" };

/** Reads an answer of `GET /api/feature-candidates`, keeping only well-formed entries. */
function readCandidates(body: unknown): { tools: Candidate[]; more: boolean; eligible: number; ranking: Ranking } {
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const tools = (Array.isArray(record.data) ? record.data : []).filter(
    (t): t is Candidate =>
      typeof t === "object" &&
      t !== null &&
      typeof t.id === "string" &&
      typeof t.name === "string" &&
      typeof t.featuredCents === "number",
  );
  const ranking = (Array.isArray(record.ranking) ? record.ranking : []).filter(
    (r): r is Ranking[number] =>
      typeof r === "object" && r !== null && typeof r.id === "string" && typeof r.cents === "number",
  );
  return {
    tools,
    more: record.more === true,
    eligible: typeof record.eligible === "number" ? record.eligible : tools.length,
    ranking,
  };
}

function FeatureForm({ searchRef, toolId }: { searchRef: RefObject<HTMLInputElement | null>; toolId: string | null }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ kind: "loading" });
  const [selected, setSelected] = useState<Candidate | null>(null);
  const [ranking, setRanking] = useState<Ranking | null>(null);
  // The tool a link named is looked up once, by its id, and chosen.
  const [wanted, setWanted] = useState(toolId);
  const [amountText, setAmountText] = useState(String(FEATURE_DEFAULT_USD));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = normalizeFeatureAmount(amountText);
  useResetOnPageRestore(() => setBusy(false));

  // Type-ahead: one request per pause in typing; an answer that arrives late is dropped.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearch({ kind: "loading" });
      try {
        const ask = wanted ? `tool=${encodeURIComponent(wanted)}` : `q=${encodeURIComponent(query.trim())}`;
        const response = await fetch(`/api/feature-candidates?${ask}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { tools, more, eligible, ranking: now } = readCandidates(await response.json());
        setRanking(now);
        if (wanted) {
          setWanted(null);
          if (tools[0]) setSelected(tools[0]);
        }
        setSearch({ kind: "done", tools, more, eligible, query: query.trim() });
      } catch {
        if (!controller.signal.aborted) setSearch({ kind: "failed" });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, wanted]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!selected) {
      setError(CHECKOUT_MESSAGES.noTool);
      return;
    }
    setAmountText(String(amount));
    setError(null);
    setBusy(true);
    const outcome = await startCheckout(selected.id, amount);
    if (outcome.kind === "redirect") {
      // Stays busy: the browser is leaving for the checkout page.
      window.location.assign(outcome.url);
      return;
    }
    setBusy(false);
    setError(outcome.message);
  }

  const statusText =
    search.kind === "loading"
      ? "Searching…"
      : search.kind === "failed"
        ? "The tools could not be loaded. Please try again."
        : candidatesStatus({
            shown: search.tools.length,
            more: search.more,
            eligible: search.eligible,
            query: search.query,
          });
  const tools = search.kind === "done" ? search.tools : [];

  return (
    <form onSubmit={pay} noValidate className="mt-5 space-y-5">
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-base font-semibold">1. Choose your tool</legend>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-900">
            Search tools by name
          </label>
          <input
            ref={searchRef}
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-describedby={`${id}-status`}
            className={`${inputClass} mt-1`}
          />
        </div>
        <p id={`${id}-status`} aria-live="polite" className="text-sm text-slate-700">
          {statusText}
        </p>
        {tools.length > 0 && (
          <div
            role="radiogroup"
            aria-label="Matching tools"
            className="max-h-52 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          >
            {tools.map((tool) => {
              const checked = selected?.id === tool.id;
              return (
                <div key={tool.id}>
                  <label
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${
                      checked ? "bg-brand-50" : "hover:bg-slate-50"
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${id}-tool`}
                      value={tool.id}
                      checked={checked}
                      onChange={() => {
                        setSelected(tool);
                        setError(null);
                      }}
                      className="h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={32} />
                    <span className="min-w-0">
                      <span className="block font-medium">{tool.name}</span>
                      <span className="block truncate text-sm text-slate-700">
                        {tool.featuredCents > 0
                          ? `Featured now, ${formatUsd(tool.featuredCents)} in force: paying adds to it`
                          : tool.tagline}
                      </span>
                    </span>
                  </label>
                </div>
              );
            })}
          </div>
        )}
        <p className="text-sm" aria-live="polite">
          {selected ? (
            <>
              Selected: <strong>{selected.name}</strong>
            </>
          ) : (
            <span className="text-slate-700">No tool selected yet.</span>
          )}
        </p>
        <p className="text-xs text-slate-700">
          Every listed tool appears here. Paying again for a featured tool tops it up: the amounts in force add up, and
          it stays featured for a year from the latest payment. Adding a new tool?{" "}
          <a href="/submit" className="font-medium text-brand-700 underline underline-offset-2">
            Submit it
          </a>{" "}
          and feature it from the form.
        </p>
      </fieldset>

      <fieldset className="min-w-0 space-y-3">
        <legend className="text-base font-semibold">2. Choose the amount</legend>
        <div>
          <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-900">
            Amount in US dollars
          </label>
          <p id={`${id}-amount-hint`} className="text-xs text-slate-700">
            Whole dollars, from ${FEATURE_MIN_USD} to ${FEATURE_MAX_USD.toLocaleString("en-US")}.
          </p>
          <div className="mt-1 flex items-center gap-2">
            <span aria-hidden="true" className="text-lg font-medium text-slate-700">
              $
            </span>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={FEATURE_MIN_USD}
              max={FEATURE_MAX_USD}
              step={1}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              onBlur={() => setAmountText(String(amount))}
              aria-describedby={`${id}-amount-hint ${id}-tier`}
              className={`${inputClass} max-w-40`}
            />
          </div>
        </div>
        <AmountSlider
          label="Amount slider"
          value={amount}
          onChange={(value) => setAmountText(String(value))}
          describedBy={`${id}-tier`}
        />
        <p id={`${id}-tier`} className="text-sm">
          Tier: <strong>{featureTier(amount)}</strong>
        </p>
        {selected && ranking && (
          <p className="text-sm font-medium" aria-live="polite">
            {placementText(placementAfter(ranking, selected.id, usdToCents(amount)))}
          </p>
        )}
        <p className="text-xs text-slate-700">{FEATURE_TIERS_TEXT}</p>
      </fieldset>

      {error && <Alert tone="error">{error}</Alert>}

      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? "Opening checkout…" : `Pay $${amount.toLocaleString("en-US")}`}
      </button>
      <p className="text-center text-xs text-slate-700">
        You pay on the payment provider’s secure page. Nothing is charged until you confirm there.
      </p>
    </form>
  );
}
