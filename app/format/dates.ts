/** Dates shown to visitors, in London time and British style. */
const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});
const dayTime = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
  timeZoneName: "short",
});

export const formatDate = (iso: string) => day.format(new Date(iso));
export const formatDateTime = (iso: string) => dayTime.format(new Date(iso));
