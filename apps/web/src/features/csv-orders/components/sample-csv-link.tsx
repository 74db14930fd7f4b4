import { Anchor, Group } from '@mantine/core';
import { SAMPLE_CSV, SAMPLE_CSV_FILENAME } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';

// Built in the page: the sample is the shared header plus two orders, no server call needed.
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/** "Download Sample CSV" (spec section 2): the column header resellers know, with two filled-in orders. */
export function SampleCsvLink() {
  return (
    <Anchor href={SAMPLE_HREF} download={SAMPLE_CSV_FILENAME} size="sm" fw={600}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconDownload size={16} aria-hidden />
        Download Sample CSV
      </Group>
    </Anchor>
  );
}
