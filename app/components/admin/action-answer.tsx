/**
 * What a back-office page's last action answered, at the top of the page:
 * its confirmation (announced) or its error.
 */
import type { ReactNode } from "react";
import { FormAlert } from "~/components/forms/field.tsx";
import { Notice } from "./staff-ui.tsx";

export function ActionAnswer({ answer }: { answer: { done?: ReactNode } | { error?: string } | undefined }) {
  return (
    <>
      <Notice>{answer && "done" in answer ? answer.done : undefined}</Notice>
      <FormAlert message={answer && "error" in answer ? answer.error : undefined} className="mb-6" />
    </>
  );
}
