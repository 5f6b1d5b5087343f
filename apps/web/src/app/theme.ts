import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * A back-office look for counter PCs and tablets: one deep navy brand colour with a high
 * contrast shade (7) for text on white, neutral greys, system fonts (nothing to download at a
 * till), and controls one size larger than Mantine's default so they are easy to hit by touch.
 */
const navy: MantineColorsTuple = [
  '#eaf1fb',
  '#d3e0f3',
  '#a6bfe6',
  '#769cd9',
  '#4e7ecd',
  '#356bc6',
  '#2660c3',
  '#1a4fa8',
  '#124597',
  '#033b86',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  colors: { navy },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#14171c',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    NavLink: { defaultProps: { py: 'sm' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});

/**
 * Secondary text in Mantine ('dimmed') is gray.6, about 3.3:1 on white: too faint for a shop
 * floor. gray.7 gives about 8:1 (WCAG AA needs 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolvedTheme.colors.gray[7] ?? '#495057' },
  dark: {},
});
