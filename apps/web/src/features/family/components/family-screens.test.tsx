import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeFetch, member, type FakeCall, type FakeHandler } from '@/test/fake-fetch';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { renderApp } from '@/test/render-app';
import { press } from '@/test/press';

/** Family plans (issue 15): the screens, the profile entry and the texted invitation. */
const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };
const ORG = { id: 'org_1', name: 'Acme Salud', settings: [], dependantOrganizations: ['org_fam'] };
const pending = { memberId: 'temp|1', alias: 'Mamá', phoneNumber: '+525511112222', invitationStatus: 'PENDING', preferredLang: 'es' };
const accepted = { memberId: 'mem_2', alias: 'Hijo', phoneNumber: '+525533334444', invitationStatus: 'ACCEPTED', preferredLang: 'en' };

const signedIn = (overrides: Record<string, unknown>, answer: FakeHandler = () => undefined) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  const current = member(overrides);
  return installFakeFetch((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.url === '/api/graphql' && gql(call).query.includes('getMember')) return { status: 200, body: { data: { getMember: current } } };
    return undefined;
  });
};

describe('/perfil "My family" (spec 6: only where the organization has dependantOrganizations)', () => {
  it('shows for such an organization member and opens /dependants', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG }, (call) =>
      gql(call)?.query?.includes('getDependants') ? { status: 200, body: { data: { getDependants: { slotsLeft: 3, dependants: [] } } } } : undefined,
    );
    const { router } = renderApp('/perfil');
    fireEvent.click(await screen.findByTestId('profile-entry-myFamily'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dependants'));
    expect(await screen.findByTestId('dependants-empty')).toBeTruthy();
  });

  it('is hidden for an organization without dependant organizations', async () => {
    signedIn({ organizationId: 'org_1', organization: { ...ORG, dependantOrganizations: [] } });
    renderApp('/perfil');
    await screen.findByTestId('profile-name');
    expect(screen.queryByTestId('profile-entry-myFamily')).toBeNull();
  });
});

describe('/dependants', () => {
  it('lists pending and accepted, resends a pending link and unlinks after confirming', async () => {
    let list = [pending, accepted];
    const { calls } = signedIn({ organizationId: 'org_1', organization: ORG }, (call) => {
      if (call.url === '/api/member/invitation-link') return { status: 200, body: { sent: true } };
      if (call.url !== '/api/graphql') return undefined;
      const { query, variables } = gql(call);
      if (query.includes('getDependants')) return { status: 200, body: { data: { getDependants: { slotsLeft: 3 - list.length, dependants: list } } } };
      if (query.includes('deleteDependant')) {
        list = list.filter((d) => d.memberId !== variables.dependantId);
        return { status: 200, body: { data: { deleteDependant: { role: 'referral', slotsLeft: 3 - list.length, dependants: list } } } };
      }
      return undefined;
    });
    renderApp('/dependants', { language: 'en' });
    const items = await screen.findAllByTestId('dependant-item');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Pending'), expect.stringContaining('Accepted')]);
    // Their numbers as the member's own profile shows hers (it read +525511112222).
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('+52 55 1111 2222 · Spanish'), expect.stringContaining('+52 55 3333 4444 · English')]);
    expect(screen.getAllByTestId('dependant-resend')).toHaveLength(1); // only the pending one
    fireEvent.click(screen.getByTestId('dependant-resend'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/member/invitation-link')?.body).toMatchObject({ dependantMemberId: 'temp|1', referalId: 'mem_1' }));

    fireEvent.click(screen.getAllByTestId('dependant-unlink')[1]!);
    fireEvent.click(await screen.findByTestId('dependant-unlink-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('dependant-item')).toHaveLength(1));
    expect(calls.some((c) => c.url === '/api/graphql' && gql(c).query.includes('deleteDependant') && gql(c).variables.dependantId === 'mem_2')).toBe(true);
    expect(screen.getByTestId('dependants-slots').textContent).toBe('2 places left.');
  });
});

describe('/dependants without its list', () => {
  const graphqlError = (status: number, code: string) => ({ status, body: { data: null, errors: [{ message: 'x', extensions: { code, error: { code, status, message: 'x' } } }] } });

  it('a member whose plan has no family places (opened from a link) is told so, with nothing to add', async () => {
    signedIn({ organizationId: null, organization: null }, (call) => (gql(call)?.query?.includes('getDependants') ? graphqlError(404, 'NOT_FOUND') : undefined));
    renderApp('/dependants', { language: 'en' });
    expect((await screen.findByTestId('dependants-not-included')).textContent).toBe('Your plan does not include family members.');
    expect(screen.queryByTestId('dependants-add')).toBeNull();
    expect(screen.queryByTestId('dependants-retry')).toBeNull();
  });

  it('a list that failed to load can be asked again from the screen', async () => {
    let failing = true;
    signedIn({ organizationId: 'org_1', organization: ORG }, (call) => {
      if (!gql(call)?.query?.includes('getDependants')) return undefined;
      return failing ? graphqlError(500, 'INTERNAL') : { status: 200, body: { data: { getDependants: { slotsLeft: 2, dependants: [pending] } } } };
    });
    renderApp('/dependants', { language: 'es' });
    const retry = await screen.findByTestId('dependants-retry', {}, { timeout: 15_000 });
    expect(retry.textContent).toBe('Reintentar');
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findAllByTestId('dependant-item')).toHaveLength(1);
    expect(screen.queryByTestId('dependants-retry')).toBeNull();
  }, 30_000);
});

describe('/dependants/add', () => {
  const list = (call: FakeCall, slotsLeft = 2) => (gql(call)?.query?.includes('getDependants') ? { status: 200, body: { data: { getDependants: { slotsLeft, dependants: [] } } } } : undefined);

  it('requires a name and a 10-digit phone (shared schema), sends addDependants and shows invitation-sent', async () => {
    const { calls } = signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, (call) =>
      gql(call)?.query?.includes('addDependants') ? { status: 200, body: { data: { addDependants: { slotsLeft: 2, dependants: [pending] } } } } : list(call),
    );
    const { router } = renderApp('/dependants/add');
    fireEvent.click(await screen.findByTestId('dependant-submit'));
    expect(await screen.findByText('Ingresa un nombre.')).toBeTruthy();
    expect(screen.getByText('Ingresa un número de celular.')).toBeTruthy();
    expect(screen.getByTestId('toast').textContent).toContain('Completa los campos obligatorios.');
    fireEvent.change(screen.getByTestId('dependant-alias'), { target: { value: 'Mamá' } });
    fireEvent.change(screen.getByTestId('dependant-phone'), { target: { value: '551111222' } });
    fireEvent.click(screen.getByTestId('dependant-submit'));
    await waitFor(() => expect(screen.getByTestId('dependant-phone').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.url === '/api/graphql' && gql(c).query.includes('addDependants'))).toBe(false);
    fireEvent.change(screen.getByTestId('dependant-phone'), { target: { value: '5511112222' } });
    fireEvent.click(screen.getByTestId('dependant-lang-en'));
    fireEvent.click(screen.getByTestId('dependant-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dependants/invitation-sent'));
    const sent = calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('addDependants'));
    expect(gql(sent!).variables).toEqual({ memberId: 'mem_1', dependants: [{ alias: 'Mamá', countryCode: '52', phoneNumber: '5511112222', preferredLang: 'en' }] });
    expect((await screen.findByTestId('dependant-invitation-sent-screen')).textContent).toContain('Mamá');
    // The form's warning went with the form (it stayed over "Invitación enviada" for its 10 s).
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull(), { timeout: 1000 });
  });

  it('WCAG 3.3.1: an invalid submit moves the focus to the first field in error (the name, then the phone), which names its error', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, list);
    renderApp('/dependants/add');
    fireEvent.click(await screen.findByTestId('dependant-submit'));
    const alias = screen.getByTestId('dependant-alias');
    await waitFor(() => expect(document.activeElement).toBe(alias));
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(alias.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ingresa un nombre.');
    fireEvent.change(alias, { target: { value: 'Mamá' } });
    fireEvent.click(screen.getByTestId('dependant-submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('dependant-phone')));
  });

  // Opened where it cannot work (a link, the browser's history), as /dependants says it.
  it('a member whose plan has no family places, or a dependant herself, is told so with no form', async () => {
    signedIn({ organizationId: null, organization: null }); // getDependants: NOT_FOUND
    renderApp('/dependants/add', { language: 'en' });
    expect((await screen.findByTestId('dependants-not-included')).textContent).toBe('Your plan does not include family members.');
    expect(screen.queryByTestId('dependant-submit')).toBeNull();
  });

  it('a plan with no place left goes to /dependants/no-available-slots, as the add button does', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, (call) => list(call, 0));
    const { router } = renderApp('/dependants/add');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dependants/no-available-slots'));
  });

  it('a plan that loses its family places while the form is open: the answer NOT_FOUND says so instead of an error to retry', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, (call) =>
      gql(call)?.query?.includes('addDependants') ? { status: 200, body: { errors: [{ message: 'x', extensions: { error: { code: 'NOT_FOUND', status: 404, message: 'x' } } }] } } : list(call),
    );
    renderApp('/dependants/add', { language: 'es' });
    fireEvent.change(await screen.findByTestId('dependant-alias'), { target: { value: 'Tía' } });
    fireEvent.change(screen.getByTestId('dependant-phone'), { target: { value: '5511112222' } });
    fireEvent.click(screen.getByTestId('dependant-submit'));
    expect((await screen.findByTestId('dependants-not-included')).textContent).toBe('Tu plan no incluye familiares.');
  });

  it('a number the server refuses (already invited) is said under the phone, which takes the focus; no "complete the required fields" (it said so with every field filled)', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, (call) =>
      gql(call)?.query?.includes('addDependants')
        ? { status: 200, body: { errors: [{ message: 'x', extensions: { error: { code: 'INVALID_DATA', status: 400, message: 'x', fields: { phoneNumber: 'add_dependant_phone_already_invited' } } } }] } }
        : list(call),
    );
    renderApp('/dependants/add');
    fireEvent.change(await screen.findByTestId('dependant-alias'), { target: { value: 'Tía' } });
    const phone = screen.getByTestId('dependant-phone');
    fireEvent.change(phone, { target: { value: '5511112222' } });
    press('dependant-submit');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ya invitaste a este número.');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(screen.queryByText('Completa los campos obligatorios.')).toBeNull();
  });

  it('LIMIT_EXCEEDED goes to /dependants/no-available-slots', async () => {
    signedIn({ organizationId: 'org_1', organization: ORG, countryCode: '52' }, (call) =>
      gql(call)?.query?.includes('addDependants') ? { status: 200, body: { errors: [{ message: 'x', extensions: { error: { code: 'LIMIT_EXCEEDED', status: 429, message: 'x' } } }] } } : list(call),
    );
    const { router } = renderApp('/dependants/add');
    fireEvent.change(await screen.findByTestId('dependant-alias'), { target: { value: 'Tía' } });
    fireEvent.change(screen.getByTestId('dependant-phone'), { target: { value: '5511112222' } });
    fireEvent.click(screen.getByTestId('dependant-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dependants/no-available-slots'));
    expect(await screen.findByTestId('dependants-no-slots-screen')).toBeTruthy();
  });
});

describe('the texted invitation', () => {
  it('keeps the referrer and temporary ids from invitation-token, then accepts with updateDependant once signed in', async () => {
    installFakeFetch((call) =>
      call.url.startsWith('/api/member/invitation-token') ? { status: 200, body: { referalId: 'ref_1', referalOrganizationId: 'org_fam', dependantMemberId: 'temp|9', referrerName: 'Laura Gómez' } } : undefined,
    );
    renderApp('/login?invitationToken=tok_9&phonenumber=%2B525511112222');
    await waitFor(() => expect(window.localStorage.getItem('invitation-dependant-member-id')).toBe('temp|9'));
    expect(window.localStorage.getItem('invitation-referal-id')).toBe('ref_1');
  });

  it('opened as the very first page (empty storage, no language chosen) keeps the ids and prefills her phone', async () => {
    expect(window.localStorage.length).toBe(0);
    const tokens: string[] = [];
    installFakeFetch((call) => {
      if (!call.url.startsWith('/api/member/invitation-token')) return undefined;
      tokens.push(new URL(call.url, 'http://x').searchParams.get('invitationToken') ?? call.url);
      return { status: 200, body: { referalId: 'ref_1', referalOrganizationId: 'org_fam', dependantMemberId: 'temp|9', referrerName: 'Laura Gómez' } };
    });
    const { router, i18n } = renderApp('/login?invitationToken=tok_first&phonenumber=%2B525511112222&lang=en', { language: 'en' });
    await waitFor(() => expect(window.localStorage.getItem('invitation-dependant-member-id')).toBe('temp|9'));
    expect(window.localStorage.getItem('invitation-referal-id')).toBe('ref_1');
    expect(window.localStorage.getItem('invitation-referal-organization-id')).toBe('org_fam');
    expect(tokens).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(((await screen.findByTestId('phone-input')) as HTMLInputElement).value).toBe('5511112222');
    expect(i18n.language).toBe('en');
  });

  it('a token kept after the shell has rendered is taken up at once, with no other re-render to wait for', async () => {
    const tokens: string[] = [];
    installFakeFetch((call) => {
      if (!call.url.startsWith('/api/member/invitation-token')) return undefined;
      tokens.push(new URL(call.url, 'http://x').searchParams.get('invitationToken') ?? call.url);
      return { status: 200, body: { referalId: 'ref_1', referalOrganizationId: 'org_fam', dependantMemberId: 'temp|9', referrerName: 'Laura Gómez' } };
    });
    renderApp('/login');
    await screen.findByTestId('phone-input');
    // What /login does with the link's token, in an effect after the shell rendered.
    act(() => writeStorage(STORAGE_KEYS.invitationToken, 'tok_late'));
    await waitFor(() => expect(window.localStorage.getItem('invitation-dependant-member-id')).toBe('temp|9'));
    expect(tokens).toEqual(['tok_late']);
  });

  it('accepts after sign-in', async () => {
    window.localStorage.setItem('invitation-referal-id', 'ref_1');
    window.localStorage.setItem('invitation-dependant-member-id', 'temp|9');
    const { calls } = signedIn({}, (call) =>
      gql(call)?.query?.includes('updateDependant') ? { status: 200, body: { data: { updateDependant: { ...pending, memberId: 'mem_1', invitationStatus: 'ACCEPTED' } } } } : undefined,
    );
    renderApp('/inicio');
    await waitFor(() => expect(window.localStorage.getItem('invitation-referal-id')).toBeNull());
    const accept = calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('updateDependant'));
    expect(gql(accept!).variables).toEqual({ currentMemberId: 'mem_1', referralId: 'ref_1', dependantTempId: 'temp|9' });
  });

  it('an expired link goes to /expired-invitation with the referrer\'s name', async () => {
    installFakeFetch((call) =>
      call.url.startsWith('/api/member/invitation-token')
        ? apiError(410, 'INVITATION_EXPIRED', 'x', { data: { referrerName: 'Laura Gómez', trialDays: 30, referalId: 'ref_1', dependantMemberId: 'temp|withdrawn' } })
        : undefined,
    );
    const { router } = renderApp('/login?invitationToken=old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/expired-invitation'));
    expect((await screen.findByTestId('expired-invitation-body')).textContent).toContain('Laura Gómez');
    expect(screen.getByTestId('expired-invitation-trial').textContent).toContain('30 días');
    // Kept for updateDependant after sign-in, which starts the 30-day trial.
    expect(window.localStorage.getItem('invitation-referal-id')).toBe('ref_1');
  });
});
