export function rejectRawPath(
  rawUrl: string,
): { status: 400 | 404; code: "bad_request" | "not_found"; message: string } | null;
