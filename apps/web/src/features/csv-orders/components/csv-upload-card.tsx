import {
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { CSV_COLUMNS, CSV_MAX_BYTES, CSV_MAX_ROWS, formatUsd, isPriority } from '@portal/shared';
import { IconCreditCard, IconFileSpreadsheet, IconFileUpload, IconListCheck } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { AddFundsButton, shortfall } from '../../../components/add-funds-button';
import { labelTypeOptions } from '../../../lib/label-type-options';
import { useSession } from '../../../lib/session';
import { useCsvUpload } from '../hooks/use-csv-upload';
import { CSV_TEMPLATES } from '../lib/csv-form';
import { SampleCsvLink } from './sample-csv-link';
import { ValidationResult } from './validation-result';

const LIMITS = `Up to ${CSV_MAX_ROWS.toLocaleString('en-US')} rows and ${CSV_MAX_BYTES / 1024 / 1024} MB per file.`;

/** Label type, Template (priority only), the file, Validate CSV, and Pay once the file is valid. */
export function CsvUploadCard() {
  const {
    form,
    labelTypes,
    selectedType,
    changeLabelType,
    check,
    validated,
    isValidating,
    isPaying,
    onValidate,
    pay,
    downloadCorrected,
  } = useCsvUpload();
  const { control } = form;
  const hasTemplate = selectedType !== undefined && isPriority(selectedType.uid);
  const isBusy = isValidating || isPaying;
  const balance = useSession().data?.balance;
  const missing = validated && balance !== undefined ? shortfall(validated.totalPrice, balance) : 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onValidate} noValidate aria-label="CSV order">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
                <IconFileSpreadsheet size={20} />
              </ThemeIcon>
              <Title order={2} fz="h4">
                Upload CSV
              </Title>
            </Group>
            <SampleCsvLink />
          </Group>
          <Text size="sm" c="dimmed">
            One order per row with the columns {CSV_COLUMNS[0]}, {CSV_COLUMNS[1]}, … {CSV_COLUMNS.at(-1)} (see
            the sample). {LIMITS}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: hasTemplate ? 2 : 1 }} spacing="sm">
            <Controller
              control={control}
              name="labelType"
              render={({ field, fieldState }) => (
                <Select
                  label="Label type"
                  withAsterisk
                  placeholder={labelTypes.isPending ? 'Loading label types…' : 'Select label type'}
                  data={labelTypeOptions(labelTypes.data ?? [])}
                  value={field.value || null}
                  onChange={(value) => changeLabelType(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  disabled={isPaying}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            {hasTemplate && (
              <Controller
                control={control}
                name="design"
                render={({ field }) => (
                  <Select
                    label="Template"
                    withAsterisk
                    data={CSV_TEMPLATES}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    allowDeselect={false}
                    disabled={isPaying}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            )}
          </SimpleGrid>
          <Controller
            control={control}
            name="csv"
            render={({ field, fieldState }) => (
              <FileInput
                label="CSV file"
                withAsterisk
                placeholder="Choose a .csv file"
                accept=".csv,text/csv"
                clearable
                leftSection={<IconFileUpload size={18} aria-hidden />}
                value={field.value ?? null}
                onChange={(file) => field.onChange(file)}
                error={fieldState.error?.message}
                disabled={isPaying}
              />
            )}
          />
          {check && <ValidationResult check={check} onDownloadCorrected={downloadCorrected} />}
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
                onClick={pay}
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
