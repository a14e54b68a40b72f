/** A page of a list as clients ask for it: `page` counts from 1. */
export interface Page {
  page: number;
  pageSize: number;
}

/** How many rows come before the page. */
export const offsetOf = ({ page, pageSize }: Page): number => (page - 1) * pageSize;
