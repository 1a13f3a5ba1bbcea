import { data, type ActionFunctionArgs } from "react-router";
import type { FormKind } from "~/forms/schemas.ts";
import { formAction } from "~/leads/form-action.server.ts";

/**
 * The action of a page with one form per card (the home page's guides, the
 * resources page's webinars): the answer names the card (`formId`, the
 * posted `cardField`), so the page re-rendered without JavaScript shows it
 * on the right card.
 */
export async function cardFormAction(kind: FormKind, cardField: string, args: ActionFunctionArgs) {
  const form = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const cardId = form?.get(cardField);
  const answer = await formAction(kind, args);
  return data(
    { ...answer.data, formId: typeof cardId === "string" ? cardId.slice(0, 100) : "" },
    answer.init ?? undefined,
  );
}
