import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { LabelFormatPicker } from '../../../components/label-format-picker';
import { useDefaultLabelFile, useSaveLabelPreference, type LabelFileChoice } from '../../../lib/label-format';
import { notifySuccess } from '../../../lib/notify';
import { SettingsSection } from './settings-section';

/** The label format every download starts from (and the API's, when an order names none). */
export function LabelFormatSection() {
  const saved = useDefaultLabelFile();
  const save = useSaveLabelPreference();
  const [picked, setPicked] = useState<LabelFileChoice | null>(null);
  const choice = picked ?? saved;
  const isDirty = choice.format !== saved.format || choice.dpi !== saved.dpi;
  return (
    <SettingsSection
      title="Label format"
      description="The format downloads give unless you pick another: PDF for desk and driver printers, ZPL for Zebra thermal printers, PNG for other tools."
    >
      <Group align="flex-end" gap="sm">
        <LabelFormatPicker size="sm" label="Default label format" value={choice} onChange={setPicked} />
        <Button
          loading={save.isPending}
          disabled={!isDirty}
          onClick={() =>
            save.mutate(
              { labelFormat: choice.format, labelDpi: choice.dpi },
              {
                onSuccess: () => {
                  setPicked(null);
                  notifySuccess('Label format saved');
                },
              },
            )
          }
        >
          Save format
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        API v2 orders can name their own with label_format.
      </Text>
    </SettingsSection>
  );
}
