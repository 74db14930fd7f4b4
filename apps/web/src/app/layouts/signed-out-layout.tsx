import { Box, Flex, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconFileSpreadsheet, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';

const SELLING_POINTS = [
  { icon: IconTruckDelivery, text: 'USPS, UPS and FedEx labels, ready to print in seconds' },
  { icon: IconFileSpreadsheet, text: 'Single, quick, CSV bulk and API orders from one balance' },
  { icon: IconBolt, text: 'Prepaid USD balance: you always see the price before you pay' },
  { icon: IconShieldCheck, text: 'Your labels, addresses and API key stay private to your account' },
];

function BrandPanel() {
  return (
    <Stack
      component="aside"
      aria-label="About LabelPort"
      visibleFrom="md"
      justify="space-between"
      p={48}
      w="44%"
      maw={560}
      style={{
        background: 'linear-gradient(150deg, var(--mantine-color-blue-8), var(--mantine-color-cyan-7))',
      }}
    >
      <BrandMark size="lg" inverted />
      <Stack gap="xl">
        <Title order={2} c="white" fz={34} lh={1.2} style={{ letterSpacing: '-0.02em' }}>
          Prepaid shipping labels for resellers
        </Title>
        <List spacing="md" c="white" center>
          {SELLING_POINTS.map(({ icon: Icon, text }) => (
            <List.Item
              key={text}
              icon={
                <ThemeIcon size={32} radius="xl" variant="white" aria-hidden>
                  <Icon size={18} />
                </ThemeIcon>
              }
            >
              <Text c="white" size="md" opacity={0.95}>
                {text}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Text size="xs" c="white" opacity={0.75}>
        © {new Date().getFullYear()} LabelPort
      </Text>
    </Stack>
  );
}

/** Sign-In and Register: a brand panel on large screens, a centered card everywhere. */
export function SignedOutLayout({ children }: { children: ReactNode }) {
  return (
    <Flex mih="100dvh" bg="gray.0">
      <BrandPanel />
      <Flex flex={1} direction="column" align="center" justify="center" px="md" py={{ base: 'xl', sm: 48 }}>
        <Box w="100%" maw={420}>
          <Box
            component="header"
            hiddenFrom="md"
            mb="xl"
            style={{ display: 'flex', justifyContent: 'center' }}
          >
            <BrandMark size="md" />
          </Box>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }} component="main">
            {children}
          </Paper>
          <Text component="footer" ta="center" size="xs" c="dimmed" mt="lg" hiddenFrom="md">
            Prepaid USPS, UPS and FedEx labels for resellers
          </Text>
        </Box>
      </Flex>
    </Flex>
  );
}
