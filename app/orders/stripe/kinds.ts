/**
 * The order kinds paid by card through Stripe: the registry, one line per
 * kind (docs/decisions/068-one-stripe-module.md). A kind's name is what its
 * PaymentIntents carry as `metadata.order_kind` (beside `order_id`), and what
 * the webhook router (./router.server.ts) dispatches on; `legacyKey` is the
 * metadata key that named its order before `order_kind` existed, so an event
 * about a PaymentIntent created before still finds its order. A kind's
 * handler (./handler.ts) is handed to the router where the server builds
 * the services (server/services.ts); the type asks for one per kind here.
 */
export const paidKinds = {
  consultation: { legacyKey: "booking_id" },
  "course-booking": { legacyKey: "course_booking_id" },
} as const satisfies Record<string, { legacyKey?: string }>;

export type PaidKindName = keyof typeof paidKinds;

/** An order paid through Stripe: its kind and its id. */
export type OrderRef = { kind: PaidKindName; id: string };

type Metadata = Readonly<Record<string, string>> | null | undefined;

export const isPaidKind = (name: string): name is PaidKindName => Object.hasOwn(paidKinds, name);

/**
 * What a new PaymentIntent (or refund) of `ref` carries: `order_kind` and
 * `order_id`, and the kind's key from before, so that the release before
 * this one, were it rolled back to, still recognises the payment.
 */
export function orderMetadata(ref: OrderRef): Record<string, string> {
  const legacy: string | undefined = (paidKinds[ref.kind] as { legacyKey?: string }).legacyKey;
  return { order_kind: ref.kind, order_id: ref.id, ...(legacy ? { [legacy]: ref.id } : {}) };
}

/** The order a PaymentIntent's metadata names: `order_kind` + `order_id`, else a kind's key from before; null: none of ours. */
export function orderOf(metadata: Metadata): OrderRef | null {
  if (!metadata) return null;
  const kind = metadata.order_kind;
  if (kind !== undefined) return isPaidKind(kind) && metadata.order_id ? { kind, id: metadata.order_id } : null;
  for (const [name, declared] of Object.entries(paidKinds) as [PaidKindName, { legacyKey?: string }][]) {
    const id = declared.legacyKey ? metadata[declared.legacyKey] : undefined;
    if (id) return { kind: name, id };
  }
  return null;
}
