// The small pieces of navigation every page kind shares: headings of the table of contents, previous / next
// links, breadcrumbs. Kept apart from types.ts so that the API reference's types can use them without a cycle.

export interface TocItem {
  id: string;
  /** Heading text as plain text. */
  value: string;
  level: number;
}

export interface NavLinkData {
  title: string;
  permalink: string;
}

export interface Breadcrumb {
  label: string;
  href?: string;
}
