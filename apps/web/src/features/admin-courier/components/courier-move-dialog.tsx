import { Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  COURIER_FILE_MAX_BYTES,
  COURIER_MAX_PRICE,
  courierCancelBody,
  courierCompleteFields,
  courierQuoteBody,
  formatUsd,
  type AdminCourierOrderView,
} from '@portal/shared';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { courierReference } from '../../../components/courier-order-details';
import { DialogActions } from '../../../components/dialog-actions';
import { FileField, NumberField } from '../../../components/form-fields';
import { ReasonDialog } from '../../../components/reason-dialog';
import { errorMessage } from '../../../lib/notify';
import { schemaResolver } from '../../../lib/schema-resolver';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import type { CourierMove } from '../api/admin-courier';

export type MoveKind = CourierMove['kind'];
export type PendingMove = { order: AdminCourierOrderView; kind: MoveKind } | null;

const TITLES: Record<MoveKind, string> = {
  quote: 'Send a quote',
  complete: 'Upload the label and complete',
  cancel: 'Cancel the order',
};

type CourierMoveDialogProps = {
  value: PendingMove;
  isSending: boolean;
  onSubmit: (move: CourierMove) => Promise<unknown>;
  onClose: () => void;
};

/** The cancel note is the reason of a cancel: the shared cancel body's rule. */
const cancelNote = z.object({ reason: courierCancelBody.shape.note });

/** Quote (price and note), Complete (the PDF and a note) or Cancel (a note, refunded when charged). */
export function CourierMoveDialog({ value, isSending, onSubmit, onClose }: CourierMoveDialogProps) {
  if (value?.kind === 'cancel')
    return (
      <ReasonDialog
        opened
        title={TITLES.cancel}
        reason={{
          label: 'Status Note',
          description: 'The reseller sees this note in their list',
          required: true,
          autoFocus: true,
          serverField: 'note',
        }}
        schema={cancelNote}
        confirmLabel="Cancel order"
        confirmColor="red"
        cancelLabel="Back"
        isPending={isSending}
        onConfirm={async (note) => {
          await onSubmit({ kind: 'cancel', id: value.order._id, note });
          onClose();
        }}
        onClose={onClose}
      >
        <MoveSummary order={value.order} kind="cancel" />
      </ReasonDialog>
    );
  return (
    <Modal opened={value !== null} onClose={onClose} centered title={value ? TITLES[value.kind] : ''}>
      {value && (
        <MoveForm
          key={`${value.order._id}:${value.kind}`}
          {...value}
          isSending={isSending}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** Which order moves, and what a cancel gives back. */
function MoveSummary({ order, kind }: { order: AdminCourierOrderView; kind: MoveKind }) {
  return (
    <Text size="sm">
      Order <b>{courierReference(order)}</b> of <b>{order.username}</b>: {order.from.city}, {order.from.state}{' '}
      → {order.to.city}, {order.to.state}.
      {kind === 'cancel' && order.status === 'In Process' && order.price !== null && (
        <> The reseller paid {formatUsd(order.price)}; cancelling refunds it.</>
      )}
    </Text>
  );
}

/** Complete: the shared note rule and a PDF within the size the server takes. */
const completeBody = courierCompleteFields.extend({
  file: z
    .custom<File>((value) => value instanceof File, 'Choose the label or document (PDF)')
    .refine(
      (file) => file.size <= COURIER_FILE_MAX_BYTES,
      `The file is larger than ${COURIER_FILE_MAX_BYTES / 1024 / 1024} MB`,
    ),
});

type MoveValues = { price: number | string; note: string; file: File | null };
type MoveBody = { price?: number; note: string; file?: File };
const MOVE_FIELDS = ['price', 'note', 'file'] as const;

const resolvers: Record<Exclude<MoveKind, 'cancel'>, Resolver<MoveValues, unknown, MoveBody>> = {
  // An empty price is no price above $0.
  quote: schemaResolver(courierQuoteBody, (values: MoveValues) => ({
    price: values.price === '' ? 0 : values.price,
    note: values.note,
  })),
  complete: schemaResolver(completeBody, (values: MoveValues) => ({ file: values.file, note: values.note })),
};

function MoveForm({
  order,
  kind,
  isSending,
  onSubmit,
  onClose,
}: NonNullable<PendingMove> & Omit<CourierMoveDialogProps, 'value'>) {
  const form = useForm<MoveValues, unknown, MoveBody>({
    resolver: resolvers[kind === 'quote' ? 'quote' : 'complete'],
    reValidateMode: 'onSubmit',
    defaultValues: { price: order.price ?? '', note: kind === 'quote' ? order.note : '', file: null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    if (isSending) return;
    const move: CourierMove =
      kind === 'quote'
        ? { kind, id: order._id, price: body.price!, note: body.note }
        : { kind: 'complete', id: order._id, file: body.file!, note: body.note };
    try {
      await onSubmit(move);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, MOVE_FIELDS))
        form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MoveSummary order={order} kind={kind} />
        {kind === 'quote' && (
          <NumberField
            control={form.control}
            name="price"
            label="Price"
            description="What the reseller pays when they accept"
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0.01}
            max={COURIER_MAX_PRICE}
            thousandSeparator=","
            hideControls
            required
            data-autofocus
          />
        )}
        {kind === 'complete' && (
          <FileField
            control={form.control}
            name="file"
            label="Label or document"
            description="PDF, up to 10 MB"
            placeholder="Choose a PDF"
            accept="application/pdf,.pdf"
            leftSection={<IconFileTypePdf size={16} />}
            required
          />
        )}
        <Textarea
          label="Status Note"
          description="The reseller sees this note in their list"
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('note')}
          error={errors.note?.message}
        />
        <DialogActions
          error={errors.root?.message}
          submitLabel={kind === 'quote' ? 'Send quote' : 'Complete order'}
          submitColor={kind === 'complete' ? 'teal' : undefined}
          isPending={isSending}
          cancelLabel="Back"
          onCancel={onClose}
          isCancelDisabled={isSending}
        />
      </Stack>
    </form>
  );
}
