/** The states of an unsent e-mail the back office shows (client-safe). */
export type OutboxState = "waiting" | "failing" | "given-up";
export const outboxStates: readonly OutboxState[] = ["waiting", "failing", "given-up"];
