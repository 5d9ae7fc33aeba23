import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ApiDocsLabels } from "@/components/api-docs/labels";
import { MethodBadge, OperationView, operationAnchor } from "@/components/api-docs/operation-view";
import { InlineText, SchemaView, schemaAnchor, type JsonSchema } from "@/components/api-docs/schema-view";
import { errorStatus, type ErrorCode } from "@/lib/errors";
import { ERROR_MEANINGS } from "@/lib/openapi/error-schema";
import { openApiDocument } from "@/lib/openapi/document";

// The API reference, rendered on the server from the generated OpenAPI document
// (/api/openapi.json): no client script of its own, no CDN, nothing the page CSP forbids.
// Public, like the document. Rendered per request, so Next's scripts carry this request's nonce.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("apiDocs");
  return { title: t("title") };
}

type Json = { [key: string]: unknown };
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const h2Class = "scroll-mt-6 text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50";
const linkClass = "text-indigo-700 underline hover:text-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200";

export default async function ApiDocsPage() {
  const t = await getTranslations("apiDocs");
  const document = openApiDocument() as unknown as Json;
  const labels: ApiDocsLabels = {
    required: t("required"),
    optional: t("optional"),
    oneOf: t("oneOf"),
    items: t("items"),
    orNull: t("orNull"),
    anyValue: t("anyValue"),
    defaultValue: (value) => t("defaultValue", { value }),
    inPath: t("inPath"),
    inQuery: t("inQuery"),
    parameters: t("parameters"),
    requestBody: t("requestBody"),
    responses: t("responses"),
    errors: t("errors"),
    noBody: t("noBody"),
    headers: t("headers"),
    whoMayCall: t("whoMayCall"),
    auth: { public: t("authPublic"), session: t("authSession"), token: t("authToken") },
  };
  const info = document.info as Json;
  const tags = (document.tags ?? []) as { name: string; description?: string }[];
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Json })),
  );
  const components = (document.components ?? {}) as Json;
  const securitySchemes = (components.securitySchemes ?? {}) as Record<string, Json>;
  const schemas = (components.schemas ?? {}) as Record<string, JsonSchema>;
  const tagAnchor = (name: string) => `tag-${name.toLowerCase().replace(/\W+/g, "-")}`;

  return (
    <main className="min-h-dvh bg-zinc-50 dark:bg-zinc-950" data-testid="api-docs">
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 lg:px-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("title")}</h1>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
          <p lang="en" className="text-sm text-zinc-600 dark:text-zinc-400">
            <InlineText text={String(info.description ?? "")} />
          </p>
          <p className="text-sm">
            <a href="/api/openapi.json" className={linkClass} data-testid="api-docs-json">
              {t("openapiLink")}
            </a>{" "}
            <span className="text-zinc-600 dark:text-zinc-400">
              · {String(document.openapi)} · v{String(info.version)}
            </span>
          </p>
        </header>

        <nav
          aria-labelledby="api-docs-contents"
          className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="api-docs-contents" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {t("contents")}
          </h2>
          <ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <li>
              <a href="#authentication" className={linkClass}>
                {t("authentication")}
              </a>
            </li>
            <li>
              <a href="#errors" className={linkClass}>
                {t("errors")}
              </a>
            </li>
            {tags.map((tag) => (
              <li key={tag.name}>
                <a href={`#${tagAnchor(tag.name)}`} className={linkClass}>
                  {tag.name}
                </a>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  (
                  {t("operationCount", {
                    count: operations.filter((o) => (o.operation.tags as string[])?.includes(tag.name)).length,
                  })}
                  )
                </span>
              </li>
            ))}
            <li>
              <a href="#schemas" className={linkClass}>
                {t("schemas")}
              </a>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="authentication" className="flex flex-col gap-3">
          <h2 id="authentication" className={h2Class}>
            {t("authentication")}
          </h2>
          <dl className="flex flex-col gap-3">
            {Object.entries(securitySchemes).map(([name, scheme]) => (
              <div
                key={name}
                className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              >
                <dt className="font-mono text-sm font-semibold text-zinc-900 dark:text-zinc-50">{name}</dt>
                <dd className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                  <code className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
                    {scheme.type === "http" ? `Authorization: Bearer <token>` : `Cookie: ${String(scheme.name)}`}
                  </code>
                  <p lang="en" className="mt-1">
                    <InlineText text={String(scheme.description ?? "")} />
                  </p>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="errors" className="flex flex-col gap-3">
          <h2 id="errors" className={h2Class}>
            {t("errors")}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t("errorsIntro")}{" "}
            <a href={`#${schemaAnchor("Error")}`} className={linkClass}>
              Error
            </a>
          </p>
          <table
            className="w-full border-collapse overflow-hidden rounded-xl bg-white text-left text-sm dark:bg-zinc-900"
            data-testid="api-docs-errors"
          >
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className="px-3 py-2 font-semibold text-zinc-900 dark:text-zinc-50">
                  {t("code")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-zinc-900 dark:text-zinc-50">
                  {t("status")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-zinc-900 dark:text-zinc-50">
                  {t("meaning")}
                </th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(errorStatus) as ErrorCode[]).map((code) => (
                <tr key={code} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  <td className="px-3 py-2 font-mono text-[0.8125rem] break-all text-zinc-900 dark:text-zinc-100">
                    {code}
                  </td>
                  <td className="px-3 py-2 font-mono text-zinc-800 dark:text-zinc-200">{errorStatus[code]}</td>
                  <td lang="en" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">
                    <InlineText text={ERROR_MEANINGS[code]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        {tags.map((tag) => {
          const tagged = operations.filter((o) => (o.operation.tags as string[] | undefined)?.includes(tag.name));
          return (
            <section
              key={tag.name}
              aria-labelledby={tagAnchor(tag.name)}
              className="flex flex-col gap-4"
              data-testid="api-tag"
            >
              <div>
                <h2 id={tagAnchor(tag.name)} className={h2Class}>
                  {tag.name}
                </h2>
                {tag.description ? (
                  <p lang="en" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                    {tag.description}
                  </p>
                ) : null}
                <ul className="mt-3 flex flex-col gap-1">
                  {tagged.map(({ path, method, operation }) => (
                    <li key={`${method} ${path}`} className="flex items-center gap-2 text-sm">
                      <MethodBadge method={method} />
                      <a
                        href={`#${operationAnchor(String(operation.operationId))}`}
                        className={`${linkClass} font-mono break-all`}
                      >
                        {path}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
              {tagged.map(({ path, method, operation }) => (
                <OperationView
                  key={`${method} ${path}`}
                  method={method}
                  path={path}
                  operation={operation}
                  labels={labels}
                />
              ))}
            </section>
          );
        })}

        <section aria-labelledby="schemas" className="flex flex-col gap-4">
          <div>
            <h2 id="schemas" className={h2Class}>
              {t("schemas")}
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("schemasIntro")}</p>
          </div>
          {Object.entries(schemas).map(([name, schema]) => (
            <article
              key={name}
              id={schemaAnchor(name)}
              aria-labelledby={`${schemaAnchor(name)}-title`}
              className="scroll-mt-6 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <h3
                id={`${schemaAnchor(name)}-title`}
                className="font-mono text-sm font-semibold text-zinc-900 dark:text-zinc-50"
              >
                {name}
              </h3>
              <div className="mt-2">
                <SchemaView schema={schema} labels={labels} />
              </div>
            </article>
          ))}
        </section>
      </div>
    </main>
  );
}
