/**
 * Analytics event helper (spec section 7): when the page has a global
 * analytics function (gtag), send the event's category, action, label and
 * value to it; otherwise do nothing. The site itself loads no analytics tag.
 */
export type AnalyticsEvent = {
  category: string;
  action: string;
  label?: string;
  value?: number;
};

type Gtag = (command: "event", action: string, params: Record<string, unknown>) => void;

export function trackEvent({ category, action, label, value }: AnalyticsEvent): boolean {
  if (typeof window === "undefined") return false;
  const gtag = (window as unknown as { gtag?: unknown }).gtag;
  if (typeof gtag !== "function") return false;
  const params: Record<string, unknown> = { event_category: category };
  if (label !== undefined) params.event_label = label;
  if (value !== undefined) params.value = value;
  (gtag as Gtag)("event", action, params);
  return true;
}
