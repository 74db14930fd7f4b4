import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { CSV_COLUMNS, CSV_MAX_BYTES, CSV_MAX_ROWS, formatUsd, isPriority } from '@portal/shared';
import { IconCreditCard, IconFileSpreadsheet, IconListCheck } from '@tabler/icons-react';
import { AddFundsButton, shortfall } from '../../../components/add-funds-button';
import { CardHeading } from '../../../components/form-card';
import { FileField, SelectField } from '../../../components/form-fields';
import { labelTypeOptions } from '../../../lib/label-type-options';
import { useSession } from '../../../lib/session';
import { useCsvUpload } from '../hooks/use-csv-upload';
import { CSV_TEMPLATES } from '../lib/csv-form';
import { SampleCsvLink } from './sample-csv-link';
import { ValidationResult } from './validation-result';

const LIMITS = `Up to ${CSV_MAX_ROWS.toLocaleString('en-US')} rows and ${CSV_MAX_BYTES / 1024 / 1024} MB per file.`;

/** Label type, Template (priority only), the file, Validate CSV, and Pay once the file is valid. */
export function CsvUploadCard() {
  const upload = useCsvUpload();
  const { control } = upload.form;
  const { selectedType, validated, isValidating, isPaying } = upload;
  const hasTemplate = selectedType !== undefined && isPriority(selectedType.uid);
  const isBusy = isValidating || isPaying;
  const balance = useSession().data?.balance;
  const missing = validated && balance !== undefined ? shortfall(validated.totalPrice, balance) : 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={upload.onValidate} noValidate aria-label="CSV order">
        <Stack gap="md">
          <CardHeading
            icon={<IconFileSpreadsheet size={20} />}
            title="Upload CSV"
            aside={<SampleCsvLink />}
          />
          <Text size="sm" c="dimmed">
            One order per row with the columns {CSV_COLUMNS[0]}, {CSV_COLUMNS[1]}, … {CSV_COLUMNS.at(-1)} (see
            the sample). {LIMITS}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: hasTemplate ? 2 : 1 }} spacing="sm">
            <SelectField
              control={control}
              name="labelType"
              label="Label type"
              withAsterisk
              placeholder={upload.labelTypes.isPending ? 'Loading label types…' : 'Select label type'}
              data={labelTypeOptions(upload.labelTypes.data ?? [])}
              onChange={upload.changeLabelType}
              disabled={isPaying}
              comboboxProps={{ withinPortal: true }}
            />
            {hasTemplate && (
              <SelectField
                control={control}
                name="design"
                label="Template"
                withAsterisk
                data={CSV_TEMPLATES}
                allowDeselect={false}
                disabled={isPaying}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </SimpleGrid>
          <FileField
            control={control}
            name="csv"
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            disabled={isPaying}
          />
          {upload.check && (
            <ValidationResult check={upload.check} onDownloadCorrected={upload.downloadCorrected} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              type="submit"
              variant="default"
              leftSection={<IconListCheck size={18} />}
              loading={isValidating}
              disabled={isPaying}
              w={{ base: '100%', xs: 'auto' }}
            >
              Validate CSV
            </Button>
            {missing > 0 ? (
              <AddFundsButton amount={missing} w={{ base: '100%', xs: 'auto' }} miw={180} />
            ) : (
              <Button
                type="button"
                leftSection={<IconCreditCard size={18} />}
                onClick={upload.pay}
                loading={isPaying}
                disabled={!validated || isBusy}
                w={{ base: '100%', xs: 'auto' }}
                miw={180}
              >
                {validated
                  ? `${validated.warningRows ? 'Buy anyway: pay' : 'Pay'} ${formatUsd(validated.totalPrice)}`
                  : 'Pay'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
