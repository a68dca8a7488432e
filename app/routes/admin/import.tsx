import { data } from "react-router";
import {
  IMPORT_MESSAGES,
  importFailedMessage,
  importSucceededMessage,
  productHuntUrlSchema,
} from "../../../core/import.ts";
import { ImportError, importLaunch } from "../../../server/importer/service.ts";
import { ImportPanel, type ImportActionData } from "../../components/import-panel.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminActor, servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/import.ts";
import { readForm } from "../../lib/form.ts";

// The Product Hunt import's endpoint. The panel on /admin and /admin/add-tool posts here: with
// JavaScript through a fetcher (the answer is data for the panel), without it as a plain form,
// and then this page shows the panel with the result.

export const meta: Route.MetaFunction = () => [{ title: "Import — Admin" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  return { productHuntBaseUrl: context.get(servicesContextKey).config.productHunt.baseUrl };
}

const UNEXPECTED = "Something went wrong on our side. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const formData = await readForm(request);
  const typed = formData.get("url");
  const url = typeof typed === "string" ? typed.slice(0, 4096) : "";
  const parsed = productHuntUrlSchema(services.config.productHunt.baseUrl).safeParse(
    typeof typed === "string" ? typed : undefined,
  );
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? IMPORT_MESSAGES.urlInvalid;
    return data<ImportActionData>({ status: "error", message, fieldError: message, url }, { status: 400 });
  }
  try {
    const result = await importLaunch(services, parsed.data, adminActor(context));
    if (result.kind === "duplicate") {
      const { slug, name } = result.existing;
      return data<ImportActionData>({
        status: "info",
        message: `${name} is already in the directory.`,
        tool: { slug, name },
      });
    }
    return data<ImportActionData>({
      status: "success",
      message: importSucceededMessage(result.tool.name),
      tool: result.tool,
      screenshotMissed: result.screenshotUrl === null,
      logoFallback: result.logo === "favicon",
    });
  } catch (error) {
    if (error instanceof ImportError) {
      return data<ImportActionData>(
        { status: "error", message: importFailedMessage(error.message), url },
        { status: 422 },
      );
    }
    services.log.error({ err: error, url: parsed.data }, "admin import: failed unexpectedly");
    return data<ImportActionData>({ status: "error", message: importFailedMessage(UNEXPECTED), url }, { status: 503 });
  }
}

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <ImportPanel productHuntBaseUrl={loaderData.productHuntBaseUrl} result={actionData} headingLevel={1} />
      <p className="text-slate-700">
        To add many tools at once from a Markdown list, a CSV or a JSON file:{" "}
        <TextLink to="/admin/import/file">Import from a file</TextLink>.
      </p>
      <p className="text-slate-700">
        New launches are also imported automatically; see <TextLink to="/admin/jobs">Jobs</TextLink>, or run it now from
        the <TextLink to="/admin/dashboard">dashboard</TextLink>.
      </p>
    </div>
  );
}
