/**
 * A CSV file one page hands to the CSV Orders page (the Amazon generator's output), kept in memory for
 * the next visit only: features never import each other, so the hand-over lives here.
 */
let pending: File | null = null;

export const handOffCsv = (file: File): void => {
  pending = file;
};

/** The handed-over file, once; later visits start empty. */
export const takeHandedOffCsv = (): File | null => {
  const file = pending;
  pending = null;
  return file;
};
