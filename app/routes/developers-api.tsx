import { apiReference, type FieldView } from "../../server/api/reference.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/developers-api.ts";

// The JSON API's reference, drawn on the server from its OpenAPI document (server/api/reference.ts).

export function loader({ context }: Route.LoaderArgs) {
  return apiReference(context.get(servicesContextKey).config.siteUrl);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "JSON API reference", "Every endpoint of the public JSON API: parameters, answers and errors.");

/** An id for an element, from text: lower-case words joined by hyphens. */
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function Fields({ fields, caption }: { fields: FieldView[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="ref-table">
        <caption className="sr-only">{caption}</caption>
        <HeaderRow names={["Field", "Type", "Required", "Description"]} />
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row" className="font-mono font-normal">
                {field.name}
              </th>
              <td className="font-mono">{field.type}</td>
              <td>{field.required ? "yes" : "no"}</td>
              <td>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DevelopersApi({ loaderData }: Route.ComponentProps) {
  const { description, serverUrl, endpoints, schemas } = loaderData;
  return (
    <article className="mx-auto max-w-4xl">
      <p className="text-sm">
        <PageLink to="/developers">Developers</PageLink>
      </p>
      <h1 className="mt-2 text-3xl font-bold">JSON API reference</h1>
      <p className="mt-3 text-lg text-slate-700">{description}</p>
      <p className="mt-3">
        Base address: <code>{serverUrl}</code>. The same description, for tools and code generators:{" "}
        <a className="text-brand-700 underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>{" "}
        (OpenAPI 3.1).
      </p>
      <nav aria-labelledby="endpoints-heading" className="mt-6">
        <h2 id="endpoints-heading" className="text-xl font-semibold">
          Endpoints
        </h2>
        <ul className="mt-2 space-y-1">
          {endpoints.map((endpoint) => (
            <li key={`${endpoint.method} ${endpoint.path}`}>
              <a className="text-brand-700 underline" href={`#${anchor(`${endpoint.method} ${endpoint.path}`)}`}>
                <code>{`${endpoint.method} ${endpoint.path}`}</code>
              </a>{" "}
              — {endpoint.summary}
            </li>
          ))}
        </ul>
      </nav>
      {endpoints.map((endpoint) => {
        const id = anchor(`${endpoint.method} ${endpoint.path}`);
        return (
          <section key={id} aria-labelledby={id} className="ref-section mt-10 space-y-3">
            <h2 id={id} className="text-xl font-semibold">
              <code>{`${endpoint.method} ${endpoint.path}`}</code>
            </h2>
            <p className="font-medium">{endpoint.summary}</p>
            <p>{endpoint.description}</p>
            <h3 className="text-lg font-semibold">Parameters</h3>
            {endpoint.parameters.length === 0 ? (
              <p>None.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="ref-table">
                  <caption className="sr-only">{`Parameters of ${endpoint.method} ${endpoint.path}`}</caption>
                  <HeaderRow names={["Name", "In", "Required", "Type", "Description"]} />
                  <tbody>
                    {endpoint.parameters.map((parameter) => (
                      <tr key={`${parameter.in} ${parameter.name}`}>
                        <th scope="row" className="font-mono font-normal">
                          {parameter.name}
                        </th>
                        <td>{parameter.in}</td>
                        <td>{parameter.required ? "yes" : "no"}</td>
                        <td className="font-mono">{parameter.type}</td>
                        <td>{parameter.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <h3 className="text-lg font-semibold">Responses</h3>
            {endpoint.responses.map((response) => (
              <div key={response.status} className="space-y-2">
                <h4 className="font-semibold">
                  {response.status === "default" ? "Other errors" : response.status}
                  {response.contentType && (
                    <span className="font-normal text-slate-700">
                      {" "}
                      — <code>{response.contentType}</code>
                      {response.schema && (
                        <>
                          , <a href={`#schema-${anchor(response.schema)}`}>{response.schema}</a>
                        </>
                      )}
                    </span>
                  )}
                </h4>
                <p>{response.description}</p>
                {/* A named schema's fields are listed once, under Schemas, where its link leads. */}
                {response.fields.length > 0 && response.schema === null && (
                  <Fields
                    fields={response.fields}
                    caption={`Fields of the ${response.status} answer of ${endpoint.method} ${endpoint.path}`}
                  />
                )}
              </div>
            ))}
          </section>
        );
      })}
      <section aria-labelledby="schemas-heading" className="mt-12 space-y-6">
        <h2 id="schemas-heading" className="text-xl font-semibold">
          Schemas
        </h2>
        {schemas.map((schema) => (
          <section
            key={schema.name}
            aria-labelledby={`schema-${anchor(schema.name)}`}
            className="ref-section space-y-2"
          >
            <h3 id={`schema-${anchor(schema.name)}`} className="text-lg font-semibold">
              {schema.name}
            </h3>
            <Fields fields={schema.fields} caption={`Fields of ${schema.name}`} />
          </section>
        ))}
      </section>
    </article>
  );
}

/** A table's column headings. */
function HeaderRow({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
