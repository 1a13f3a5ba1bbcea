const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "24/11/2026, 10:15": what a spreadsheet in the UK reads as a date and time (CSV exports); "" for none. */
export const spreadsheetTime = (iso: string | null) => (iso ? london.format(new Date(iso)) : "");
