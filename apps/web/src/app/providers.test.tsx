import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';

const fade = keyframes({ from: { opacity: 0.25 }, to: { opacity: 0.75 } });
/** The rules emotion wrote (one per style element in a test) that name one of `names`. */
const rulesNaming = (...names: string[]) =>
  [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent ?? '').filter((rule) => names.some((name) => rule.includes(name)));

describe("the app's styles (issue 10, first load: no prefixes the build's browsers do not need)", () => {
  it('writes user-select with the -webkit- copy Safari needs, and nothing else prefixed', () => {
    const ui = () => (
      <AppProviders queryClient={createQueryClient()} i18n={createI18n('es')}>
        <Box
          data-testid="styled"
          sx={{ userSelect: 'none', display: 'flex', alignItems: 'center', transform: 'scale(2.5)', transition: 'opacity 1.5s', animation: `${fade} 1.5s`, '&::placeholder': { color: 'red' } }}
        />
      </AppProviders>
    );
    const first = render(ui());
    const name = [...screen.getByTestId('styled').classList].find((c) => c.startsWith('css-'))!;
    const css = rulesNaming(name, fade.name).join('\n');
    expect(css).toMatch(/-webkit-user-select:none;user-select:none;/);
    expect(css).toMatch(/display:flex;/);
    expect(css).toMatch(/transform:scale\(2\.5\);/);
    expect(css).toMatch(/@keyframes /);
    expect(css).toMatch(/::placeholder\{color:red;\}/);
    // emotion's default prefixer wrote each of these.
    for (const prefixed of ['-webkit-box', '-ms-flexbox', '-webkit-transform', '-webkit-transition', '-webkit-animation', '@-webkit-keyframes', '-moz-user-select', '-ms-user-select', '::-moz-placeholder', '-ms-input-placeholder'])
      expect(css).not.toContain(prefixed);
    // Mounted again (as the tests and a remount do), the page's cache does not write its rules twice.
    first.unmount();
    render(ui());
    expect(rulesNaming(name, fade.name)).toHaveLength(css.split('\n').length);
  });
});
