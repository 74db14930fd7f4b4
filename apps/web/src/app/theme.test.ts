import { describe, expect, it } from 'vitest';
import { luminance, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { theme, variantColorResolver } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const toHex = (color: string) => (color === 'var(--mantine-color-white)' ? '#ffffff' : color);

describe('theme', () => {
  it.each(Object.keys(DEFAULT_THEME.colors))(
    'a filled %s button reads at 4.5:1 or better (WCAG AA), as the console’s teal Approve must',
    (color) => {
      const { background, color: text } = variantColorResolver({ color, variant: 'filled', theme: resolved });
      const bg = background.startsWith('var(') ? resolved.colors[color]![8] : background;
      expect(contrast(bg, toHex(text))).toBeGreaterThanOrEqual(4.5);
    },
  );
});
