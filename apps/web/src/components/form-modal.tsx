import { Modal, type ModalProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

type FormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** What the form edits ('new' when it creates): another key starts a fresh form. */
  formKey: string;
  children: ReactNode;
};

/** A dialog holding a form that starts afresh each time it opens, from the thing being edited. */
export function FormModal({ opened, onClose, title, size = 'lg', formKey, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      {opened && <Fragment key={formKey}>{children}</Fragment>}
    </Modal>
  );
}
