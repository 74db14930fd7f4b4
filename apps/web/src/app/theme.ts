import {
  Anchor,
  createTheme,
  defaultVariantColorsResolver,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Orange, yellow and teal stay under 4.5:1 on their own tint even at shade 9 (teal.9 on teal.1, as a
 * Completed badge renders, is 4.3:1): their light text is deeper still.
 */
const DEEP_LIGHT_TEXT: Record<string, string> = { orange: '#a33a06', yellow: '#8a5a00', teal: '#06664a' };

const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/**
 * Filled buttons and badges carry white text on shade 8, which is under 4.5:1 for teal (3.9:1, the
 * console's Approve), green, cyan, orange (the address panel's "Use ..."), lime and yellow: each takes
 * shade 9, or shade 9 a little deeper, where white holds 4.5:1; yellow, which would turn brown first,
 * takes dark text instead.
 */
const FILLED: Record<string, { background: string; color: string }> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
    if (contrastWithWhite(shades[8]) >= 4.5) return [];
    const deeper = [shades[9], ...[0.05, 0.1, 0.15].map((amount) => darken(shades[9], amount))].find(
      (shade) => contrastWithWhite(shade) >= 4.5,
    );
    return [
      [name, deeper ? { background: deeper, color: '#fff' } : { background: shades[5], color: '#000' }],
    ];
  }),
);

/**
 * Light buttons and badges: text in shade 9, since orange or teal at shade 8 on its tint is under 4.5:1.
 * Filled ones: a background white text can be read on (FILLED).
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const color = input.color ?? input.theme.primaryColor;
  if (input.variant === 'light' && color in input.theme.colors) {
    return { ...colors, color: DEEP_LIGHT_TEXT[color] ?? `var(--mantine-color-${color}-9)` };
  }
  const filled = (input.variant ?? 'filled') === 'filled' ? FILLED[color] : undefined;
  if (filled)
    return {
      ...colors,
      background: filled.background,
      hover: darken(filled.background, 0.1),
      color: filled.color,
    };
  return colors;
};

/**
 * Toasts sit top-right (spec) at react-toastify's z-index 9999, right over the account menu's dropdown. A
 * dropdown the user has just opened goes above them, so a passing toast never takes the click meant for
 * Sign out or a select's option.
 */
export const DROPDOWN_Z_INDEX = 10_000;

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 (#1971c2) is the lightest blue with 4.5:1 on white (shade 7 is 4.2:1, under WCAG AA).
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  variantColorResolver,
  // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1).
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // By name, not Menu.extend(): importing those components here would put them in the sign-in bundle.
    Menu: { defaultProps: { zIndex: DROPDOWN_Z_INDEX } },
    Popover: { defaultProps: { zIndex: DROPDOWN_Z_INDEX } },
    Combobox: { defaultProps: { zIndex: DROPDOWN_Z_INDEX } },
  },
});

/** Dimmed text: Mantine's gray.6 (#868e96) is 3.3:1 on white; #5c636a keeps the look at 6:1. Placeholders likewise. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6c737a' },
  dark: {},
});
