import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

describe('staff sign-in (/staff/login)', () => {
  it.each([
    ['es', 'Espera 1:05 para pedir otro código.'],
    ['en', 'Wait 1:05 before asking for another code.'],
  ] as const)('in %s, a code asked for again too soon says how long to wait, not the raw reason', async (language, message) => {
    installFakeFetch((call) =>
      call.url === '/api/staff/auth/email' ? apiError(429, 'LIMIT_EXCEEDED', 'Wait', { reason: 'resend-too-soon', retryAfterSeconds: 65 }) : undefined,
    );
    renderApp('/staff/login', { language });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coach@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByText('resend-too-soon')).toBeNull();
  });
});
