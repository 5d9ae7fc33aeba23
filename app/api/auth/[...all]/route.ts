// /api/auth/* – better-auth's endpoints (sign-up/email, sign-in/email, sign-out, get-session…)
import { getAuth } from "@/lib/auth/auth";

export const dynamic = "force-dynamic";

async function handle(req: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(req);
}

export { handle as GET, handle as POST };
