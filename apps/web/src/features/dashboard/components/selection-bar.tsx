import { Anchor, Checkbox, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconFileCheck, IconPrinter } from '@tabler/icons-react';
import { LabelFormatPicker } from '../../../components/label-format-picker';
import type { LabelFileChoice } from '../../../lib/label-format';
import type { OrderSelection } from '../hooks/use-order-selection';
import { ActionButton } from '../../../components/action-button';

type SelectionBarProps = {
  selection: OrderSelection;
  total: number;
  search: string;
  isDownloading: boolean;
  labelFile: LabelFileChoice;
  onLabelFile: (choice: LabelFileChoice) => void;
  /** "Labels with slips": each label followed by its packing slip (decision 330). */
  withSlips: boolean;
  onWithSlips: (withSlips: boolean) => void;
  /** `isPrint`: ZPL to a local Zebra printer (Zebra Browser Print), else saved as a file. */
  onDownload: (isPrint: boolean) => void;
  /** One SCAN form of the labels picked (issue 46); offered while the picked labels are named one by one. */
  onScanForm?: () => void;
  isMakingScanForm?: boolean;
};

/**
 * What is selected, "select every match", the label format, "Labels with slips", Download selected and
 * (ZPL) Print.
 */
export function SelectionBar({
  selection,
  total,
  search,
  isDownloading,
  labelFile,
  onLabelFile,
  withSlips,
  onWithSlips,
  onDownload,
  onScanForm,
  isMakingScanForm = false,
}: SelectionBarProps) {
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
        <Group gap="xs" wrap="wrap">
          <Checkbox
            size="xs"
            label="Labels with slips"
            description={labelFile.format === 'png' ? 'PDF, Letter or ZPL' : undefined}
            disabled={labelFile.format === 'png'}
            checked={withSlips && labelFile.format !== 'png'}
            onChange={(event) => onWithSlips(event.currentTarget.checked)}
          />
          <LabelFormatPicker
            aria-label="Format of selected labels"
            value={labelFile}
            onChange={onLabelFile}
          />
          <ActionButton icon={IconDownload} loading={isDownloading} onClick={() => onDownload(false)}>
            Download selected
          </ActionButton>
          {onScanForm && !selection.isAllMatching && (
            <ActionButton
              variant="light"
              icon={IconFileCheck}
              loading={isMakingScanForm}
              onClick={onScanForm}
            >
              Create SCAN form
            </ActionButton>
          )}
          {labelFile.format === 'zpl' && (
            <ActionButton
              variant="light"
              icon={IconPrinter}
              loading={isDownloading}
              onClick={() => onDownload(true)}
            >
              Print
            </ActionButton>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
