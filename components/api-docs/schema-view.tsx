import type { ReactNode } from "react";
import type { ApiDocsLabels } from "./labels";

// A JSON Schema (OpenAPI 3.1) as nested lists: each property with its type, whether it is
// required, its limits and its description; a $ref links to the named schema further down.

export type JsonSchema = { [key: string]: unknown };

const MAX_DEPTH = 6;

export const schemaAnchor = (name: string) => `schema-${name}`;

const codeClass =
  "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200";

/** Text with `code` spans, as the document's descriptions write them. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className={codeClass}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice(21) : null;
}

function asSchemas(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as JsonSchema[]) : [];
}

/** `{anyOf: [X, {type: "null"}]}` → X, nullable. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const options = asSchemas(schema.anyOf ?? schema.oneOf);
  if (options.length === 2) {
    const nonNull = options.filter((option) => option.type !== "null");
    if (nonNull.length === 1)
      return { schema: { ...schema, anyOf: undefined, oneOf: undefined, ...nonNull[0] }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = schema.type.filter((type) => type !== "null");
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

function constraintsOf(schema: JsonSchema, labels: ApiDocsLabels): string[] {
  const out: string[] = [];
  // JSON Schema's own keywords: the same words in every language.
  for (const key of ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"]) {
    const value = schema[key];
    // The largest safe integer is zod's bound on every integer, not a limit worth reading.
    if (typeof value === "number" && Math.abs(value) !== Number.MAX_SAFE_INTEGER) out.push(`${key}: ${value}`);
  }
  if (typeof schema.format === "string") out.push(schema.format);
  if (typeof schema.contentMediaType === "string") out.push(schema.contentMediaType);
  if (schema.default !== undefined) out.push(labels.defaultValue(JSON.stringify(schema.default)));
  return out;
}

/** A one-line type: `string`, `integer`, `"a" | "b"`, `true`, a linked schema name. */
function TypeLabel({ schema }: { schema: JsonSchema }) {
  const name = refName(schema);
  if (name)
    return (
      <a
        href={`#${schemaAnchor(name)}`}
        className="font-mono text-[0.8125rem] text-indigo-700 underline dark:text-indigo-300"
      >
        {name}
      </a>
    );
  let text: string;
  if (schema.const !== undefined) text = JSON.stringify(schema.const);
  else if (Array.isArray(schema.enum)) text = schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  else if (Array.isArray(schema.type)) text = schema.type.join(" | ");
  else if (typeof schema.type === "string") text = schema.type;
  else if (schema.anyOf || schema.oneOf) text = "union";
  else text = "any";
  return <code className={codeClass}>{text}</code>;
}

export function SchemaView({
  schema,
  labels,
  depth = 0,
}: {
  schema: JsonSchema;
  labels: ApiDocsLabels;
  depth?: number;
}) {
  const { schema: inner, nullable } = unwrapNullable(schema);
  return (
    <div className="text-sm">
      <SchemaLine schema={inner} nullable={nullable} labels={labels} />
      <SchemaChildren schema={inner} labels={labels} depth={depth} />
    </div>
  );
}

function SchemaLine({ schema, nullable, labels }: { schema: JsonSchema; nullable: boolean; labels: ApiDocsLabels }) {
  const constraints = constraintsOf(schema, labels);
  const description = typeof schema.description === "string" ? schema.description : null;
  if (!refName(schema) && schema.type === "object" && !constraints.length && !description && !nullable) return null;
  if (!refName(schema) && Object.keys(schema).length === 0)
    return <span className="text-zinc-600 dark:text-zinc-400">{labels.anyValue}</span>;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-zinc-700 dark:text-zinc-300">
      <TypeLabel schema={schema} />
      {nullable ? <span className="text-zinc-600 dark:text-zinc-400">{labels.orNull}</span> : null}
      {constraints.map((constraint) => (
        <span key={constraint} className="text-xs text-zinc-600 dark:text-zinc-400">
          {constraint}
        </span>
      ))}
      {description ? (
        <span lang="en">
          <InlineText text={description} />
        </span>
      ) : null}
    </p>
  );
}

function SchemaChildren({
  schema,
  labels,
  depth,
}: {
  schema: JsonSchema;
  labels: ApiDocsLabels;
  depth: number;
}): ReactNode {
  if (refName(schema) || depth >= MAX_DEPTH) return null;
  const properties =
    schema.properties && typeof schema.properties === "object"
      ? (schema.properties as Record<string, JsonSchema>)
      : null;
  if (properties && Object.keys(properties).length) {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    return (
      <ul className="mt-1 flex flex-col gap-2 border-l border-zinc-200 pl-3 dark:border-zinc-700">
        {Object.entries(properties).map(([name, property]) => (
          <li key={name}>
            <span className="mr-2 font-mono text-[0.8125rem] font-semibold text-zinc-900 dark:text-zinc-100">
              {name}
            </span>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {required.has(name) ? labels.required : labels.optional}
            </span>
            <SchemaView schema={property} labels={labels} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  if (schema.type === "array" && schema.items && typeof schema.items === "object") {
    const items = schema.items as JsonSchema;
    return (
      <div className="mt-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{labels.items}</span>
        <SchemaView schema={items} labels={labels} depth={depth + 1} />
      </div>
    );
  }
  if (Array.isArray(schema.prefixItems)) {
    return (
      <ol className="mt-1 flex flex-col gap-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
        {asSchemas(schema.prefixItems).map((item, index) => (
          <li key={index}>
            <SchemaView schema={item} labels={labels} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const options = asSchemas(schema.oneOf ?? schema.anyOf);
  if (options.length) {
    return (
      <div className="mt-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{labels.oneOf}</span>
        <ul className="flex flex-col gap-2">
          {options.map((option, index) => (
            <li key={index}>
              <SchemaView schema={option} labels={labels} depth={depth + 1} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return null;
}
