import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { DEFAULT_LABEL_LAYOUT, type LabelLayout } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { LabelLayoutControl } from '../../../components/label-layout-control';
import type { OrderSelection } from '../hooks/use-order-selection';

type SelectionBarProps = {
  selection: OrderSelection;
  total: number;
  search: string;
  isDownloading: boolean;
  onDownload: (layout: LabelLayout) => void;
};

/** What is selected, "select every match", the paper (4x6 thermal or Letter desk) and Download selected. */
export function SelectionBar({ selection, total, search, isDownloading, onDownload }: SelectionBarProps) {
  const [layout, setLayout] = useState<LabelLayout>(DEFAULT_LABEL_LAYOUT);
  if (selection.count === 0 && !selection.isAllMatching) return null;
  const count = selection.isAllMatching ? total : selection.count;
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0" role="region" aria-label="Selected orders">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {count === 1 ? '1 order selected' : `${count.toLocaleString('en-US')} orders selected`}
          </Text>
          {search && !selection.isAllMatching && selection.pageState === 'all' && total > selection.count && (
            <Anchor component="button" type="button" size="sm" onClick={selection.selectAllMatching}>
              Select all {total.toLocaleString('en-US')} matching “{search}”
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" onClick={selection.clear}>
            Clear
          </Anchor>
        </Group>
        <Group gap="xs">
          <LabelLayoutControl value={layout} onChange={setLayout} />
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={isDownloading}
            onClick={() => onDownload(layout)}
          >
            Download selected
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
