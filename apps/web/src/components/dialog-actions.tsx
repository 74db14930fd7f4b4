import { Button, Group, Text, type MantineColor } from '@mantine/core';

type DialogActionsProps = {
  /** Why the last submit failed, when no field took the message. */
  error?: string | null;
  submitLabel: string;
  submitColor?: MantineColor;
  isPending: boolean;
  cancelLabel?: string;
  onCancel: () => void;
  isCancelDisabled?: boolean;
};

/** The foot of a dialog's form: the form's failure, then Cancel (or Back) and the submit button on the right. */
export function DialogActions({
  error,
  submitLabel,
  submitColor,
  isPending,
  cancelLabel = 'Cancel',
  onCancel,
  isCancelDisabled,
}: DialogActionsProps) {
  return (
    <>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isCancelDisabled}>
          {cancelLabel}
        </Button>
        <Button type="submit" color={submitColor} loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
