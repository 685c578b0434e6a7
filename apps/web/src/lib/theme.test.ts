import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { decomposeColor, getContrastRatio, recomposeColor, ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { createElement, type ElementType } from 'react';
import { THEME } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import { BRAND_TEXT, theme } from './theme';

// Issue 10 (WCAG 2.2 AA 1.4.3): every text/background pair the theme defines has at least 4.5:1.
const AA = 4.5;
const p = theme.palette;

/** A colour with transparency as the eye sees it on `background` (contrast needs opaque colours). */
const over = (color: string, background: string): string => {
  const fg = decomposeColor(color);
  const bg = decomposeColor(background);
  const a = fg.values[3] ?? 1;
  return recomposeColor({ type: 'rgb', values: [0, 1, 2].map((i) => Math.round(fg.values[i]! * a + bg.values[i]! * (1 - a))) as [number, number, number] });
};
const ratio = (text: string, background: string): number => getContrastRatio(over(text, background), background);

const backgrounds = { 'background.default': p.background.default, 'background.paper': p.background.paper };
const fills = (['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const).flatMap((name) => [
  { pair: `${name}.contrastText on ${name}.main`, text: p[name].contrastText, background: p[name].main },
  // A hovered contained button keeps its text on the dark shade.
  { pair: `${name}.contrastText on ${name}.dark`, text: p[name].contrastText, background: p[name].dark },
]);
const textOnBackgrounds = Object.entries(backgrounds).flatMap(([bgName, background]) =>
  Object.entries({
    'text.primary': p.text.primary,
    'text.secondary': p.text.secondary,
    // Unselected toggle buttons (the coach filters) and list icons.
    'action.active': p.action.active,
    // Colours the screens use as text: links, text/outlined buttons, field errors, the teal accents.
    'primary.main': p.primary.main,
    'primary.dark': p.primary.dark,
    'secondary.main': p.secondary.main,
    'error.main': p.error.main,
  }).map(([textName, text]) => ({ pair: `${textName} on ${bgName}`, text, background })),
);
// An Avatar's letters are the background colour on a palette fill.
const avatars = (['primary', 'secondary'] as const).map((name) => ({ pair: `background.default on ${name}.main`, text: p.background.default, background: p[name].main }));

describe('theme contrast (WCAG 2.2 AA)', () => {
  it.each([...fills, ...textOnBackgrounds, ...avatars])('$pair has at least 4.5:1', ({ text, background }) => {
    expect(ratio(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps the spec colours: the brand orange as primary.light, its darker shade for text, teal and cream as given', () => {
    expect(p.primary.light.toUpperCase()).toBe(THEME.colors.primary);
    expect(p.primary.main).toBe(BRAND_TEXT);
    expect(p.secondary.main).toBe(THEME.colors.secondary);
    expect(p.background.default).toBe(THEME.colors.background);
    // The shade is the same hue as the brand (only darker).
    const hue = (c: string) => {
      const [r, g, b] = decomposeColor(c).values.map((v) => v / 255) as [number, number, number];
      const max = Math.max(r, g, b), min = Math.min(r, g, b);
      return max === r ? (60 * (g - b)) / (max - min) : NaN;
    };
    expect(hue(p.primary.main)).toBeCloseTo(hue(THEME.colors.primary), 0);
    // The brand orange itself fails as text, which is why it is decoration only.
    expect(getContrastRatio(THEME.colors.primary, '#FFFFFF')).toBeLessThan(AA);
  });

  it('makes a subtitle a paragraph, and a heading only where its component says so (axe heading-order)', () => {
    const { container } = render(
      createElement(
        ThemeProvider,
        { theme },
        createElement(Typography, { variant: 'subtitle1' }, 'a'),
        createElement(Typography, { variant: 'subtitle2' }, 'b'),
        createElement(Typography as ElementType, { variant: 'subtitle2', component: 'h3' }, 'c'),
        createElement(Typography, { variant: 'h5' }, 'd'),
      ),
    );
    expect([...container.children].map((e) => e.tagName)).toEqual(['P', 'P', 'H3', 'H5']);
  });
});

describe('focused fields', () => {
  // The brand's shade (a red-orange) outlined a focused field like the error red outlines one in error.
  it('a focused field is outlined in the text colour; one in error keeps the error red, focused or not', () => {
    const outline = (props: Record<string, unknown>) => {
      const { container } = render(createElement(ThemeProvider, { theme }, createElement(TextField, { label: 'Código', focused: true, ...props })));
      const border = getComputedStyle(container.querySelector('.MuiOutlinedInput-notchedOutline')!).borderColor;
      const label = getComputedStyle(container.querySelector('label')!).color;
      return [border, label].map((c) => recomposeColor(decomposeColor(c)));
    };
    const text = recomposeColor(decomposeColor(p.text.primary));
    const error = recomposeColor(decomposeColor(p.error.main));
    expect(outline({})).toEqual([text, text]);
    expect(outline({ error: true })).toEqual([error, error]);
  });
});
