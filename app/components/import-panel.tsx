import { useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import type { ActionReply } from "../../core/replies.ts";
import { launchUrl, productHuntUrlSchema, siteRef } from "../../core/import.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { DEFAULT_SITE_NAME } from "../lib/meta.ts";
import { useSiteConfig } from "../lib/site.ts";
import { inputClass } from "./field.tsx";
import { Alert } from "./ui/alert.tsx";
import { TextLink } from "./ui/text-link.tsx";

/** What `/admin/import` answers a post with (the panel shows it as a banner or a field message). */
export type ImportActionData = ActionReply<{
  message: string;
  /** The tool saved (success, with its id) or already there (info). */
  tool?: { id?: string; slug: string; name: string };
  /** Saved without a screenshot of its website. */
  screenshotMissed?: boolean;
  /** Saved with the website's favicon as its logo (Product Hunt had none). */
  logoFallback?: boolean;
  /** The URL was refused before any import: the message under the input. */
  fieldError?: string;
  /** What was typed, given back after a failure so a page without JavaScript keeps it in the input. */
  url?: string;
}>;

const INPUT_ID = "import-url";
const ERROR_ID = "import-url-error";
const HINT_ID = "import-url-hint";

/**
 * The Product Hunt import box (docs/design.md#product-hunt-import): one launch URL in, one approved tool out. Posts to
 * `/admin/import`: with JavaScript through a fetcher, so the page stays put; without it as a plain
 * form, and `/admin/import` shows this panel again with the result (`result`).
 */
export function ImportPanel({
  productHuntBaseUrl,
  result: pageResult,
  headingLevel = 2,
}: {
  productHuntBaseUrl: string;
  /** The result of a post made without JavaScript (the import page's action data). */
  result?: ImportActionData | null;
  headingLevel?: 1 | 2;
}) {
  const fetcher = useFetcher<ImportActionData>();
  const hydrated = useHydrated();
  const siteName = useSiteConfig().site?.siteName ?? DEFAULT_SITE_NAME;
  const schema = useMemo(() => productHuntUrlSchema(productHuntBaseUrl), [productHuntBaseUrl]);
  const inputRef = useRef<HTMLInputElement>(null);

  const [url, setUrl] = useState(pageResult?.status === "success" ? "" : (pageResult?.url ?? ""));
  const [fieldError, setFieldError] = useState<string | null>(pageResult?.fieldError ?? null);
  // A new answer from the fetcher: clear the input after a success, take the server's field message.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.status === "success") setUrl("");
    setFieldError(fetcher.data?.fieldError ?? null);
  }

  const busy = fetcher.state !== "idle";
  const result = busy ? null : (fetcher.data ?? pageResult ?? null);
  const blank = url.trim() === "";

  const check = (value: string) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const problem = check(url);
    setFieldError(problem);
    if (problem) {
      event.preventDefault();
      inputRef.current?.focus();
    }
  }

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const SubHeading = headingLevel === 1 ? "h2" : "h3";
  return (
    <section aria-labelledby="import-panel-title" className="space-y-4 rounded-xl border border-slate-200 p-5">
      <Heading id="import-panel-title" className={headingLevel === 1 ? "text-3xl font-bold" : "text-xl font-semibold"}>
        Admin Tool Import
      </Heading>
      <p className="text-slate-700">
        Paste the address of a launch on Product Hunt; the tool is added to the directory from it.
      </p>

      <fetcher.Form method="post" action="/admin/import" noValidate onSubmit={onSubmit} className="space-y-3">
        <div>
          <label htmlFor={INPUT_ID} className="block text-sm font-medium text-slate-900">
            Product Hunt launch URL
          </label>
          <p id={HINT_ID} className="text-xs text-slate-700">
            A launch page, such as {launchUrl(productHuntBaseUrl, "your-launch")}
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              ref={inputRef}
              id={INPUT_ID}
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={launchUrl(productHuntBaseUrl, "your-launch")}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                // Once a message shows, it follows the typing.
                if (fieldError) setFieldError(check(event.target.value));
              }}
              disabled={busy}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${HINT_ID} ${ERROR_ID}`}
              className={`${inputClass} min-w-0 flex-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-slate-100`}
            />
            {/* Before hydration the button always works: a page without JavaScript posts the form. */}
            <button
              type="submit"
              disabled={hydrated && (busy || blank)}
              className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              Import Tool
            </button>
          </div>
          <p id={ERROR_ID} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
            {fieldError}
          </p>
        </div>
      </fetcher.Form>

      {busy && (
        <Alert tone="progress" as="div">
          <p className="font-semibold">Importing Tool...</p>
          <p className="text-sm text-slate-700">Please wait while we extract and save the data</p>
        </Alert>
      )}

      {result && !result.fieldError && <ImportBanner result={result} />}

      <div>
        <SubHeading className="text-base font-semibold">What an import does</SubHeading>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-800">
          <li>Fetches the launch page from Product Hunt.</li>
          <li>Reads the name, tagline, description, website, logo and categories.</li>
          <li>Maps the categories to ours, at most 3.</li>
          <li>Adds ref={siteRef(siteName)} to the website link.</li>
          <li>Uses the website&apos;s favicon when the launch has no logo.</li>
          <li>Takes a screenshot of the website.</li>
          <li>Saves the tool approved: it is public at once.</li>
        </ul>
      </div>
    </section>
  );
}

/** The outcome of an import: saved (status), already there (status) or failed (alert). */
function ImportBanner({ result }: { result: ImportActionData }) {
  const tool = result.tool;
  if (result.status === "success") {
    return (
      <Alert tone="success" as="div" className="space-y-2">
        <p className="font-medium">{result.message}</p>
        {result.screenshotMissed && <p className="text-sm">Screenshot could not be captured.</p>}
        {result.logoFallback && <p className="text-sm">No logo on Product Hunt: the site&apos;s favicon is used.</p>}
        {tool && (
          <p className="flex flex-wrap gap-4 text-sm">
            <TextLink to={`/tool/${encodeURIComponent(tool.slug)}`}>
              View tool<span className="sr-only"> {tool.name}</span>
            </TextLink>
            {tool.id && (
              <TextLink to={`/admin/tools/${encodeURIComponent(tool.id)}`}>
                Edit<span className="sr-only"> {tool.name}</span>
              </TextLink>
            )}
          </p>
        )}
      </Alert>
    );
  }
  if (result.status === "info") {
    return (
      <Alert tone="info" as="div">
        <p>
          {result.message}{" "}
          {tool && (
            <Link
              to={`/tool/${encodeURIComponent(tool.slug)}`}
              className="font-medium text-sky-950 underline underline-offset-4"
            >
              See {tool.name}
            </Link>
          )}
        </p>
      </Alert>
    );
  }
  return <Alert tone="error">{result.message}</Alert>;
}
