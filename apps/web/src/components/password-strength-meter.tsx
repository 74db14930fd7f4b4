import { Group, Progress, Text } from '@mantine/core';
import { usePasswordVerdict, type PasswordOwner } from '../lib/password-strength';

// zxcvbn scores 0-4; 3 and up is what the server accepts.
const LEVELS = [
  { label: 'Very weak', color: 'red' },
  { label: 'Weak', color: 'red' },
  { label: 'Fair', color: 'orange' },
  { label: 'Strong', color: 'teal' },
  { label: 'Very strong', color: 'teal' },
] as const;

/** A live bar under a new-password field; the field's error says why a weak one is refused. */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const verdict = usePasswordVerdict(password, owner);
  if (!verdict) return null;
  const level = LEVELS[Math.min(Math.max(verdict.score, 0), LEVELS.length - 1)]!;
  return (
    <Group gap="xs" wrap="nowrap" mt={6} data-testid="password-strength">
      <Progress.Root size="sm" radius="xl" style={{ flex: 1 }}>
        <Progress.Section
          value={(verdict.score + 1) * 20}
          color={level.color}
          aria-label={`Password strength: ${level.label}`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed" miw={72} ta="right">
        {level.label}
      </Text>
    </Group>
  );
}
