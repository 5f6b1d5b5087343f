import { DEFAULT_THEME, luminance, type MantineColorsTuple, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2.x contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const WHITE = '#ffffff';
const PAGE_GREY = resolved.colors.gray[0];
const hues = Object.keys(resolved.colors).filter((name) => name !== 'gray' && name !== 'dark');

function shadesOf(name: string): MantineColorsTuple {
  const shades = resolved.colors[name];
  if (!shades) throw new Error(`no colour ${name}`);
  return shades;
}

describe('theme colours meet WCAG 2.2 AA (issue #13 item 12)', () => {
  it('fills buttons and badges with shade 7, the shade each hue is checked at', () => {
    expect(resolved.primaryShade).toEqual({ light: 7, dark: 5 });
  });

  it.each(hues)('%s: white text on a filled button or badge reads at 4.5:1 or more', (name) => {
    const shades = shadesOf(name);
    expect(contrast(WHITE, shades[7])).toBeGreaterThanOrEqual(4.5);
    // Hover (filled-hover is shade 8).
    expect(contrast(WHITE, shades[8])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(hues)(
    '%s: coloured text (c="<hue>", outline badges) reads at 4.5:1 on white and on the page grey',
    (name) => {
      const shades = shadesOf(name);
      for (const shade of [7, 8, 9] as const) {
        expect(contrast(shades[shade], WHITE)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(shades[shade], PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it.each(hues)('%s: a light badge or button (shade 9 on shade 1, hover shade 2) reads at 4.5:1', (name) => {
    const shades = shadesOf(name);
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(hues)('%s: shade 6 (dots, icons, borders) stands out at 3:1 on white', (name) => {
    expect(contrast(shadesOf(name)[6], WHITE)).toBeGreaterThanOrEqual(3);
  });
});

describe('text the theme colours through CSS variables meets WCAG 2.2 AA', () => {
  const light: Record<string, string | undefined> = cssVariablesResolver(resolved).light;

  it.each(['--mantine-color-dimmed', '--mantine-color-error'])(
    '%s reads at 4.5:1 on white and on the page grey',
    (variable) => {
      const colour = light[variable];
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(colour ?? WHITE, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour ?? WHITE, PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
