/**
 * One rule for every paged list (decision 301): page 1 starts at row 0, and an empty list is one
 * empty page, so `totalPages` is never 0 and the page navigator always reads "1 of 1" or more.
 */
export const pageOffset = (page: number, pageSize: number): number => (page - 1) * pageSize;

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
