import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PROVIDER_KIND_NAMES,
  ROUTE_MODES,
  type AdminLabelTypesResponse,
  type ProviderView,
  type RouteMode,
} from '@portal/shared';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProviders } from '../../../api/providers';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSaveRoute } from '../api/admin-label-types';
import {
  addStep,
  choicesFor,
  judgeRoute,
  MAX_ROUTE_STEPS,
  moveStep,
  removeStep,
  ROUTE_MODE_NAMES,
  SERVICE_HINTS,
  toDrafts,
  withProvider,
  toRoutingDraft,
  type RouteDraftStep,
  type RouteErrors,
  type RouteVerdict,
  type RoutingDraft,
} from '../lib/route-draft';
import { AddButton } from '../../../components/add-button';

type LabelTypeRow = AdminLabelTypesResponse['labelTypes'][number];
type Props = { labelType: LabelTypeRow | null; onClose: () => void };

/** Where a label type is bought: an ordered list of providers, each with its service there. */
export function RouteDialog({ labelType, onClose }: Props) {
  return (
    <Modal
      opened={labelType !== null}
      onClose={onClose}
      title={labelType ? `Route of ${labelType.name}` : 'Route'}
      size="xl"
      centered
    >
      {labelType && <RouteForm key={labelType._id} labelType={labelType} onClose={onClose} />}
    </Modal>
  );
}

function RouteForm({ labelType, onClose }: { labelType: LabelTypeRow; onClose: () => void }) {
  const providers = useProviders();
  const save = useSaveRoute(labelType._id);
  const [steps, setSteps] = useState<RouteDraftStep[]>(() => toDrafts(labelType.route));
  const [routing, setRouting] = useState<RoutingDraft>(() => toRoutingDraft(labelType));
  const [verdict, setVerdict] = useState<RouteVerdict | null>(null);
  const all = providers.data ?? [];
  // A change makes the last verdict stale: its messages go until the next save.
  const edit = (change: (current: RouteDraftStep[]) => RouteDraftStep[]) => {
    setVerdict(null);
    setSteps(change);
  };
  // A new provider brings its default service along (a staff-made type's own service, decision 334).
  const update = (index: number, change: Partial<RouteDraftStep>) =>
    edit((current) =>
      current.map((s, i) => {
        if (i !== index) return s;
        const moved =
          change.providerId === undefined ? s : withProvider(s, change.providerId, all, labelType);
        return { ...moved, ...change };
      }),
    );
  const updateRouting = (change: Partial<RoutingDraft>) => {
    setVerdict(null);
    setRouting((current) => ({ ...current, ...change }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const judged = judgeRoute(steps, routing);
    setVerdict(judged);
    if (!judged.body || save.isPending) return;
    try {
      await save.mutateAsync(judged.body);
      notifySuccess(
        judged.body.route.length
          ? `Route of ${labelType.name} saved`
          : `${labelType.name} is made in test mode`,
      );
      onClose();
    } catch {
      // Shown under the steps from save.error.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The first provider is used; the next ones only after a definite &quot;not bought&quot;. With no
          provider, labels of this type are made in test mode.
        </Text>
        {providers.isSuccess && all.length === 0 && (
          <Text size="sm">
            No providers yet.{' '}
            <Anchor component={Link} to="/admin/providers">
              Add one on the Providers page
            </Anchor>
            .
          </Text>
        )}
        {steps.length === 0 ? (
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="sm" ta="center">
              Test mode: labels are rendered here and say they are not valid for postage.
            </Text>
          </Paper>
        ) : (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Providers in order"
          >
            {steps.map((step, index) => (
              <RouteStepRow
                key={step.key}
                step={step}
                index={index}
                count={steps.length}
                choices={choicesFor(steps, index, all)}
                provider={all.find((p) => p._id === step.providerId)}
                errors={verdict?.errors?.steps[index]}
                onChange={(change) => update(index, change)}
                onMove={(delta) => edit((current) => moveStep(current, index, delta))}
                onRemove={() => edit((current) => removeStep(current, index))}
              />
            ))}
          </Stack>
        )}
        {steps.length > 0 && (
          <RoutingFields routing={routing} errors={verdict?.errors?.settings} onChange={updateRouting} />
        )}
        <Group justify="space-between">
          <AddButton
            variant="light"
            onClick={() => edit((current) => addStep(current, all, labelType))}
            disabled={steps.length >= MAX_ROUTE_STEPS || steps.length >= all.length}
          >
            Add a provider
          </AddButton>
          {steps.length > 0 && (
            <Button variant="subtle" color="gray" onClick={() => edit(() => [])}>
              Use test mode
            </Button>
          )}
        </Group>
        <DialogActions
          error={verdict?.errors?.route ?? (save.error ? errorMessage(save.error) : null)}
          submitLabel="Save route"
          isPending={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

type StepProps = {
  step: RouteDraftStep;
  index: number;
  count: number;
  choices: ProviderView[];
  provider: ProviderView | undefined;
  errors: { providerId?: string; service?: string } | undefined;
  onChange: (change: Partial<RouteDraftStep>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** A step moves up or down one place, never past either end. */
const MOVES = [
  { delta: -1, word: 'up', Icon: IconArrowUp },
  { delta: 1, word: 'down', Icon: IconArrowDown },
] as const;

function RouteStepRow({
  step,
  index,
  count,
  choices,
  provider,
  errors,
  onChange,
  onMove,
  onRemove,
}: StepProps) {
  const n = index + 1;
  const hint = provider ? SERVICE_HINTS[provider.kind] : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="route-step">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Text fw={700} c="dimmed" w={20} mt={30} aria-hidden>
          {n}
        </Text>
        <Select
          label={`Provider ${n}`}
          placeholder="Choose a provider"
          data={choices.map((p) => ({
            value: p._id,
            label: p.enabled ? p.name : `${p.name} (disabled)`,
          }))}
          value={step.providerId}
          onChange={(value) => onChange({ providerId: value })}
          allowDeselect={false}
          error={errors?.providerId}
          description={provider ? PROVIDER_KIND_NAMES[provider.kind] : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          style={{ flex: '1 1 220px' }}
        />
        <TextInput
          label={hint ? `${hint.label} ${n}` : `Service ${n}`}
          description={hint ? `${hint.help}, e.g. ${hint.example}` : 'Choose a provider first'}
          placeholder={hint?.example}
          value={step.service}
          onChange={(e) => onChange({ service: e.currentTarget.value })}
          error={errors?.service}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          style={{ flex: '1 1 220px' }}
        />
        <Group gap={4} mt={28} wrap="nowrap">
          {MOVES.map(({ delta, word, Icon }) => (
            <ActionIcon
              key={word}
              variant="default"
              size="lg"
              onClick={() => onMove(delta)}
              disabled={index + delta < 0 || index + delta >= count}
              aria-label={`Move provider ${n} ${word}`}
            >
              <Icon size={16} />
            </ActionIcon>
          ))}
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            onClick={onRemove}
            aria-label={`Remove provider ${n}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

type SettingError = keyof NonNullable<RouteErrors['settings']>;

type RoutingProps = {
  routing: RoutingDraft;
  errors: RouteErrors['settings'] | undefined;
  onChange: (change: Partial<RoutingDraft>) => void;
};

/** How the route is used (decision 332): in order or by live quotes, and the margin below which no label is bought. */
function RoutingFields({ routing, errors, onChange }: RoutingProps) {
  // Each amount is a figure from 0 with cents; the server's complaint about it shows under it.
  const amount = (field: 'within' | 'minMargin' | 'minMarginPercent', error: SettingError) => ({
    decimalScale: 2,
    min: 0,
    value: routing[field],
    onChange: (value: number | string) => onChange({ [field]: value }),
    error: errors?.[error],
  });
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Select
          label="Choose the provider"
          description="Other than in order, every provider is asked for a live quote before each label"
          data={ROUTE_MODES.map((mode) => ({ value: mode, label: ROUTE_MODE_NAMES[mode] }))}
          value={routing.mode}
          onChange={(value) => value && onChange({ mode: value as RouteMode })}
          allowDeselect={false}
        />
        {routing.mode === 'cheapest-within' && (
          <NumberInput
            label="Cheaper by more than"
            description="Another provider is used only when its quote is this much below the first one's"
            prefix="$"
            {...amount('within', 'withinCents')}
          />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label="Minimum margin"
            description="Orders no quote leaves this much on are refunded"
            prefix="$"
            {...amount('minMargin', 'minMarginCents')}
          />
          <NumberInput
            label="Minimum margin %"
            description="Of the price; the stricter of the two applies"
            suffix="%"
            {...amount('minMarginPercent', 'minMarginPercent')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
