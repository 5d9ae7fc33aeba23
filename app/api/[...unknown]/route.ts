import { authedRoute } from "@/lib/endpoints/route";
import { notFound } from "@/lib/errors";

export const dynamic = "force-dynamic";

// Any other /api path: 401 without a session, else a JSON 404 (never Next's HTML page).
const unknownRoute = authedRoute<{ unknown: string[] }>(async () => {
  throw notFound();
});

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PATCH,
  unknownRoute as PUT,
  unknownRoute as DELETE,
};
