/** How the content editor names an item's state. */
export const statusLabels = {
  draft: "Draft (never published)",
  live: "On the site",
  unpublished: "Unpublished",
} as const;
