import { Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  adminLabelTypeBody,
  DEFAULT_VOID_WINDOW_DAYS,
  type AdminLabelTypeBody,
  type AdminLabelTypesResponse,
  type Carrier,
  type WeightUnit,
} from '@portal/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PriceTiersEditor, toDrafts, type TierDraft } from '../../../components/price-tiers-editor';
import { DialogActions } from '../../../components/dialog-actions';
import { FormModal } from '../../../components/form-modal';
import { NumberField, SelectField } from '../../../components/form-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { emptyAsUndefined, schemaResolver } from '../../../lib/schema-resolver';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveLabelType } from '../api/admin-label-types';
import { StaffServiceFields } from './staff-service-fields';

/** What insurance costs: a price per $100 declared, and the least it costs. */
const INSURANCE_FIELDS = [
  { name: 'insurancePer100', label: 'Per $100 declared ($)' },
  { name: 'insuranceMin', label: 'Minimum ($)' },
] as const;

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

/** The "Carrier service" choice of a type staff make for any service of their providers (decision 334). */
const STAFF_MADE = 'staff-made';

/**
 * The form as edited: '' is an empty number field; an empty void window is the carrier's default. A
 * built-in service is its uid; `STAFF_MADE` takes the carrier, service and unit fields instead.
 */
type LabelTypeValues = {
  name: string;
  uid: string | null;
  carrier: Carrier | null;
  service: string;
  weightUnit: WeightUnit | null;
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

const SERVER_FIELDS = [
  'name',
  'uid',
  'carrier',
  'service',
  'weightUnit',
  'maxWeight',
  'voidWindowDays',
] as const;

/** The shared label-type rule judges the form; empty fields read as missing. */
const labelTypeResolver = schemaResolver(
  adminLabelTypeBody,
  ({
    carrier,
    service,
    weightUnit,
    isInsured,
    insurancePer100,
    insuranceMin,
    ...values
  }: LabelTypeValues) => ({
    ...values,
    ...(values.uid === STAFF_MADE
      ? { uid: undefined, carrier: carrier ?? undefined, service, weightUnit: weightUnit ?? undefined }
      : { uid: values.uid ?? '' }),
    insurance: isInsured
      ? { per100: emptyAsUndefined(insurancePer100), min: emptyAsUndefined(insuranceMin) }
      : null,
    maxWeight: emptyAsUndefined(values.maxWeight),
    voidWindowDays: emptyAsUndefined(values.voidWindowDays),
    prices: values.prices.map((tier) => ({
      fromWeight: emptyAsUndefined(tier.fromWeight),
      toWeight: emptyAsUndefined(tier.toWeight),
      price: emptyAsUndefined(tier.price),
    })),
  }),
);

function LabelTypeForm({ editing, services, labelTypes = [], takenUids, onClose }: Props) {
  const save = useSaveLabelType(editing?._id ?? null);
  const form = useForm<LabelTypeValues, unknown, AdminLabelTypeBody>({
    resolver: labelTypeResolver,
    defaultValues: {
      name: editing?.name ?? '',
      uid: editing?.isStaffMade ? STAFF_MADE : (editing?.uid ?? null),
      carrier: editing?.isStaffMade ? editing.carrier : null,
      service: editing?.isStaffMade ? editing.service : '',
      weightUnit: editing?.isStaffMade ? editing.weightUnit : null,
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
  const [uid, maxWeight, isEnabled, carrier, serviceName, weightUnit, isInsured] = useWatch({
    control: form.control,
    name: ['uid', 'maxWeight', 'status', 'carrier', 'service', 'weightUnit', 'isInsured'],
  });
  const insuranceIssue = (
    errors as { insurance?: { per100?: { message?: string }; min?: { message?: string } } }
  ).insurance;
  const insuranceError = insuranceIssue?.per100?.message ?? insuranceIssue?.min?.message;
  const returnOptions = labelTypes
    .filter((t) => t._id !== editing?._id)
    .map((t) => ({ value: t._id, label: t.name }));

  const isStaffMade = uid === STAFF_MADE;
  const service = isStaffMade ? carrier && { carrier, weightUnit } : services.find((s) => s.uid === uid);
  const options = [
    ...services
      .filter((s) => s.uid === editing?.uid || !takenUids.includes(s.uid))
      .map((s) => ({ value: s.uid, label: `${s.name} (${s.uid})` })),
    { value: STAFF_MADE, label: 'Another service (any carrier)' },
  ];
  const defaultWindow = service ? DEFAULT_VOID_WINDOW_DAYS[service.carrier] : null;
  const unit = service?.weightUnit ?? null;
  const revalidate = { shouldValidate: isSubmitted };

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
        <SelectField
          control={form.control}
          name="uid"
          label="Carrier service"
          description="A built-in service, or another service your providers sell"
          data={options}
          required
          allowDeselect={false}
        />
        {isStaffMade && (
          <StaffServiceFields
            carrier={carrier}
            service={serviceName}
            weightUnit={weightUnit}
            errors={{
              carrier: errors.carrier?.message,
              service: errors.service?.message,
              weightUnit: errors.weightUnit?.message,
            }}
            onChange={(change) => {
              if (change.carrier !== undefined) form.setValue('carrier', change.carrier, revalidate);
              if (change.service !== undefined) form.setValue('service', change.service, revalidate);
              if (change.weightUnit !== undefined) form.setValue('weightUnit', change.weightUnit, revalidate);
            }}
          />
        )}
        <Group grow align="flex-start">
          <NumberField
            control={form.control}
            name="maxWeight"
            label={`Max weight${unit ? ` (${unit})` : ''}`}
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
              {INSURANCE_FIELDS.map(({ name, label }) => (
                <NumberField
                  key={name}
                  control={form.control}
                  name={name}
                  label={label}
                  min={0}
                  decimalScale={2}
                />
              ))}
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
                unit={unit ?? 'lb'}
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
