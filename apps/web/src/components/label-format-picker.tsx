import { Select, type SelectProps } from '@mantine/core';
import type { LabelDpi, LabelFormat } from '@portal/shared';
import type { LabelFileChoice } from '../lib/label-format';

const OPTIONS = [
  { value: 'pdf', label: 'PDF 4x6' },
  { value: 'letter', label: 'PDF Letter (2 a page)' },
  { value: 'zpl:203', label: 'ZPL 203 dpi (Zebra)' },
  { value: 'zpl:300', label: 'ZPL 300 dpi (Zebra)' },
  { value: 'png:203', label: 'PNG 203 dpi' },
  { value: 'png:300', label: 'PNG 300 dpi' },
];

const toValue = (c: LabelFileChoice): string =>
  c.format === 'zpl' || c.format === 'png' ? `${c.format}:${c.dpi}` : c.format;

const fromValue = (value: string, dpi: LabelDpi): LabelFileChoice => {
  const [format, dots] = value.split(':') as [LabelFormat, string | undefined];
  return { format, dpi: dots ? (Number(dots) as LabelDpi) : dpi };
};

type LabelFormatPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: LabelFileChoice;
  onChange: (choice: LabelFileChoice) => void;
};

/** The label file of a download, the same choice wherever labels are downloaded and in Account Settings. */
export function LabelFormatPicker({ value, onChange, label, ...props }: LabelFormatPickerProps) {
  return (
    <Select
      size="xs"
      w={190}
      allowDeselect={false}
      aria-label={typeof label === 'string' ? label : 'Label format'}
      label={label}
      {...props}
      data={OPTIONS}
      value={toValue(value)}
      onChange={(next) => next && onChange(fromValue(next, value.dpi))}
    />
  );
}
