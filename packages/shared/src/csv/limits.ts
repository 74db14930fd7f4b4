/** Upload caps for bulk CSV files (docs/decisions/050-csv-limits.md); the page shows them before upload. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
/** Validation answers list at most this many row problems, then say how many more there are. */
export const CSV_MAX_REPORTED_ERRORS = 500;
