import { ImportPanel } from "../../components/import-panel.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/index.ts";

// `/admin` (docs/design.md#admin-pages): the login when signed out (the layout's), then the Admin Tool Import panel.

export const meta: Route.MetaFunction = () => [
  { title: "Admin Tool Import — Admin" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { productHuntBaseUrl: context.get(servicesContextKey).config.productHunt.baseUrl };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <ImportPanel productHuntBaseUrl={loaderData.productHuntBaseUrl} headingLevel={1} />
      <p className="text-slate-700">
        Statistics and the manual Product Hunt import of new launches are on the{" "}
        <TextLink to="/admin/dashboard">dashboard</TextLink>.
      </p>
    </div>
  );
}
