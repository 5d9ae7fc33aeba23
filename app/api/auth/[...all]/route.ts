// /api/auth/* – better-auth's endpoints (sign-up/email, sign-in/email, sign-out, get-session…)
import { getAuth } from "@/lib/auth/auth";
import { handleAuthRequest } from "@/lib/auth/auth-request";

export const dynamic = "force-dynamic";

async function handle(req: Request): Promise<Response> {
  return handleAuthRequest(await getAuth(), req);
}

export { handle as GET, handle as POST };
