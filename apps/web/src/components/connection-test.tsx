import { Alert } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionButton } from './action-button';

/** What a company said to a test call: shown above its table until dismissed or the next test. */
export type ConnectionAnswer = { name: string; ok: boolean; message: string };

type TestMutation = {
  mutate: (id: string, options: { onSuccess: (result: { ok: boolean; message: string }) => void }) => void;
  isPending: boolean;
  variables: string | undefined;
};

/**
 * The "Test connection" of the providers and payment providers pages: one test at a time, its answer
 * named after the company it asked.
 */
export function useConnectionTest(test: TestMutation) {
  const [answer, setAnswer] = useState<ConnectionAnswer | null>(null);
  const run = (target: { _id: string; name: string }) => {
    setAnswer(null);
    test.mutate(target._id, { onSuccess: (result) => setAnswer({ name: target.name, ...result }) });
  };
  const testing = test.isPending ? test.variables : undefined;
  return { answer, run, testing, dismiss: () => setAnswer(null) };
}

type AnswerProps = { answer: ConnectionAnswer | null; failedTitle: string; onDismiss: () => void };

/** The test's answer: "<name>: connected", or "<name>: <failedTitle>" with the company's words. */
export function ConnectionAnswerAlert({ answer, failedTitle, onDismiss }: AnswerProps) {
  if (!answer) return null;
  return (
    <Alert
      color={answer.ok ? 'teal' : 'red'}
      title={answer.ok ? `${answer.name}: connected` : `${answer.name}: ${failedTitle}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      role="status"
    >
      {answer.message}
    </Alert>
  );
}

type ButtonProps = { name: string; loading: boolean; onClick: () => void; children: string };

/** A row's test button, named for the company it calls. */
export function TestConnectionButton({ name, loading, onClick, children }: ButtonProps) {
  return (
    <ActionButton
      variant="light"
      icon={IconPlugConnected}
      loading={loading}
      onClick={onClick}
      aria-label={`Test connection to ${name}`}
    >
      {children}
    </ActionButton>
  );
}
