import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../testing/render';
import { useTimedMessage } from '../lib/use-timed-message';
import { TimedMessageAlert } from './timed-message-alert';

function Harness() {
  const { message, show } = useTimedMessage();
  return (
    <>
      <button onClick={() => show('Invalid Discord Name or password')}>error</button>
      <button onClick={() => show('Password changed', 'success')}>success</button>
      <TimedMessageAlert message={message} />
    </>
  );
}
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('TimedMessageAlert with useTimedMessage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an error as an alert and removes it after 3 seconds', () => {
    renderWithRouter(<Harness />);
    press('error');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Discord Name or password');
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a success as a status, and a new message restarts the 3 seconds', () => {
    renderWithRouter(<Harness />);
    press('success');
    act(() => vi.advanceTimersByTime(2_000));
    press('success');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('status')).toHaveTextContent('Password changed');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByTestId('auth-message')).not.toBeInTheDocument();
  });
});
