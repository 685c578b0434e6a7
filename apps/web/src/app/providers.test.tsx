import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const styles = () => [...document.querySelectorAll('style[data-emotion^="css"]')].map((style) => style.textContent).join('\n');

afterEach(() => {
  for (const style of document.querySelectorAll('style[data-emotion]')) style.remove();
});

describe("the app's styles (issue 10, first load: no prefixes the build's browsers do not need)", () => {
  it('writes user-select with the -webkit- copy Safari needs, and nothing else prefixed', () => {
    render(
      <AppProviders queryClient={createQueryClient()} i18n={createI18n('es')}>
        <Box
          data-testid="styled"
          sx={{ userSelect: 'none', display: 'flex', alignItems: 'center', transform: 'scale(2)', transition: 'opacity 1s', animation: `${fade} 1s`, '&::placeholder': { color: 'red' } }}
        />
      </AppProviders>,
    );
    const css = styles();
    expect(css).toMatch(/-webkit-user-select:none;user-select:none;/);
    expect(css).toMatch(/display:flex;/);
    expect(css).toMatch(/transform:scale\(2\);/);
    expect(css).toMatch(/@keyframes /);
    expect(css).toMatch(/::placeholder\{color:red;\}/);
    // emotion's default prefixer wrote each of these.
    for (const prefixed of ['-webkit-box', '-ms-flexbox', '-webkit-transform', '-webkit-transition', '-webkit-animation', '@-webkit-keyframes', '-moz-user-select', '-ms-user-select', '::-moz-placeholder', '-ms-input-placeholder'])
      expect(css).not.toContain(prefixed);
  });
});
