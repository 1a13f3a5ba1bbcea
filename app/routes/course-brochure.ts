import { data } from "react-router";
import { getCourse, getPillar, getTrainer } from "~/content/index.server.ts";
import { courseBrochurePdf } from "~/pdf/brochure.server.ts";
import type { Route } from "./+types/course-brochure";

/** GET /courses/{id}/brochure.pdf: the course's brochure, built from its data. */
export async function loader({ params }: Route.LoaderArgs) {
  const course = getCourse(params.courseId);
  if (!course) throw data("No such course", { status: 404 });
  const pdf = await courseBrochurePdf({
    course,
    pillarTitles: course.pillars.map((id) => getPillar(id)!.title),
    instructors: course.instructorIds.map((id) => getTrainer(id)!),
  });
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${course.id}-brochure.pdf"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
