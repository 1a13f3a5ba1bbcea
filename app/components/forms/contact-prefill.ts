import { serviceInterests } from "~/forms/fields.ts";

/** The contact form's fields a link can fill in. */
export type ContactPrefill = { serviceInterest?: string; message?: string };

/**
 * What a link to /contact fills in: `?interest=<pillar or service>` selects
 * the Area of Interest and `?course=<course id>` writes the message (the
 * course pages' "Request Corporate Rate" link). Anything unknown fills in
 * nothing.
 */
export function contactPrefill(search: string, courseTitles: Readonly<Record<string, string>>): ContactPrefill {
  const params = new URLSearchParams(search);
  const prefill: ContactPrefill = {};
  const interest = params.get("interest");
  if (interest && serviceInterests.some((s) => s.value === interest)) prefill.serviceInterest = interest;
  const courseId = params.get("course");
  const title = courseId && Object.hasOwn(courseTitles, courseId) ? courseTitles[courseId] : undefined;
  if (title) prefill.message = `I would like to ask about a corporate rate for ${title} for our team.`;
  return prefill;
}
