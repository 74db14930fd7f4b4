import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { FakeServer } from './fake-server';

export type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine select by its label (inside `scope` when given) and picks an option. */
export async function choose(
  user: User,
  label: string | RegExp,
  option: string | RegExp,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * The reason rule of a confirm dialog: confirming with `field` empty shows `required` and sends nothing;
 * with `reason` typed, one POST goes out.
 */
export async function confirmWithReason(
  user: User,
  server: FakeServer,
  dialog: HTMLElement,
  { button, field = 'Reason', required = 'Reason is required', reason }: ReasonStep,
) {
  await user.click(within(dialog).getByRole('button', { name: button }));
  expect(await within(dialog).findByText(required)).toBeInTheDocument();
  expect(server.posts()).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: field }), reason);
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(server.posts()).toHaveLength(1));
}

type ReasonStep = { button: string; field?: string; required?: string; reason: string };
