/** Where a lead stands with the team (client-safe: the inbox's filters and the lead page show them). */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "archived"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  archived: "Archived",
};

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (leadStatuses as readonly string[]).includes(value);
