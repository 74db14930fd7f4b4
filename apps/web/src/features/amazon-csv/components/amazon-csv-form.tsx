import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { AMAZON_MAX_WEIGHT, AMAZON_PDF_MAX_BYTES, AMAZON_PDF_MAX_PAGES } from '@portal/shared';
import { IconFileTypePdf, IconMapPin, IconTableExport } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { FileField, NumberField, StateField } from '../../../components/form-fields';
import { saveFile } from '../../../lib/save-file';
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
        <FormCard icon={<IconFileTypePdf size={20} />} title="Packing slips">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FileField
              control={control}
              name="pdf"
              label="PDF file"
              placeholder="Choose a .pdf file"
              accept=".pdf,application/pdf"
              description={PDF_HINT}
            />
            <NumberField
              control={control}
              name="weight"
              label="Weight"
              withAsterisk
              description={WEIGHT_HINT}
              min={0}
              max={AMAZON_MAX_WEIGHT}
              decimalScale={2}
              hideControls
            />
          </SimpleGrid>
        </FormCard>
        <FormCard icon={<IconMapPin size={20} />} title="From Details">
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
            <StateField control={control} name="fromState" label="State" withAsterisk />
            <TextInput
              label="ZIP"
              withAsterisk
              inputMode="numeric"
              autoComplete="postal-code"
              {...register('fromZip')}
              error={errors.fromZip?.message}
            />
          </SimpleGrid>
        </FormCard>
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
