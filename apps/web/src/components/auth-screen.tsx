import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';

type AuthScreenProps = {
  /** The tab's title, when it is not the heading's. */
  documentTitle?: string;
  title: string;
  subtitle: string;
  /** The line under the form that leads to the other screen ("New to LabelPort? Create an account"). */
  footer: { question: string; to: string; label: string };
  children: ReactNode;
};

/** A screen before sign-in (Sign-In, Register, account recovery): heading, line of text, form, footer link. */
export function AuthScreen({ documentTitle, title, subtitle, footer, children }: AuthScreenProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <>
      <Stack gap={6} mb="lg">
        <Title order={1} fz={26} fw={700} style={{ letterSpacing: '-0.01em' }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </Stack>
      {children}
      <Text ta="center" size="sm" mt="xl" c="dimmed">
        {footer.question}{' '}
        <Anchor component={Link} to={footer.to} fw={600}>
          {footer.label}
        </Anchor>
      </Text>
    </>
  );
}
