import { FileInput, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import {
  COURIER_FILE_MAX_BYTES,
  COURIER_MAX_PRICE,
  courierCancelBody,
  formatUsd,
  type AdminCourierOrderView,
} from '@portal/shared';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { courierReference } from '../../../components/courier-order-details';
import { DialogActions } from '../../../components/dialog-actions';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
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

type FieldErrors = Partial<Record<'price' | 'note' | 'file', string>>;

const fieldErrorsOf = (error: unknown): FieldErrors => {
  if (!(error instanceof ApiError)) return {};
  const list = (error.body as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? [];
  return Object.fromEntries(list.filter((e) => e.field && e.message).map((e) => [e.field, e.message]));
};

function MoveForm({
  order,
  kind,
  isSending,
  onSubmit,
  onClose,
}: NonNullable<PendingMove> & Omit<CourierMoveDialogProps, 'value'>) {
  const [price, setPrice] = useState<number | string>(order.price ?? '');
  const [note, setNote] = useState(kind === 'quote' ? order.note : '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const local: FieldErrors = {};
    if (kind === 'quote' && (typeof price !== 'number' || price <= 0)) local.price = 'Enter a price above $0';
    if (kind === 'complete' && !file) local.file = 'Choose the label or document (PDF)';
    if (kind === 'complete' && file && file.size > COURIER_FILE_MAX_BYTES)
      local.file = `The file is larger than ${COURIER_FILE_MAX_BYTES / 1024 / 1024} MB`;
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    const move: CourierMove =
      kind === 'quote'
        ? { kind, id: order._id, price: Number(price), note: note.trim() }
        : { kind: 'complete', id: order._id, file: file!, note: note.trim() };
    try {
      await onSubmit(move);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MoveSummary order={order} kind={kind} />
        {kind === 'quote' && (
          <NumberInput
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
            value={price}
            onChange={setPrice}
            error={errors.price}
          />
        )}
        {kind === 'complete' && (
          <FileInput
            label="Label or document"
            description="PDF, up to 10 MB"
            placeholder="Choose a PDF"
            accept="application/pdf,.pdf"
            leftSection={<IconFileTypePdf size={16} />}
            clearable
            required
            value={file}
            onChange={setFile}
            error={errors.file}
          />
        )}
        <Textarea
          label="Status Note"
          description="The reseller sees this note in their list"
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        <DialogActions
          error={formError}
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
