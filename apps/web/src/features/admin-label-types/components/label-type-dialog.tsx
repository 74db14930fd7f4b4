import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DEFAULT_VOID_WINDOW_DAYS, type AdminLabelTypesResponse } from '@portal/shared';
import { useState } from 'react';
import {
  completeTiers,
  PriceTiersEditor,
  tierProblems,
  toDrafts,
  type TierDraft,
} from '../../../components/price-tiers-editor';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSaveLabelType } from '../api/label-types';

type LabelTypeRow = AdminLabelTypesResponse['labelTypes'][number];
type Props = {
  /** The type being edited; null creates a new one. */
  editing: LabelTypeRow | null;
  services: AdminLabelTypesResponse['services'];
  /** Services already used by another type (a service has one type). */
  takenUids: string[];
  opened: boolean;
  onClose: () => void;
};

/** Create or edit a label type: name, carrier service, max weight, enabled, and its price tiers. */
export function LabelTypeDialog(props: Props) {
  const { editing, opened, onClose } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New label type'}
      size="lg"
      centered
    >
      {/* A fresh form each time the dialog opens, starting from the type being edited. */}
      {opened && <LabelTypeForm key={editing?._id ?? 'new'} {...props} />}
    </Modal>
  );
}

function LabelTypeForm({ editing, services, takenUids, onClose }: Props) {
  const save = useSaveLabelType(editing?._id ?? null);
  const [name, setName] = useState(editing?.name ?? '');
  const [uid, setUid] = useState<string | null>(editing?.uid ?? null);
  const [maxWeight, setMaxWeight] = useState<number | ''>(editing?.maxWeight ?? '');
  const [enabled, setEnabled] = useState(editing?.status ?? true);
  // Empty: the carrier's default window (USPS 30 days, UPS and FedEx 90).
  const [voidWindow, setVoidWindow] = useState<number | ''>(editing?.voidWindowDays ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(
    editing ? toDrafts(editing.prices) : [{ fromWeight: 0, toWeight: '', price: '' }],
  );
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const service = services.find((s) => s.uid === uid);
  const options = services
    .filter((s) => s.uid === editing?.uid || !takenUids.includes(s.uid))
    .map((s) => ({ value: s.uid, label: `${s.name} (${s.uid})` }));
  const nameError = tried && !name.trim() ? 'Name is required' : undefined;
  const uidError = tried && !uid ? 'Choose a carrier service' : undefined;
  const defaultWindow = service ? DEFAULT_VOID_WINDOW_DAYS[service.carrier] : null;
  const isVoidWindowValid =
    voidWindow === '' || (Number.isInteger(voidWindow) && voidWindow >= 1 && voidWindow <= 365);
  const voidWindowError = tried && !isVoidWindowValid ? 'Void window must be 1 to 365 whole days' : undefined;
  const weightError =
    tried && !(typeof maxWeight === 'number' && maxWeight > 0)
      ? 'Max weight must be greater than 0'
      : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    const prices = completeTiers(tiers);
    if (save.isPending || !name.trim() || !uid || maxWeight === '' || !prices) return;
    if (tierProblems(tiers, maxWeight).length > 0 || !isVoidWindowValid) return;
    try {
      const result = await save.mutateAsync({
        name: name.trim(),
        uid,
        maxWeight,
        status: enabled,
        prices,
        voidWindowDays: voidWindow === '' ? undefined : voidWindow,
      });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          required
          data-autofocus
        />
        <Select
          label="Carrier service"
          description="The label the engine renders for this type"
          data={options}
          value={uid}
          onChange={setUid}
          error={uidError}
          nothingFoundMessage="Every service already has a label type"
          required
          allowDeselect={false}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={`Max weight${service ? ` (${service.weightUnit})` : ''}`}
            value={maxWeight}
            onChange={(v) => setMaxWeight(v === '' ? '' : Number(v))}
            min={0}
            decimalScale={2}
            error={weightError}
            required
          />
          <Switch
            label="Enabled"
            description={enabled ? 'Resellers can order it' : 'Hidden from resellers; new orders refused'}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            mt={28}
          />
        </Group>
        <NumberInput
          label="Void window (days)"
          description={
            defaultWindow
              ? `How long after purchase a label can be voided and refunded. Empty: the carrier's ${defaultWindow} days.`
              : 'How long after purchase a label can be voided and refunded (USPS 30 days, UPS and FedEx 90).'
          }
          placeholder={defaultWindow ? String(defaultWindow) : undefined}
          value={voidWindow}
          onChange={(v) => setVoidWindow(v === '' ? '' : Number(v))}
          allowNegative={false}
          allowDecimal={false}
          error={voidWindowError}
          maw={{ base: '100%', xs: 320 }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Price tiers
          </Text>
          <PriceTiersEditor
            value={tiers}
            onChange={setTiers}
            unit={service?.weightUnit ?? 'lb'}
            maxWeight={maxWeight}
            showProblems={tried}
          />
        </div>
        <Text size="xs" c="dimmed">
          Orders already placed keep the price they were charged.
        </Text>
        {failure && (
          <Text c="red.8" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save label type' : 'Create label type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
