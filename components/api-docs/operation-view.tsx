import type { ApiDocsLabels } from "./labels";
import { InlineText, refName, SchemaView, schemaAnchor, type JsonSchema } from "./schema-view";

// One operation of the OpenAPI document: method and path, summary, who may call it, its
// parameters, request body, success responses and errors.

type Json = { [key: string]: unknown };

export const operationAnchor = (operationId: string) => `op-${operationId}`;

const METHOD_TONES: Record<string, string> = {
  get: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30",
  post: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  patch: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
  put: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
  delete: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-xs font-semibold uppercase ring-1 ring-inset ${METHOD_TONES[method] ?? METHOD_TONES.get}`}
    >
      {method}
    </span>
  );
}

const sectionTitle = "text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400";

function authLabel(security: unknown, labels: ApiDocsLabels): string {
  const schemes = Array.isArray(security) ? security.flatMap((requirement) => Object.keys(requirement as Json)) : [];
  if (schemes.includes("bearerToken")) return labels.auth.token;
  if (schemes.includes("sessionCookie")) return labels.auth.session;
  return labels.auth.public;
}

function isErrorResponse(response: Json): boolean {
  const name = errorSchemaName(response);
  return name === "Error" || name === "AuthError";
}

function errorSchemaName(response: Json): string | null {
  const content = response.content as Record<string, { schema?: JsonSchema }> | undefined;
  const schema = content ? Object.values(content)[0]?.schema : undefined;
  return schema ? refName(schema) : null;
}

function ErrorSchemaLink({ response }: { response: Json }) {
  const name = errorSchemaName(response);
  return name ? (
    <a href={`#${schemaAnchor(name)}`} className="font-mono text-xs text-indigo-700 underline dark:text-indigo-300">
      {name}
    </a>
  ) : null;
}

function MediaList({ content, labels }: { content: Json | undefined; labels: ApiDocsLabels }) {
  if (!content || Object.keys(content).length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{labels.noBody}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {Object.entries(content as Record<string, { schema?: JsonSchema }>).map(([type, media]) => (
        <li key={type} className="flex flex-col gap-1">
          <code className="w-fit font-mono text-xs text-zinc-600 dark:text-zinc-400">{type}</code>
          {media.schema ? <SchemaView schema={media.schema} labels={labels} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function OperationView({
  method,
  path,
  operation,
  labels,
}: {
  method: string;
  path: string;
  operation: Json;
  labels: ApiDocsLabels;
}) {
  const id = operationAnchor(String(operation.operationId));
  const parameters = (operation.parameters ?? []) as Json[];
  const requestBody = operation.requestBody as Json | undefined;
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
  const successes = responses.filter(([, response]) => !isErrorResponse(response));
  const errors = responses.filter(([, response]) => isErrorResponse(response));
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="api-operation"
    >
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-3">
        <MethodBadge method={method} />{" "}
        <span className="font-mono text-sm font-semibold break-all text-zinc-900 dark:text-zinc-50">{path}</span>
      </h3>
      <p lang="en" className="mt-2 text-sm text-zinc-800 first-letter:uppercase dark:text-zinc-200">
        <InlineText text={String(operation.summary ?? "")} />
      </p>
      {typeof operation.description === "string" ? (
        <p lang="en" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          <InlineText text={operation.description} />
        </p>
      ) : null}
      <dl className="mt-4 flex flex-col gap-4">
        <div>
          <dt className={sectionTitle}>{labels.whoMayCall}</dt>
          <dd className="mt-1 text-sm text-zinc-800 dark:text-zinc-200" data-testid="api-operation-auth">
            {authLabel(operation.security, labels)}
          </dd>
        </div>
        {parameters.length ? (
          <div>
            <dt className={sectionTitle}>{labels.parameters}</dt>
            <dd className="mt-1">
              <ul className="flex flex-col gap-2">
                {parameters.map((parameter) => (
                  <li key={`${parameter.in}-${parameter.name}`}>
                    <span className="mr-2 font-mono text-[0.8125rem] font-semibold text-zinc-900 dark:text-zinc-100">
                      {String(parameter.name)}
                    </span>
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      {parameter.in === "path" ? labels.inPath : labels.inQuery} ·{" "}
                      {parameter.required ? labels.required : labels.optional}
                    </span>
                    <SchemaView
                      schema={{
                        ...(parameter.schema as JsonSchema),
                        description: parameter.description ?? (parameter.schema as JsonSchema)?.description,
                      }}
                      labels={labels}
                    />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {requestBody ? (
          <div>
            <dt className={sectionTitle}>{labels.requestBody}</dt>
            <dd className="mt-1 flex flex-col gap-1">
              {typeof requestBody.description === "string" ? (
                <p lang="en" className="text-sm text-zinc-600 dark:text-zinc-400">
                  <InlineText text={requestBody.description} />
                </p>
              ) : null}
              <MediaList content={requestBody.content as Json} labels={labels} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt className={sectionTitle}>{labels.responses}</dt>
          <dd className="mt-1">
            <ul className="flex flex-col gap-3">
              {successes.map(([status, response]) => (
                <li key={status} className="flex flex-col gap-1">
                  <p className="text-sm">
                    <span className="mr-2 font-mono font-semibold text-emerald-800 dark:text-emerald-300">
                      {status}
                    </span>
                    <span lang="en" className="text-zinc-700 dark:text-zinc-300">
                      <InlineText text={String(response.description ?? "")} />
                    </span>
                  </p>
                  {response.headers ? (
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {labels.headers}:{" "}
                      {Object.keys(response.headers as Json).map((name) => (
                        <code key={name} className="mr-2 font-mono">
                          {name}
                        </code>
                      ))}
                    </p>
                  ) : null}
                  {response.content ? <MediaList content={response.content as Json} labels={labels} /> : null}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {errors.length ? (
          <div>
            <dt className={sectionTitle}>{labels.errors}</dt>
            <dd className="mt-1">
              <ul className="flex flex-col gap-1" data-testid="api-operation-errors">
                {errors.map(([status, response]) => (
                  <li key={status} className="text-sm">
                    <span className="mr-2 font-mono font-semibold text-red-800 dark:text-red-300">{status}</span>
                    <span lang="en" className="text-zinc-700 dark:text-zinc-300">
                      <InlineText text={String(response.description ?? "")} />
                    </span>{" "}
                    <ErrorSchemaLink response={response} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
