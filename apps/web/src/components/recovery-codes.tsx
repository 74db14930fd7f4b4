import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';

/**
 * New recovery codes, shown this once (turning two-factor sign-in on, or making new codes in Account
 * Settings): the server's message, the codes, a copy button and the acknowledgement that closes them.
 */
export function RecoveryCodes({
  message,
  recoveryCodes,
  onDone,
}: {
  message: string;
  recoveryCodes: string[];
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status">
        {message}
      </Alert>
      <Text size="sm" fw={600}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are
        shown only now.
      </Text>
      <List spacing={4} aria-label="Recovery codes" listStyleType="none">
        {recoveryCodes.map((recoveryCode) => (
          <List.Item key={recoveryCode}>
            <Code fz="md">{recoveryCode}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button
          variant="default"
          onClick={() => void navigator.clipboard?.writeText(recoveryCodes.join('\n'))}
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Group>
    </Stack>
  );
}
