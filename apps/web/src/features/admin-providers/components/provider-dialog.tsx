import {
  Checkbox,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  MAX_PROVIDER_CONCURRENCY,
  PROVIDER_KIND_NAMES,
  UPSTREAM_KINDS,
  type CreateProviderBody,
  type ProviderView,
  type UpdateProviderBody,
  type UpstreamKind,
} from '@portal/shared';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
import { FormModal } from '../../../components/form-modal';
import { NumberField } from '../../../components/form-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useCreateProvider, useUpdateProvider } from '../api/providers';
import {
  createProviderResolver,
  editProviderValues,
  newProviderValues,
  serverFieldErrors,
  updateProviderResolver,
  type ProviderFormValues,
} from '../lib/provider-form';

type Props = {
  /** The provider being edited; null adds a new one. */
  editing: ProviderView | null;
  opened: boolean;
  onClose: () => void;
};

const KEY_HELP: Record<UpstreamKind, string> = {
  labelport: 'An API key of your reseller account on the upstream portal (its Settings page)',
  easypost: 'EZTK… is a test key, EZAK… a live one',
  shippo: 'shippo_test_… is a test key, shippo_live_… a live one',
};

/** Add a provider (kind, name, key, base URL) or edit one (name, status, concurrency, a new key). */
export function ProviderDialog(props: Props) {
  const { editing, opened, onClose } = props;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Add provider'}
      formKey={editing?._id ?? 'new'}
    >
      <ProviderForm {...props} />
    </FormModal>
  );
}

function ProviderForm({ editing, onClose }: Props) {
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const isEditing = editing !== null;
  const resolver: Resolver<ProviderFormValues, unknown, CreateProviderBody | UpdateProviderBody> = isEditing
    ? updateProviderResolver
    : createProviderResolver;
  const form = useForm({
    resolver,
    defaultValues: editing ? editProviderValues(editing) : newProviderValues(),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const isReplacingKey = useWatch({ control: form.control, name: 'replaceKey' });
  const showCredentials = !isEditing || isReplacingKey;
  const isSaving = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (body) => {
    if (isSaving) return;
    try {
      // The resolver in use made the body for its own call.
      const result = editing
        ? await update.mutateAsync({ id: editing._id, body: body as UpdateProviderBody })
        : await create.mutateAsync(body as CreateProviderBody);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      // A taken name comes back on its field; anything else under the form.
      const placed = serverFieldErrors(error);
      placed.forEach((e, i) => form.setError(e.field, { message: e.message }, { shouldFocus: i === 0 }));
      if (placed.length === 0) form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!isEditing && (
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="provider-kind-label">
                  Kind
                </Text>
                <SegmentedControl
                  aria-labelledby="provider-kind-label"
                  value={field.value}
                  onChange={(value) => field.onChange(value as UpstreamKind)}
                  data={UPSTREAM_KINDS.map((k) => ({ value: k, label: PROVIDER_KIND_NAMES[k] }))}
                  fullWidth
                />
              </Stack>
            )}
          />
        )}
        <TextInput
          label="Name"
          description="How staff and the routes call it"
          required
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        {isEditing && (
          <Checkbox
            label="Replace the API key"
            description={`Stored key ends in …${editing.credentialHint}`}
            {...form.register('replaceKey')}
          />
        )}
        {showCredentials && (
          <>
            <PasswordInput
              label={isEditing ? 'New API key' : 'API key'}
              description={`${KEY_HELP[kind]}. Stored sealed; after saving only its last 4 characters are shown.`}
              required
              autoComplete="off"
              {...form.register('apiKey')}
              error={errors.apiKey?.message}
            />
            <TextInput
              label="Base URL"
              description={
                kind === 'labelport'
                  ? "The upstream portal's address, such as https://portal.example.com"
                  : `Optional: a ${PROVIDER_KIND_NAMES[kind]} API address of your own (a sandbox)`
              }
              placeholder="https://"
              required={kind === 'labelport'}
              {...form.register('baseUrl')}
              error={errors.baseUrl?.message}
            />
          </>
        )}
        <Group grow align="flex-start">
          <NumberField
            control={form.control}
            name="maxConcurrent"
            label="Concurrency limit"
            description="Purchases in flight at once"
            min={1}
            max={MAX_PROVIDER_CONCURRENCY}
            allowDecimal={false}
          />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label="Enabled"
                description={field.value ? 'Routes buy through it' : 'Routes skip it'}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                mt={28}
              />
            )}
          />
        </Group>
        <DialogActions
          error={errors.root?.message}
          submitLabel={isEditing ? 'Save provider' : 'Add provider'}
          isPending={isSaving}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
