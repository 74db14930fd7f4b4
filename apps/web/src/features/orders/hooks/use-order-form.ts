import { useDebouncedValue } from '@mantine/hooks';
import {
  addressWarningText,
  allowsCanada,
  fixOf,
  formatAddressAsText,
  insurancePrice,
  parseFreeTextAddress,
  isCaProvince,
  isPriority,
  type AddressWarning,
  type CreateOrderInput,
} from '@portal/shared';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { placeOfZipIn } from '../lib/zip-lookup';
import { useNavigate } from 'react-router';
import { heldAddressWarnings } from '../../../lib/address-hold';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { usePurchaseGuard } from '../../../lib/purchase-guard';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateOrder } from '../api/orders';
import { useLabelTypes } from '../../../api/label-types';
import { useOrderPrice } from '../../../api/order-price';
import {
  DEFAULT_ORDER_VALUES,
  toCreateOrderBody,
  type AddressFieldName,
  type OrderFormValues,
  type OrderMode,
} from '../lib/order-form-values';
import { quickOrderResolver, simpleOrderResolver, type OrderFormContext } from '../lib/order-resolver';

const PRICE_DEBOUNCE_MS = 300;
const OUNCES_PER_POUND = 16;

/** Pounds <-> ounces, to 2 decimals like the Weight field. */
const convertWeight = (value: number, from: string, to: string): number => {
  const ounces = from === 'lb' ? value * OUNCES_PER_POUND : value;
  const result = to === 'lb' ? ounces / OUNCES_PER_POUND : ounces;
  return Math.round(result * 100) / 100;
};
const EMPTY_TYPES: OrderFormContext['labelTypes'] = [];

const ORDER_FORM_FIELDS = Object.keys(DEFAULT_ORDER_VALUES) as (keyof OrderFormValues)[];

/** The Simple and Fast Order forms: values, rules of the chosen type, live price, and a one-at-a-time submit. */
export function useOrderForm(mode: OrderMode) {
  const labelTypes = useLabelTypes();
  const queryClient = useQueryClient();
  const types = labelTypes.data ?? EMPTY_TYPES;
  const placeOfZip = placeOfZipIn(queryClient);
  const form = useForm<OrderFormValues, OrderFormContext, CreateOrderInput>({
    defaultValues: DEFAULT_ORDER_VALUES,
    resolver: mode === 'simple' ? simpleOrderResolver : quickOrderResolver,
    context: { labelTypes: types, placeOfZip },
  });
  const [labelTypeId, weight, quantity, insuredValue] = useWatch({
    control: form.control,
    name: ['labelType', 'Weight', 'quantity', 'insuredValue'],
  });
  const selectedType = types.find((type) => type._id === labelTypeId);

  const [debouncedWeight] = useDebouncedValue(weight, PRICE_DEBOUNCE_MS);
  const price = useOrderPrice({ labelType: labelTypeId, weight: debouncedWeight });
  const hasPriceInput = labelTypeId !== '' && typeof weight === 'number' && weight > 0;
  // Spec section 4: no type or no weight, or a failed lookup, means price 0.
  // A declared value adds the type's insurance to each label, by the shared rule the server charges by.
  const insurance =
    typeof insuredValue === 'number' && insuredValue > 0
      ? (insurancePrice(selectedType?.insurance, insuredValue) ?? 0)
      : 0;
  const labelPrice = hasPriceInput && !price.isError ? (price.data ?? 0) : 0;
  const unitPrice = labelPrice > 0 ? Math.round((labelPrice + insurance) * 100) / 100 : 0;
  const total = unitPrice * (typeof quantity === 'number' && quantity > 0 ? quantity : 0);
  // The total on screen is the one to charge: sent as expectedTotal once the price is for this exact weight.
  const isQuoted =
    hasPriceInput &&
    debouncedWeight === weight &&
    price.isSuccess &&
    !price.isFetching &&
    !price.isPlaceholderData;

  /** Fields that do not apply to the new type are cleared, so they neither show nor get sent. */
  const changeLabelType = (id: string) => {
    const type = types.find((t) => t._id === id);
    const weight = form.getValues('Weight');
    const fromUnit = selectedType?.weightUnit;
    if (type && fromUnit && fromUnit !== type.weightUnit && typeof weight === 'number' && weight > 0) {
      // 3 lb must not quietly become 3 oz (and a lower price): the weight is converted, and said so.
      const converted = convertWeight(weight, fromUnit, type.weightUnit);
      form.setValue('Weight', converted, { shouldValidate: form.formState.isSubmitted });
      notifyInfo(`Weight converted: ${weight} ${fromUnit} is ${converted} ${type.weightUnit}.`);
    }
    form.setValue('labelType', id, { shouldValidate: form.formState.isSubmitted });
    if (!type || !isPriority(type.uid)) form.setValue('design', '');
    const toState = form.getValues('ToState');
    if (toState && isCaProvince(toState) && !(type && allowsCanada(type.uid))) form.setValue('ToState', '');
  };

  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const purchase = usePurchaseGuard();
  const [addressWarnings, setAddressWarnings] = useState<AddressWarning[]>([]);
  const submitWith = (isAccepted: boolean) =>
    form.handleSubmit(async (values) => {
      const type = types.find((t) => t._id === values.labelType);
      if (!type) return;
      const body = {
        ...toCreateOrderBody(values, type),
        ...(isQuoted ? { expectedTotal: Math.round(total * 100) / 100 } : {}),
        ...(isAccepted ? { acceptAddressWarnings: true } : {}),
      };
      let result;
      try {
        result = await purchase.run(JSON.stringify(body), (idempotencyKey) =>
          createOrder.mutateAsync({ body, idempotencyKey }),
        );
      } catch (error) {
        const held = heldAddressWarnings(error);
        if (held) {
          // Confirm mode: nothing was bought; the warnings stay on screen with "Buy anyway".
          setAddressWarnings(held);
          return;
        }
        // Every field the server named shows its message, all at once (the toast still tells the outcome).
        showServerFieldErrors(error, form.setError, ORDER_FORM_FIELDS);
        throw error;
      }
      if (!result) return;
      setAddressWarnings([]);
      if (result.warnings?.length) notifyInfo(result.warnings.map(addressWarningText).join('. '));
      notifySuccess(result.message);
      navigate('/');
    });
  const submitValid = submitWith(false);
  /** "Use New York, NY": the suggestion goes into the form (Fast Order: into the address's text block). */
  const applySuggestion = (warning: AddressWarning) => {
    const fix = Object.entries(fixOf(warning));
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (mode === 'simple')
      for (const [field, value] of fix)
        if (field in DEFAULT_ORDER_VALUES) form.setValue(field as AddressFieldName, value, options);
    if (mode === 'quick') {
      const side = warning.field.startsWith('From') ? 'From' : 'To';
      const textField = side === 'From' ? 'fromText' : 'toText';
      const parsed = parseFreeTextAddress(form.getValues(textField), { placeOfZip });
      if (!parsed.ok) return;
      const part = (name: 'City' | 'State' | 'Zip') => fix.find(([f]) => f === `${side}${name}`)?.[1];
      const a = parsed.address;
      const fixed = {
        ...a,
        city: part('City') ?? a.city,
        state: part('State') ?? a.state,
        zip: part('Zip') ?? a.zip,
      };
      form.setValue(textField, formatAddressAsText(fixed), options);
    }
    setAddressWarnings((shown) => shown.filter((w) => w !== warning));
  };
  const buyAnyway = async () => {
    if (purchase.isInFlight()) return;
    try {
      await submitWith(true)();
    } catch {
      // The failed call's message is already in a toast.
    }
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec section 5: a second submit while one is in progress is ignored (before validation runs).
    if (purchase.isInFlight()) return;
    try {
      await submitValid(event);
    } catch {
      // The failed call's message is already in a toast; the form stays as typed.
    }
  };

  return {
    form,
    labelTypes,
    selectedType,
    changeLabelType,
    price: {
      unitPrice,
      insurance: labelPrice > 0 ? insurance : 0,
      total,
      isFetching: price.isFetching,
      error: hasPriceInput ? price.error : null,
    },
    onSubmit,
    addressWarnings,
    applySuggestion,
    buyAnyway,
    isSubmitting: form.formState.isSubmitting || createOrder.isPending,
  };
}
