import { authedRoute, noContent } from "@/lib/endpoints/route";
import { deleteToken } from "@/lib/tokens/delete-token";

export const dynamic = "force-dynamic";

// DELETE /api/tokens/{id} – revoke a token at once; session only
export const DELETE = authedRoute<{ id: string }>(async ({ user, params }) => {
  await deleteToken({ userId: user.id, tokenId: params.id });
  return noContent();
});
