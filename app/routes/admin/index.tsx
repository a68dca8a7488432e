import { Link } from "react-router";
import { ImportPanel } from "../../components/import-panel.tsx";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/index.ts";

// `/admin` (spec §2): the login when signed out (the layout's), then the Admin Tool Import panel.

export const meta: Route.MetaFunction = () => [{ title: "Admin Tool Import — Admin" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  return { productHuntBaseUrl: context.get(servicesContextKey).config.productHunt.baseUrl };
}

const linkClass = "font-medium text-brand-700 underline underline-offset-4";

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <ImportPanel productHuntBaseUrl={loaderData.productHuntBaseUrl} headingLevel={1} />
      <p className="text-slate-700">
        Statistics and the manual Product Hunt import of new launches are on the{" "}
        <Link to="/admin/dashboard" className={linkClass}>
          dashboard
        </Link>
        .
      </p>
    </div>
  );
}
