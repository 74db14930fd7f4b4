import { Button, FileInput, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { AMAZON_MAX_WEIGHT, AMAZON_PDF_MAX_BYTES, AMAZON_PDF_MAX_PAGES } from '@portal/shared';
import { IconFileTypePdf, IconFileUpload, IconMapPin, IconTableExport } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { StateSelect } from '../../../components/state-select';
import { saveFile } from '../../../lib/save-file';
import { FormSection as Section } from './form-section';
import { useGenerateAmazonCsv, type GeneratedCsv } from '../api/amazon-csv';
import {
  amazonFormSchema,
  EMPTY_AMAZON_FORM,
  type AmazonFormInput,
  type AmazonFormOutput,
} from '../lib/amazon-form';

const PDF_HINT = `Packing slips printed from Amazon Seller Central (Orders › Manage Orders › Print packing slip). Up to ${AMAZON_PDF_MAX_BYTES / 1024 / 1024} MB and ${AMAZON_PDF_MAX_PAGES} pages.`;
const WEIGHT_HINT =
  'Written into every row: ounces for USPS Ground Advantage (oz), pounds for other label types.';

type AmazonCsvFormProps = { onGenerated: (result: GeneratedCsv, pdfName: string) => void };

/** The packing-slip PDF, one weight for every order, and the sender (From Details) written into each row. */
export function AmazonCsvForm({ onGenerated }: AmazonCsvFormProps) {
  const form = useForm<AmazonFormInput, unknown, AmazonFormOutput>({
    resolver: zodResolver(amazonFormSchema),
    defaultValues: EMPTY_AMAZON_FORM,
  });
  const { control, register, formState } = form;
  const { errors } = formState;
  const generate = useGenerateAmazonCsv();

  const onSubmit = form.handleSubmit(async ({ pdf, ...from }) => {
    if (generate.isPending) return;
    try {
      const result = await generate.mutateAsync({ pdf, ...from });
      saveFile(result.blob, result.fileName);
      onGenerated(result, pdf.name);
    } catch {
      // The server's message (no address found, encrypted or broken PDF) is already in a toast.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Amazon CSV Generator">
      <Stack gap="lg">
        <Section icon={<IconFileTypePdf size={20} />} title="Packing slips">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="pdf"
              render={({ field, fieldState }) => (
                <FileInput
                  label="PDF file"
                  withAsterisk
                  placeholder="Choose a .pdf file"
                  accept=".pdf,application/pdf"
                  clearable
                  leftSection={<IconFileUpload size={18} aria-hidden />}
                  description={PDF_HINT}
                  value={field.value ?? null}
                  onChange={(file) => field.onChange(file)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="weight"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Weight"
                  withAsterisk
                  description={WEIGHT_HINT}
                  min={0}
                  max={AMAZON_MAX_WEIGHT}
                  decimalScale={2}
                  hideControls
                  value={field.value as number | string}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
        </Section>
        <Section icon={<IconMapPin size={20} />} title="From Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="name"
              {...register('fromName')}
              error={errors.fromName?.message}
            />
            <TextInput
              label="Street 1"
              withAsterisk
              autoComplete="address-line1"
              {...register('fromStreet1')}
              error={errors.fromStreet1?.message}
            />
            <TextInput
              label="Street 2 (optional)"
              autoComplete="address-line2"
              {...register('fromStreet2')}
              error={errors.fromStreet2?.message}
            />
            <TextInput
              label="City"
              withAsterisk
              autoComplete="address-level2"
              {...register('fromCity')}
              error={errors.fromCity?.message}
            />
            <Controller
              control={control}
              name="fromState"
              render={({ field, fieldState }) => (
                <StateSelect
                  label="State"
                  withAsterisk
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="ZIP"
              withAsterisk
              inputMode="numeric"
              autoComplete="postal-code"
              {...register('fromZip')}
              error={errors.fromZip?.message}
            />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            leftSection={<IconTableExport size={18} />}
            loading={generate.isPending}
            w={{ base: '100%', xs: 'auto' }}
          >
            Generate CSV
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
