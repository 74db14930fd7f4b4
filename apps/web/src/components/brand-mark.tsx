import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

type BrandMarkProps = {
  compact?: boolean;
  size?: 'sm' | 'md' | 'lg';
  inverted?: boolean;
  /** The name shows from this breakpoint up (a phone header keeps its width for the balance and menu). */
  nameVisibleFrom?: 'xs' | 'sm';
};

/** The LabelPort logo: a parcel in a rounded tile, plus the name unless compact. */
export function BrandMark({
  compact = false,
  size = 'md',
  inverted = false,
  nameVisibleFrom,
}: BrandMarkProps) {
  const tile = { sm: 28, md: 34, lg: 42 }[size];
  return (
    <Group gap={10} wrap="nowrap" aria-label="LabelPort">
      <ThemeIcon
        size={tile}
        radius="md"
        variant={inverted ? 'white' : 'gradient'}
        gradient={{ from: 'blue.7', to: 'cyan.6', deg: 135 }}
        aria-hidden
      >
        <IconPackage size={tile * 0.6} stroke={1.8} />
      </ThemeIcon>
      {!compact && (
        <Text
          component="span"
          fw={800}
          fz={size === 'lg' ? 24 : size === 'md' ? 20 : 17}
          c={inverted ? 'white' : undefined}
          visibleFrom={nameVisibleFrom}
          style={{ letterSpacing: '-0.02em' }}
        >
          LabelPort
        </Text>
      )}
    </Group>
  );
}
