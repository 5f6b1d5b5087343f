import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

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

/**
 * WCAG 2.2 AA (1.4.3, 4.5:1 for text) for every hue a screen uses (issue #13 item 12). Mantine's
 * own shades 6–9 are too light for that: white on green.7 ('Start Shift', 'Complete Sale') is
 * 2.7:1, a light badge's text (shade 9 on shade 1: 'In Stock', 'Low Stock', 'MEDIUM PRIORITY')
 * 2.7–3.8:1. Shades 0–5 (tints, backgrounds) stay Mantine's; 6–9 are the same hue darkened until:
 * shade 6 ≥ 3:1 on white (icons, dots, borders: 1.4.11), shade 7 ≥ 4.8:1 with white both ways
 * (filled buttons and badges, outline and `c="<color>"` text, as the filled shade is 7 here),
 * shade 8 ≥ 6:1 (hover, emphasised text), and shade 9 ≥ 4.8:1 on shade 2 (light variant text
 * on its background and hover). app/theme.test.ts checks every tuple.
 */
function accessible(name: string, darker: readonly [string, string, string, string]): MantineColorsTuple {
  const mantine = DEFAULT_THEME.colors[name];
  if (!mantine) throw new Error(`Mantine has no colour '${name}'`);
  return [...mantine.slice(0, 6), ...darker] as unknown as MantineColorsTuple;
}

const accessibleColors = {
  red: accessible('red', ['#fa5252', '#e21212', '#c11d1d', '#ab2424']),
  pink: accessible('pink', ['#e64980', '#d22a65', '#b92358', '#a41e4c']),
  grape: accessible('grape', ['#be4bdb', '#ad3cc8', '#9935b1', '#812c96']),
  violet: accessible('violet', ['#7950f2', '#7048e8', '#653fd9', '#5737b5']),
  indigo: accessible('indigo', ['#4c6ef5', '#4263eb', '#3556da', '#3046b1']),
  blue: accessible('blue', ['#228be6', '#1a73c4', '#1664ab', '#155897']),
  cyan: accessible('cyan', ['#139eb1', '#0d7b8c', '#0a6c7d', '#0a6475']),
  teal: accessible('teal', ['#10a377', '#09805c', '#077050', '#06674a']),
  green: accessible('green', ['#35a249', '#288138', '#227131', '#21692f']),
  lime: accessible('lime', ['#679f18', '#4f7d0f', '#426d0a', '#3f6509']),
  yellow: accessible('yellow', ['#bb8404', '#9c6500', '#8f5300', '#8d4900']),
  orange: accessible('orange', ['#e66a02', '#be4f05', '#a94109', '#a2360b']),
};

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  colors: { navy, ...accessibleColors },
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
    // A badge keeps its whole label (issue #13 item 13: 'Checko…', 'Consum…' at 820 px): it is
    // never squeezed in a row (it wraps to the next line instead) and its label's width counts
    // when a table sizes its columns (Mantine's hidden overflow let the cell shrink below it).
    Badge: { styles: { root: { flexShrink: 0 }, label: { overflow: 'visible' } } },
    // The toast's text under its title is gray.6 in Mantine (3.3:1); 'dimmed' here is gray.7.
    Notification: {
      defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // A close button is an icon: it needs a name (WCAG 4.1.2; axe 'button-name').
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A loader is a span: its 'Loading …' name is allowed only with a role (axe
    // 'aria-prohibited-attr', serious), and 'status' tells a screen reader something is on its way.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Secondary text in Mantine ('dimmed') is gray.6, about 3.3:1 on white: too faint for a shop
 * floor. gray.7 gives about 8:1 (WCAG AA needs 4.5:1). A field's error message (and the text
 * typed in a field in error) is Mantine's red.6, 3.3:1 on white ('Invalid manager PIN', issue #30
 * E2E); red.7 here is 4.8:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolvedTheme.colors.gray[7] ?? '#495057',
    '--mantine-color-error': resolvedTheme.colors.red[7] ?? '#e21212',
  },
  dark: {},
});
