import { Anchor, Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { LabelLayout } from '../api/download-selected';
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
  const [layout, setLayout] = useState<LabelLayout>('4x6');
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
          <SegmentedControl
            size="xs"
            value={layout}
            onChange={(value) => setLayout(value as LabelLayout)}
            aria-label="Paper"
            data={[
              { value: '4x6', label: '4x6 (thermal)' },
              { value: 'letter', label: 'Letter (2 a page)' },
            ]}
          />
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
