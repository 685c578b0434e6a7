import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/toast';
import { apiError, installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

// spec 4 merge: the identity waits in verifyResponse; the phone proof joins it to the account.
beforeEach(() => {
  window.localStorage.setItem('phoneNumber', '+525512345678');
  window.localStorage.setItem('pwdlessToken', 'pt_1');
  window.localStorage.setItem('resendAvailableAt', new Date(Date.now() + 120_000).toISOString());
});

const submitCode = () => {
  fireEvent.change(screen.getByTestId('code-input'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('verify-submit'));
};

const backend = (merge: (call: FakeCall) => { status: number; body: unknown }) => (call: FakeCall) => {
  if (call.url === '/api/auth/pwdless/verify') return { status: 200, body: { status: 'account_exist', loginToken: 'lt_phone', loginProvider: 'pwdless' } };
  if (call.url === '/api/auth/auth0/verify') return merge(call);
  if (call.url === '/api/graphql') {
    const query = (call.body as { query: string }).query;
    if (query.includes('createSession')) return { status: 200, body: { data: { createSession: { sessionToken: 'st_1', mustAcceptTos: false, member: member() } } } };
    if (query.includes('getMember')) return { status: 200, body: { data: { getMember: member() } } };
  }
  return undefined;
};

describe('completing a merge after the phone code', () => {
  it('sends the mergeToken with the phone login token; account_merged opens the session and shows the social success screen', async () => {
    window.localStorage.setItem('verifyResponse', JSON.stringify({ mergeToken: 'mt_1', provider: 'google' }));
    const { calls } = installFakeFetch(backend(() => ({ status: 200, body: { status: 'account_merged', loginToken: 'lt_merged', loginProvider: 'google' } })));
    const { router } = renderApp('/login/verify-phone-number');
    submitCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/social/success'), { timeout: 10_000 });
    expect(calls.find((c) => c.url === '/api/auth/auth0/verify')?.body).toEqual({ provider: 'google', mergeToken: 'mt_1', loginToken: 'lt_phone' });
    const createSession = calls.find((c) => c.url === '/api/graphql' && (c.body as { query: string }).query.includes('createSession'));
    expect((createSession?.body as { variables: { loginToken: string } }).variables.loginToken).toBe('lt_merged');
    expect(window.localStorage.getItem('verifyResponse')).toBeNull();
  }, 20_000);

  it('a failed email merge warns merge_accounts_email_wrong_credentials and goes to /login/merge/error/email without a session', async () => {
    window.localStorage.setItem('verifyResponse', JSON.stringify({ mergeToken: 'mt_1', provider: 'email' }));
    installFakeFetch(backend(() => apiError(401, 'TOKEN_INVALID', 'x', { reason: 'merge-failed' })));
    const { router } = renderApp('/login/verify-phone-number');
    submitCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/merge/error/email'), { timeout: 10_000 });
    expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'merge_accounts_email_wrong_credentials' });
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  }, 20_000);
});
