import { Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  adminLabelTypeBody,
  DEFAULT_VOID_WINDOW_DAYS,
  type AdminLabelTypeBody,
  type AdminLabelTypesResponse,
} from '@portal/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PriceTiersEditor, toDrafts, type TierDraft } from '../../../components/price-tiers-editor';
import { DialogActions } from '../../../components/dialog-actions';
import { FormModal } from '../../../components/form-modal';
import { NumberField } from '../../../components/form-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { emptyAsUndefined, schemaResolver } from '../../../lib/schema-resolver';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveLabelType } from '../api/admin-label-types';

type LabelTypeRow = AdminLabelTypesResponse['labelTypes'][number];
type Props = {
  /** The type being edited; null creates a new one. */
  editing: LabelTypeRow | null;
  services: AdminLabelTypesResponse['services'];
  /** Every label type: the choices for the type return labels are bought as. */
  labelTypes?: LabelTypeRow[];
  /** Services already used by another type (a service has one type). */
  takenUids: string[];
  opened: boolean;
  onClose: () => void;
};

/** Create or edit a label type: name, carrier service, max weight, enabled, and its price tiers. */
export function LabelTypeDialog(props: Props) {
  const { editing, opened, onClose } = props;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New label type'}
      formKey={editing?._id ?? 'new'}
    >
      <LabelTypeForm {...props} />
    </FormModal>
  );
}

/** The form as edited: '' is an empty number field; an empty void window is the carrier's default. */
type LabelTypeValues = {
  name: string;
  uid: string | null;
  maxWeight: number | '';
  status: boolean;
  voidWindowDays: number | '';
  prices: TierDraft[];
  /** Insurance of a declared value (decision 330): offered or not, per $100 and its minimum. */
  isInsured: boolean;
  insurancePer100: number | '';
  insuranceMin: number | '';
  /** The label type its return labels are bought as; null: the same (decision 331). */
  returnLabelTypeId: string | null;
};

const SERVER_FIELDS = ['name', 'uid', 'maxWeight', 'voidWindowDays'] as const;

/** The shared label-type rule judges the form; empty fields read as missing. */
const labelTypeResolver = schemaResolver(adminLabelTypeBody, (values: LabelTypeValues) => ({
  name: values.name,
  status: values.status,
  uid: values.uid ?? '',
  insurance: values.isInsured
    ? { per100: emptyAsUndefined(values.insurancePer100), min: emptyAsUndefined(values.insuranceMin) }
    : null,
  returnLabelTypeId: values.returnLabelTypeId,
  maxWeight: emptyAsUndefined(values.maxWeight),
  voidWindowDays: emptyAsUndefined(values.voidWindowDays),
  prices: values.prices.map((tier) => ({
    fromWeight: emptyAsUndefined(tier.fromWeight),
    toWeight: emptyAsUndefined(tier.toWeight),
    price: emptyAsUndefined(tier.price),
  })),
}));

function LabelTypeForm({ editing, services, labelTypes = [], takenUids, onClose }: Props) {
  const save = useSaveLabelType(editing?._id ?? null);
  const form = useForm<LabelTypeValues, unknown, AdminLabelTypeBody>({
    resolver: labelTypeResolver,
    defaultValues: {
      name: editing?.name ?? '',
      uid: editing?.uid ?? null,
      maxWeight: editing?.maxWeight ?? '',
      status: editing?.status ?? true,
      voidWindowDays: editing?.voidWindowDays ?? '',
      prices: editing ? toDrafts(editing.prices) : [{ fromWeight: 0, toWeight: '', price: '' }],
      isInsured: editing?.insurance !== null,
      insurancePer100: editing?.insurance?.per100 ?? 1,
      insuranceMin: editing?.insurance?.min ?? 1,
      returnLabelTypeId: editing?.returnLabelTypeId ?? null,
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [uid, maxWeight, isEnabled, isInsured] = useWatch({
    control: form.control,
    name: ['uid', 'maxWeight', 'status', 'isInsured'],
  });
  const insuranceIssue = (
    errors as { insurance?: { per100?: { message?: string }; min?: { message?: string } } }
  ).insurance;
  const insuranceError = insuranceIssue?.per100?.message ?? insuranceIssue?.min?.message;
  const returnOptions = labelTypes
    .filter((t) => t._id !== editing?._id)
    .map((t) => ({ value: t._id, label: t.name }));

  const service = services.find((s) => s.uid === uid);
  const options = services
    .filter((s) => s.uid === editing?.uid || !takenUids.includes(s.uid))
    .map((s) => ({ value: s.uid, label: `${s.name} (${s.uid})` }));
  const defaultWindow = service ? DEFAULT_VOID_WINDOW_DAYS[service.carrier] : null;

  const submit = form.handleSubmit(async (body) => {
    if (save.isPending) return;
    try {
      const result = await save.mutateAsync(body);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, SERVER_FIELDS))
        form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          {...form.register('name')}
          error={errors.name?.message}
          required
          data-autofocus
        />
        <Controller
          control={form.control}
          name="uid"
          render={({ field }) => (
            <Select
              label="Carrier service"
              description="The label the engine renders for this type"
              data={options}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.uid?.message}
              nothingFoundMessage="Every service already has a label type"
              required
              allowDeselect={false}
            />
          )}
        />
        <Group grow align="flex-start">
          <NumberField
            control={form.control}
            name="maxWeight"
            label={`Max weight${service ? ` (${service.weightUnit})` : ''}`}
            min={0}
            decimalScale={2}
            required
          />
          <Switch
            label="Enabled"
            description={isEnabled ? 'Resellers can order it' : 'Hidden from resellers; new orders refused'}
            checked={isEnabled}
            onChange={(e) => form.setValue('status', e.currentTarget.checked)}
            mt={28}
          />
        </Group>
        <NumberField
          control={form.control}
          name="voidWindowDays"
          label="Void window (days)"
          description={
            defaultWindow
              ? `How long after purchase a label can be voided and refunded. Empty: the carrier's ${defaultWindow} days.`
              : 'How long after purchase a label can be voided and refunded (USPS 30 days, UPS and FedEx 90).'
          }
          placeholder={defaultWindow ? String(defaultWindow) : undefined}
          allowNegative={false}
          allowDecimal={false}
          maw={{ base: '100%', xs: 320 }}
        />
        <Stack gap={6}>
          <Switch
            label="Insurance"
            description={
              isInsured
                ? 'Resellers may declare a value; its insurance is added to the label price'
                : 'Declared values are refused for this type'
            }
            checked={isInsured}
            onChange={(e) => form.setValue('isInsured', e.currentTarget.checked)}
          />
          {isInsured && (
            <Group grow align="flex-start">
              <NumberField
                control={form.control}
                name="insurancePer100"
                label="Per $100 declared ($)"
                min={0}
                decimalScale={2}
              />
              <NumberField
                control={form.control}
                name="insuranceMin"
                label="Minimum ($)"
                min={0}
                decimalScale={2}
              />
            </Group>
          )}
          {insuranceError && (
            <Text size="xs" c="red.8" role="alert">
              {insuranceError}
            </Text>
          )}
        </Stack>
        <Controller
          control={form.control}
          name="returnLabelTypeId"
          render={({ field }) => (
            <Select
              label="Return labels"
              description="The label type a return label of this type is bought as"
              placeholder="The same label type"
              data={returnOptions}
              value={field.value}
              onChange={field.onChange}
              clearable
            />
          )}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Price tiers
          </Text>
          <Controller
            control={form.control}
            name="prices"
            render={({ field }) => (
              <PriceTiersEditor
                value={field.value}
                onChange={field.onChange}
                unit={service?.weightUnit ?? 'lb'}
                maxWeight={maxWeight}
                showProblems={isSubmitted}
              />
            )}
          />
        </div>
        <Text size="xs" c="dimmed">
          Orders already placed keep the price they were charged.
        </Text>
        <DialogActions
          error={errors.root?.message}
          submitLabel={editing ? 'Save label type' : 'Create label type'}
          isPending={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
