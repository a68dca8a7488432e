import { data, Form, redirect } from "react-router";
import { CATEGORIES } from "../../../core/categories.ts";
import {
  CATALOG_FILE_FORMATS,
  CATALOG_FILE_LIMITS,
  CATALOG_FILE_MESSAGES,
  CSV_COLUMNS,
  decodeCatalogFile,
  type CatalogFileFormat,
} from "../../../core/catalog-file.ts";
import {
  cancelFileImport,
  FILE_IMPORT_JOB,
  saveFileImportChoices,
  storeCatalogFile,
  viewFileImport,
  type FileImportView,
} from "../../../server/importer/catalog-file.ts";
import { readUploadForm } from "../../../server/submissions/form.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminActor, servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/import-file.ts";

// Importing a catalogue from a file: upload (or paste) → preview with the headings' categories →
// confirm → the file-import job adds the tools while this page shows its progress. Every step is
// a plain form and a redirect, so it works without JavaScript; the progress page refreshes itself.

const REFRESH_SECONDS = 2;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Import from a file — Admin" },
  { name: "robots", content: "noindex" },
  ...(loaderData?.file && (loaderData.file.status === "confirmed" || loaderData.file.status === "running")
    ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const]
    : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  const file = id ? await viewFileImport(services, id) : null;
  // A confirmed import not yet started (its start was refused while another import finished): start it now.
  if (file?.status === "confirmed") void services.scheduler.run(FILE_IMPORT_JOB).catch(() => undefined);
  return {
    file,
    missing: id !== null && file === null,
    cancelled: params.has("cancelled"),
    categories: CATEGORIES.map((c) => ({ slug: c.slug, name: c.name })),
    csvColumns: CSV_COLUMNS.join(","),
    formats: CATALOG_FILE_FORMATS,
    maxEntries: CATALOG_FILE_LIMITS.maxEntries,
    maxMegabytes: CATALOG_FILE_LIMITS.maxBytes / 1024 / 1024,
  };
}

type ActionData = { error: string };

const refuse = (error: string, status = 422) => data<ActionData>({ error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const form = await readUploadForm(request);
  if (!form.ok)
    return refuse(
      form.problem === "too-large"
        ? CATALOG_FILE_MESSAGES.tooLarge
        : "The form could not be read. Please send it again.",
      form.problem === "too-large" ? 413 : 400,
    );
  const fields = form.formData;
  const intent = fields.get("intent");
  const id = String(fields.get("id") ?? "");

  if (intent === "upload") {
    const chosen = String(fields.get("format") ?? "detect");
    const format = (CATALOG_FILE_FORMATS as readonly string[]).includes(chosen)
      ? (chosen as CatalogFileFormat)
      : "detect";
    const file = fields.get("file");
    const pasted = String(fields.get("text") ?? "");
    let text = pasted;
    let fileName = "pasted text";
    if (file instanceof File && file.size > 0) {
      const decoded = decodeCatalogFile(new Uint8Array(await file.arrayBuffer()));
      if (!decoded.ok) return refuse(decoded.message, decoded.message === CATALOG_FILE_MESSAGES.tooLarge ? 413 : 422);
      text = decoded.text;
      fileName = file.name || "uploaded file";
    } else if (pasted.trim() === "") return refuse("Please choose a file or paste a list.");
    try {
      const stored = await storeCatalogFile(services, { text, fileName, format }, adminActor(context));
      if (!stored.ok) return refuse(stored.message);
      return redirect(`/admin/import/file?id=${stored.id}`, 303);
    } catch (error) {
      services.log.error({ err: error }, "file import: upload not kept");
      return refuse("The file could not be kept for its preview. Please try again in a few minutes.", 503);
    }
  }

  if (intent === "cancel") {
    await cancelFileImport(services, id);
    return redirect("/admin/import/file?cancelled", 303);
  }

  if (intent === "map" || intent === "confirm") {
    const headings = fields.getAll("heading").map(String);
    const slugs = fields.getAll("category").map(String);
    const mapping = Object.fromEntries(headings.map((heading, i) => [heading, slugs[i] ?? ""]));
    const saved = await saveFileImportChoices(
      services,
      id,
      { mapping, approve: fields.get("approve") === "on" },
      intent === "confirm",
    );
    if (!saved)
      return refuse(
        "This preview is no longer waiting: it expired, was cancelled or was confirmed. Upload the file again.",
        409,
      );
    // Not awaited: the job runs in the background while the page shows its progress.
    if (intent === "confirm") void services.scheduler.run(FILE_IMPORT_JOB).catch(() => undefined);
    return redirect(`/admin/import/file?id=${encodeURIComponent(id)}`, 303);
  }
  return refuse("Unknown action.", 400);
}

export default function ImportFile({ loaderData, actionData }: Route.ComponentProps) {
  const { file } = loaderData;
  return (
    <section aria-labelledby="import-file-title" className="max-w-5xl space-y-6">
      <div>
        <h1 id="import-file-title" className="text-3xl font-bold">
          Import from a file
        </h1>
        <p className="mt-2 text-slate-700">
          Add many tools at once from an awesome-style Markdown list, a CSV file or our own JSON export. You see what
          would be added before anything is. Or import{" "}
          <TextLink to="/admin/import">one launch from Product Hunt</TextLink>.
        </p>
      </div>
      {actionData?.error && <Alert tone="error">{actionData.error}</Alert>}
      {loaderData.missing && (
        <Alert tone="error">
          This upload is no longer kept (it expired or was cancelled). Please upload the file again.
        </Alert>
      )}
      {loaderData.cancelled && <Alert tone="info">The import was cancelled; nothing was added.</Alert>}
      {file === null ? (
        <UploadForm {...loaderData} />
      ) : file.preview ? (
        <Preview file={file} preview={file.preview} categories={loaderData.categories} />
      ) : (
        <Progress file={file} />
      )}
    </section>
  );
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const buttonClass =
  "rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const secondaryClass =
  "rounded-lg border border-slate-400 px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

const FORMAT_LABELS: Record<CatalogFileFormat, string> = { markdown: "Markdown list", csv: "CSV", json: "JSON export" };

function UploadForm({
  csvColumns,
  formats,
  maxEntries,
  maxMegabytes,
}: {
  csvColumns: string;
  formats: readonly CatalogFileFormat[];
  maxEntries: number;
  maxMegabytes: number;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4 rounded-xl border border-slate-200 p-5">
      <input type="hidden" name="intent" value="upload" />
      <div>
        <label htmlFor="import-file" className="block font-medium text-slate-900">
          File
        </label>
        <p id="import-file-hint" className="text-sm text-slate-700">
          At most {maxMegabytes} MB and {maxEntries.toLocaleString("en-US")} entries.
        </p>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".md,.markdown,.csv,.json,.jsonl,.ndjson,text/markdown,text/csv,application/json"
          aria-describedby="import-file-hint"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="import-text" className="block font-medium text-slate-900">
          Or paste the list
        </label>
        <textarea id="import-text" name="text" rows={6} className={`${inputClass} font-mono text-sm`} />
      </div>
      <div>
        <label htmlFor="import-format" className="block font-medium text-slate-900">
          Format
        </label>
        <select id="import-format" name="format" defaultValue="detect" className={inputClass}>
          <option value="detect">Detect from the file</option>
          {formats.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
      </div>
      <details className="text-sm text-slate-800">
        <summary className="cursor-pointer font-medium">What each format looks like</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Markdown: headings name categories; entries are <code>- [Name](https://…) - description</code>.
          </li>
          <li>
            CSV with the header <code>{csvColumns}</code>; name and website_url are required; categories, platforms and
            tags are separated by <code>;</code>, categories by their slug.
          </li>
          <li>JSON: our export, one tool a line (JSON Lines) or one array.</li>
        </ul>
      </details>
      <button type="submit" className={buttonClass}>
        Preview
      </button>
    </Form>
  );
}

function Preview({
  file,
  preview,
  categories,
}: {
  file: FileImportView;
  preview: NonNullable<FileImportView["preview"]>;
  categories: { slug: string; name: string }[];
}) {
  const unmapped = preview.headings.filter((h) => h.auto === null);
  return (
    <Form method="post" className="space-y-6">
      <input type="hidden" name="id" value={file.id} />
      <p className="text-slate-800">
        <strong>{file.fileName}</strong> ({FORMAT_LABELS[file.format]}):{" "}
        <span data-testid="count-add">{preview.add.count}</span> to add,{" "}
        <span data-testid="count-existing">{preview.existing.count}</span> already in the directory,{" "}
        <span data-testid="count-refused">{preview.refused.count}</span> refused.
      </p>
      {preview.headings.length > 0 && (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-5">
          <legend className="px-1 text-xl font-semibold">Categories of the headings</legend>
          <p className="text-sm text-slate-700">
            {unmapped.length === 0
              ? "Every heading matches one of our categories."
              : `${unmapped.length} heading${unmapped.length > 1 ? "s do" : " does"} not match a category: choose one, or leave its entries out.`}{" "}
            Then update the preview.
          </p>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Heading
                </th>
                <th scope="col" className="py-2 pr-4">
                  Entries
                </th>
                <th scope="col" className="py-2">
                  Category
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.headings.map((h, i) => (
                <tr key={h.heading} className="border-b border-slate-200">
                  <td className="py-2 pr-4 break-words">
                    {h.heading}
                    {h.auto === null && <span className="ml-2 text-amber-900">(unmapped)</span>}
                  </td>
                  <td className="py-2 pr-4">{h.entries}</td>
                  <td className="py-2">
                    <input type="hidden" name="heading" value={h.heading} />
                    <label htmlFor={`heading-${i}`} className="sr-only">
                      Category for {h.heading}
                    </label>
                    <select
                      id={`heading-${i}`}
                      name="category"
                      defaultValue={h.chosen}
                      className="rounded-lg border border-slate-400 px-2 py-1"
                    >
                      <option value="">Leave out (refuse its entries)</option>
                      {categories.map((c) => (
                        <option key={c.slug} value={c.slug}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" name="intent" value="map" className={secondaryClass}>
            Update preview
          </button>
        </fieldset>
      )}

      <Group title="To add" count={preview.add.count} shown={preview.add.items.length}>
        {preview.add.items.map((item) => (
          <li key={item.line}>
            Line {item.line}: <strong>{item.name}</strong> — <span className="break-all">{item.websiteUrl}</span> (
            {item.categories.join(", ")})
          </li>
        ))}
      </Group>
      <Group title="Already in the directory" count={preview.existing.count} shown={preview.existing.items.length}>
        {preview.existing.items.map((item) => (
          <li key={item.line}>
            Line {item.line}: <strong>{item.name}</strong> —{" "}
            {item.listed ? (
              <>
                listed as <TextLink to={`/tool/${item.listed.slug}`}>{item.listed.name}</TextLink>
              </>
            ) : (
              `same as line ${item.earlierLine}`
            )}
          </li>
        ))}
      </Group>
      <Group title="Refused" count={preview.refused.count} shown={preview.refused.items.length}>
        {preview.refused.items.map((item, i) => (
          <li key={`${item.line}-${i}`}>
            Line {item.line}
            {item.name ? (
              <>
                {" "}
                (<strong>{item.name}</strong>)
              </>
            ) : null}
            : {item.reason}
          </li>
        ))}
      </Group>

      <div className="space-y-4 rounded-xl border border-slate-200 p-5">
        <div className="flex items-center gap-2">
          <input id="import-approve" type="checkbox" name="approve" defaultChecked={file.approve} className="h-4 w-4" />
          <label htmlFor="import-approve" className="font-medium">
            Approve on import (public at once; otherwise they wait in moderation)
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="confirm" className={buttonClass}>
            Confirm import of {preview.add.count} tools
          </button>
          <button type="submit" name="intent" value="cancel" className={secondaryClass}>
            Cancel
          </button>
        </div>
      </div>
    </Form>
  );
}

function Group({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold">
        {title} ({count})
      </h2>
      {count === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <>
          <ul className="list-disc space-y-1 pl-5 text-sm break-words">{children}</ul>
          {count > shown && <p className="text-sm text-slate-700">…and {count - shown} more.</p>}
        </>
      )}
    </section>
  );
}

function Progress({ file }: { file: FileImportView }) {
  const { progress } = file;
  const finished = file.status === "finished" || file.status === "failed";
  return (
    <section aria-labelledby="progress-title" className="space-y-3 rounded-xl border border-slate-200 p-5">
      <h2 id="progress-title" className="text-xl font-semibold">
        {file.fileName}
      </h2>
      <p role="status" className="text-slate-800">
        {file.status === "confirmed"
          ? "Waiting to start…"
          : file.status === "running"
            ? `Importing: ${progress.done} of ${progress.total} lines done.`
            : file.status === "failed"
              ? `The import failed: ${progress.error ?? "unknown error"}`
              : `Finished: ${progress.done} of ${progress.total} lines done.`}
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="font-medium">Added</dt>
        <dd data-testid="progress-added">{progress.added}</dd>
        <dt className="font-medium">Already listed</dt>
        <dd data-testid="progress-skipped">{progress.skipped}</dd>
        <dt className="font-medium">Refused or failed</dt>
        <dd data-testid="progress-failed">{progress.failed}</dd>
        <dt className="font-medium">Total</dt>
        <dd>{progress.total}</dd>
      </dl>
      {finished ? (
        <p>
          {file.approve ? (
            <TextLink to="/admin/tools">See the tools</TextLink>
          ) : (
            <TextLink to="/admin/moderation">Review them in moderation</TextLink>
          )}{" "}
          or <TextLink to="/admin/import/file">import another file</TextLink>.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          This page refreshes itself every {REFRESH_SECONDS} seconds.{" "}
          <TextLink to={`/admin/import/file?id=${file.id}`}>Refresh now</TextLink>
        </p>
      )}
    </section>
  );
}
