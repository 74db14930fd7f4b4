import { zodResolver } from '@hookform/resolvers/zod';
import { isPriority, type ValidateCsvResponse } from '@portal/shared';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage, notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { takeHandedOffCsv } from '../../../lib/csv-handoff';
import { usePurchaseGuard } from '../../../lib/purchase-guard';
import {
  type CsvRowError,
  downloadCorrectedCsv,
  rowErrorsOf,
  useCreateBulkOrder,
  useValidateCsv,
} from '../api/bulk-orders';
import { useLabelTypes } from '../../../api/label-types';
import {
  CSV_MESSAGES,
  DEFAULT_TEMPLATE,
  EMPTY_CSV_FORM,
  csvFormSchema,
  designFor,
  type CsvFormValues,
} from '../lib/csv-form';

type Checked = { labelType: string; design: string; csv: File | null };
/** What the last Validate said, and for which inputs: a change of type, template or file makes it stale. */
export type CsvCheck = Checked &
  ({ ok: true; result: ValidateCsvResponse } | { ok: false; message: string; errors: CsvRowError[] });

const sameInputs = (a: Checked, b: Checked) =>
  a.labelType === b.labelType && a.design === b.design && a.csv === b.csv;

/** The CSV page's form: validate prices the file, Pay buys it once, then everything starts over. */
export function useCsvUpload() {
  // A file brought from the Amazon generator arrives already chosen, ready to validate.
  const [handedOff] = useState(takeHandedOffCsv);
  const form = useForm<CsvFormValues>({
    resolver: zodResolver(csvFormSchema),
    defaultValues: handedOff ? { ...EMPTY_CSV_FORM, csv: handedOff } : EMPTY_CSV_FORM,
  });
  const labelTypes = useLabelTypes();
  const validate = useValidateCsv();
  const purchase = useCreateBulkOrder();
  const [lastCheck, setLastCheck] = useState<CsvCheck | null>(null);
  const guard = usePurchaseGuard();
  const isPayingRef = useRef(false);

  const values = useWatch({ control: form.control }) as CsvFormValues;
  const current: Checked = {
    labelType: values.labelType ?? '',
    design: values.design ?? '',
    csv: values.csv ?? null,
  };
  const selectedType = labelTypes.data?.find((t) => t._id === current.labelType);
  const check = lastCheck && sameInputs(lastCheck, current) ? lastCheck : null;
  const validated = check?.ok ? check.result : null;

  const changeLabelType = (id: string) => {
    const type = labelTypes.data?.find((t) => t._id === id);
    form.setValue('labelType', id, { shouldValidate: true });
    form.setValue('design', type && isPriority(type.uid) ? values.design || DEFAULT_TEMPLATE : '');
  };

  const runValidate = async (data: CsvFormValues) => {
    const inputs = { labelType: data.labelType, design: data.design, csv: data.csv };
    if (!(data.csv instanceof File)) return;
    try {
      const result = await validate.mutateAsync({
        csv: data.csv,
        labelType: data.labelType,
        design: designFor(selectedType, data.design),
      });
      setLastCheck({ ...inputs, ok: true, result });
    } catch (error) {
      // The panel shows the message once; bad rows also go in the table.
      setLastCheck({ ...inputs, ok: false, message: errorMessage(error), errors: rowErrorsOf(error) });
    }
  };

  const runPay = async (data: CsvFormValues) => {
    if (!(data.csv instanceof File) || !validated) return;
    const { csv } = data;
    const design = designFor(selectedType, data.design);
    const intent = [data.labelType, design, validated.totalPrice, csv.name, csv.size, csv.lastModified].join(
      '|',
    );
    try {
      const result = await guard.run(intent, (idempotencyKey) =>
        purchase.mutateAsync({
          csv,
          labelType: data.labelType,
          totalPrice: validated.totalPrice,
          design,
          acceptAddressWarnings: (validated.warningRows ?? 0) > 0,
          idempotencyKey,
        }),
      );
      if (!result) return;
      notifySuccess(result.message);
      form.reset(EMPTY_CSV_FORM);
      setLastCheck(null);
      validate.reset();
    } catch {
      // The server's message (balance, changed total, duplicate) is already in a toast.
    }
  };

  const downloadCorrected = () => {
    const { csv } = values;
    if (!(csv instanceof File) || !validated) return;
    const design = designFor(selectedType, values.design ?? '');
    downloadCorrectedCsv({ csv, labelType: current.labelType, design }).catch((error: unknown) =>
      notifyError(error),
    );
  };

  /** A second Pay while one is on its way is refused here, before any call (spec section 5). */
  const pay = () => {
    if (isPayingRef.current) {
      notifyWarning(CSV_MESSAGES.alreadySent);
      return;
    }
    // Set at the click, not when the request leaves: the form's own checks run in between.
    isPayingRef.current = true;
    void form
      .handleSubmit(runPay)()
      .finally(() => {
        isPayingRef.current = false;
      });
  };

  return {
    form,
    labelTypes,
    selectedType,
    changeLabelType,
    check,
    validated,
    isValidating: validate.isPending,
    isPaying: purchase.isPending,
    onValidate: form.handleSubmit(runValidate),
    pay,
    downloadCorrected,
  };
}
