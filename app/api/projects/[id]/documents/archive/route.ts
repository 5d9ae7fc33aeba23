import { tokenRoute } from "@/lib/endpoints/route";
import { uploadShelfArchive } from "@/lib/portable/upload-shelf-archive";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/documents/archive – land a .zip on the shelf file by file, into matching folders
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) =>
  Response.json(await uploadShelfArchive({ userId: user.id, projectId: params.id, req }), { status: 201 }),
);
