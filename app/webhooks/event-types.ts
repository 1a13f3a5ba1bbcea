/**
 * The events the site sends to the team's webhook endpoints
 * (docs/decisions/030-outgoing-webhooks.md). Client-safe: the back office's
 * endpoint form lists them.
 */
export const webhookEventTypes = [
  "lead.created",
  "lead.updated",
  "booking.created",
  "booking.paid",
  "booking.changed",
  "booking.cancelled",
  "subscriber.confirmed",
  "subscriber.unsubscribed",
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "lead.created": "A new lead of any kind (enquiry, guide, download, newsletter sign-up, webinar, booking started)",
  "lead.updated": "A lead's status or owner changed in the back office",
  "booking.created": "A place on a course was booked (held for a card payment, or invoiced)",
  "booking.paid": "A consultation or a course booking was paid",
  "booking.changed":
    "A course booking's place was named or passed to a substitute, or the booking moved to another date, by the team or the booker",
  "booking.cancelled": "A course booking was cancelled (with what was credited and is to be refunded)",
  "subscriber.confirmed": "A newsletter subscription was confirmed",
  "subscriber.unsubscribed": "A newsletter subscriber unsubscribed",
};

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  webhookEventTypes.includes(value as WebhookEventType);

/** Where a delivery stands, as the back office shows it. */
export const deliveryStates = ["pending", "failing", "delivered", "dead"] as const;
export type DeliveryState = (typeof deliveryStates)[number];
