import { catalogue } from "~/content/index.server.ts";

/** GET /api/guides: the three free guides (spec section 7). */
export function loader() {
  return Response.json(
    {
      success: true,
      guides: catalogue.guides.map((g) => ({
        id: g.id,
        guideName: g.guideName,
        title: g.title,
        description: g.description,
        pages: g.pages,
      })),
    },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
