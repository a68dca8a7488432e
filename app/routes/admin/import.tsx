import { Link } from "react-router";
import type { Route } from "./+types/import.ts";

export const meta: Route.MetaFunction = () => [{ title: "Import — Admin" }, { name: "robots", content: "noindex" }];

// The Product Hunt import lands here in a later issue; until then the page says so, with no controls that do nothing.
export default function AdminImport() {
  return (
    <section aria-labelledby="import-title" className="max-w-2xl space-y-4">
      <h1 id="import-title" className="text-3xl font-bold">
        Import
      </h1>
      <p className="text-slate-800">
        Importing a tool from a product-launch URL (a Product Hunt post), and the daily automatic import of new launches, are not set up
        in this version.
      </p>
      <p className="text-slate-800">
        Until then, add tools by hand on the{" "}
        <Link to="/admin/add-tool" className="font-medium text-brand-700 underline underline-offset-4">
          Add Tool
        </Link>{" "}
        page.
      </p>
    </section>
  );
}
