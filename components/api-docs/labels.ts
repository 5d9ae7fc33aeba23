// The page's words, resolved once on the server and handed to its (synchronous) parts.
export interface ApiDocsLabels {
  required: string;
  optional: string;
  oneOf: string;
  items: string;
  orNull: string;
  anyValue: string;
  defaultValue: (value: string) => string;
  inPath: string;
  inQuery: string;
  parameters: string;
  requestBody: string;
  responses: string;
  errors: string;
  noBody: string;
  headers: string;
  whoMayCall: string;
  auth: { public: string; session: string; token: string };
}
