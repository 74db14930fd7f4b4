import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/use-document-title';

type RecoveryLayoutProps = { title: string; text: string; children: ReactNode };

/** Title, the spec's line of text, the form, and the footer every recovery screen shares (spec section 2). */
export function RecoveryLayout({ title, text, children }: RecoveryLayoutProps) {
  useDocumentTitle(title);
  return (
    <>
      <Stack gap={6} mb="lg">
        <Title order={1} fz={26} fw={700} style={{ letterSpacing: '-0.01em' }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
      {children}
      <Text ta="center" size="sm" mt="xl" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Login
        </Anchor>
      </Text>
    </>
  );
}
