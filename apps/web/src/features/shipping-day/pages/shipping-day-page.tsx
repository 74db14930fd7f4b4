import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { notifySuccess } from '../../../lib/notify';
import {
  useCancelPickup,
  useCreateScanForm,
  useDownloadScanForm,
  usePickups,
  useScanForms,
  useShippingDay,
} from '../../../api/shipping-day';
import { LabelGroupCard } from '../components/label-group-card';
import { PickupDialog, type PickupAsk } from '../components/pickup-dialog';
import { PickupList } from '../components/pickup-list';
import { ScanFormList } from '../components/scan-form-list';

/** `/shipping-day` (issue 46): today's labels by from-address and carrier, SCAN forms and pickups. */
export function ShippingDayPage() {
  const today = useShippingDay();
  const forms = useScanForms();
  const pickups = usePickups();
  const createForm = useCreateScanForm();
  const download = useDownloadScanForm();
  const cancel = useCancelPickup();
  const [asking, setAsking] = useState<PickupAsk>(null);
  const creatingFor = createForm.isPending
    ? (createForm.variables as { orderIds?: string[] }).orderIds
    : null;

  return (
    <>
      <PageHeader
        title="Shipping day"
        description="Today’s labels by from-address and carrier: hand USPS one SCAN form for the stack, or book a pickup."
      />
      <Stack gap="lg">
        <SectionCard title="Today’s labels">
          {today.error && <ErrorAlert error={today.error} />}
          {today.data?.groups.length === 0 && (
            <Text size="sm" c="dimmed">
              No labels bought today yet.
            </Text>
          )}
          {today.data?.groups.map((group) => (
            <LabelGroupCard
              key={`${group.carrier}|${group.fromAddress.street}|${group.fromAddress.zip}`}
              group={group}
              isCreatingForm={!!creatingFor && group.labels.some((l) => creatingFor.includes(l._id))}
              onCreateScanForm={(orderIds) =>
                createForm.mutate({ orderIds }, { onSuccess: (result) => notifySuccess(result.message) })
              }
              onSchedulePickup={(g, orderIds) => setAsking({ group: g, orderIds })}
            />
          ))}
        </SectionCard>
        <SectionCard title="SCAN forms">
          {forms.error && <ErrorAlert error={forms.error} />}
          <ScanFormList
            forms={forms.data ?? []}
            downloadingId={download.isPending ? (download.variables ?? null) : null}
            onDownload={(form) => download.mutate(form._id)}
          />
        </SectionCard>
        <SectionCard title="Pickups">
          {pickups.error && <ErrorAlert error={pickups.error} />}
          <PickupList
            pickups={pickups.data ?? []}
            cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
            onCancel={(pickup) =>
              cancel.mutate(pickup._id, { onSuccess: (result) => notifySuccess(result.message) })
            }
          />
        </SectionCard>
      </Stack>
      <PickupDialog ask={asking} onClose={() => setAsking(null)} onBooked={notifySuccess} />
    </>
  );
}
