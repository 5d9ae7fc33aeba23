import { createFolderBody } from "@/lib/api-schemas/folders";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { createFolder } from "@/lib/folders/create-folder";
import { listFolders } from "@/lib/folders/list-folders";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/folders – every folder of the shelf, in path order
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ folders: await listFolders({ userId: user.id, projectId: params.id }) }),
);

// POST /api/projects/{id}/folders – a new folder at the root or under a parent
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, createFolderBody);
  const folder = await createFolder({ userId: user.id, projectId: params.id, ...body });
  return Response.json({ folder }, { status: 201 });
});
