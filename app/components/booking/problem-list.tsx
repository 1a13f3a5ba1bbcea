/**
 * The list of what is wrong with a booking-side form the server answered
 * (the booking form, the waiting-list form): each field's message as a link
 * to its field, under "There is a problem", announced as an alert. Rendered
 * by the server from the action's answer, so it works before React arrives.
 */
import { fieldId } from "~/components/forms/field.tsx";

export function ProblemList({
  formId,
  errors,
  heading: Heading,
  className,
}: {
  formId: string;
  errors: Record<string, string>;
  /** The heading's level where the form sits. */
  heading: "h2" | "h3";
  className: string;
}) {
  const list = Object.entries(errors);
  if (list.length === 0) return null;
  const titleId = `${formId}-errors-title`;
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className={`${className} rounded-md border border-red-700 bg-red-50 p-4`}
    >
      <Heading id={titleId} className="font-bold text-red-900">
        There is a problem
      </Heading>
      <ul className="mt-2 list-disc pl-5 text-red-900">
        {list.map(([name, message]) => (
          <li key={name}>
            <a className="underline" href={`#${fieldId(formId, name)}`}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
