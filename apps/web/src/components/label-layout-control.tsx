import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { labelLayout, type LabelLayout } from '@portal/shared';

const OPTIONS: Array<{ value: LabelLayout; label: string }> = [
  { value: '4x6', label: '4x6 (thermal)' },
  { value: 'letter', label: 'Letter (2 a page)' },
];

type LabelLayoutControlProps = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  value: LabelLayout;
  onChange: (layout: LabelLayout) => void;
  /** The accessible name of the choice. */
  label?: string;
};

/** The paper of a merged label PDF, the same choice wherever one is downloaded (dashboard selection, bulk order). */
export function LabelLayoutControl({ value, onChange, label = 'Paper', ...props }: LabelLayoutControlProps) {
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      {...props}
      value={value}
      onChange={(next) => onChange(labelLayout.parse(next))}
      data={OPTIONS}
    />
  );
}
