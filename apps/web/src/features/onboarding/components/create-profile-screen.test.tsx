import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFakeFetch, member, trackedEvents, type FakeCall, type FakeHandler } from '@/test/fake-fetch';
import { expectLegalPageLinks } from '@/test/legal-links';
import { renderApp } from '@/test/render-app';

const US_STATES = {
  country: 'US',
  states: [
    { code: 'CA', name: 'California', cities: ['Beverly Hills', 'Los Angeles'] },
    { code: 'NY', name: 'New York', cities: ['New York'] },
  ],
};

const gql = (call: FakeCall): { query: string; variables: Record<string, unknown> } => call.body as { query: string; variables: Record<string, unknown> };

/** A signed-in member with an empty profile; the fake API answers getMember, updateMember, zip and states. */
const signedIn = (overrides: Record<string, unknown> = {}, extra?: FakeHandler) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  let current = member({ firstName: null, lastName: null, countryCode: '1', phoneNumber: '+14155550123', ...overrides });
  return installFakeFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url === '/api/graphql') {
      const { query, variables } = gql(call);
      if (query.includes('updateMember')) {
        // The server's answer: the member with the patch applied, in the member shape.
        const { labConsent, healthScreeningConsent, ...rest } = variables.data as Record<string, unknown>;
        current = {
          ...current,
          ...rest,
          birthday: null,
          ...(labConsent ? { labConsent: { ...(labConsent as object), updatedAt: '2025-06-01T00:00:00.000Z' } } : {}),
          ...(healthScreeningConsent ? { healthScreeningConsentAt: '2025-06-01T00:00:00.000Z' } : {}),
        } as typeof current;
        return { status: 200, body: { data: { updateMember: current } } };
      }
      if (query.includes('acceptTerms')) return { status: 200, body: { data: { acceptTerms: '2025-06-01T00:00:00.000Z' } } };
      return { status: 200, body: { data: { getMember: current } } };
    }
    if (call.url === '/api/zip-codes/90210') return { status: 200, body: { zipCode: '90210', state: 'CA', city: 'Beverly Hills', country: 'US' } };
    if (call.url === '/api/zip-codes/00000') return apiError(404, 'NOT_FOUND', 'not found');
    if (call.url === '/assets/countries/US/states.json') return { status: 200, body: US_STATES };
    if (call.url === '/assets/countries/MX/states.json') return { status: 200, body: { country: 'MX', states: [{ code: 'CMX', name: 'Ciudad de México', cities: ['Coyoacán'] }] } };
    return undefined;
  });
};

const input = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
/** Waits for a step of the form to be on screen. */
const onStep = async (n: number) => expect((await screen.findByTestId('onboarding-step')).textContent).toMatch(new RegExp(`^(Paso|Step) ${n} `));
const type = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};
const check = (name: string) => fireEvent.click(input(name));
const next = () => fireEvent.click(screen.getByTestId('onboarding-next'));

describe('onboarding profile form (spec 5)', () => {
  it.each([
    ['es', 'El nombre debe tener al menos 2 caracteres.', 'El apellido debe tener al menos 2 caracteres.', 'Ingresa tu fecha de nacimiento.', 'Completa los campos obligatorios.'],
    ['en', 'The first name must have at least 2 characters.', 'The last name must have at least 2 characters.', 'Enter your date of birth.', 'Please complete the required fields.'],
  ] as const)('in %s, an empty first step shows the field errors and the form_missing_fields warning', async (language, name, lastName, birthday, missing) => {
    signedIn();
    renderApp('/induccion/crear-perfil/1', { language });
    await screen.findByTestId('create-profile-screen');
    next();
    expect(await screen.findByText(name)).toBeTruthy();
    expect(screen.getByText(lastName)).toBeTruthy();
    expect(screen.getByText(birthday)).toBeTruthy();
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('warning');
    expect(toast.getAttribute('data-duration')).toBe('10000');
    expect(toast.textContent).toContain(missing);
  });

  it('a step that does not exist shows the last one, under its own address and title', async () => {
    signedIn();
    const { router } = renderApp('/induccion/crear-perfil/9', { language: 'en' });
    await screen.findByTestId('create-profile-screen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/3'));
    await waitFor(() => expect(document.title).toBe('Create your profile (step 3) · Puente'));
  });

  it('after Continue, fixing a field clears its error without leaving it', async () => {
    signedIn();
    renderApp('/induccion/crear-perfil/1');
    await screen.findByTestId('create-profile-screen');
    next();
    expect(await screen.findByText('Ingresa tu fecha de nacimiento.')).toBeTruthy();
    fireEvent.change(input('birthday'), { target: { value: '1990-05-01' } });
    await waitFor(() => expect(screen.queryByText('Ingresa tu fecha de nacimiento.')).toBeNull());
  });

  it.each([
    ['es', '2020-01-01', 'Debes tener al menos 18 años.'],
    ['en', '2020-01-01', 'You must be at least 18 years old.'],
    ['es', '1899-12-31', 'Ingresa una fecha válida, posterior a 1900.'],
  ] as const)('in %s, birthday %s shows "%s"', async (language, value, message) => {
    signedIn();
    renderApp('/induccion/crear-perfil/1', { language });
    await screen.findByTestId('create-profile-screen');
    type('firstName', 'Ana');
    type('lastName', 'López');
    type('birthday', value);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('a new US member: a five-digit zip fills state and city; the whitelist is sent; she lands on /inicio', async () => {
    const { calls } = signedIn();
    const { router } = renderApp('/induccion/crear-perfil/1');
    await screen.findByTestId('create-profile-screen');
    type('firstName', 'Ana');
    type('lastName', 'López');
    type('birthday', '1990-05-01');
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/2'));
    await waitFor(() => onStep(2));
    expect(input('phoneNumber').value).toBe('4155550123');
    expect(input('country').value).toBe('US');
    type('zipCode', '90210');
    await waitFor(() => expect(input('state').value).toBe('CA'));
    expect(input('city').value).toBe('Beverly Hills');
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/3'));
    await waitFor(() => onStep(3));
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    expect(await screen.findByText('Confirma que eres mayor de edad.')).toBeTruthy();
    // Terms accepted already (in the terms dialog): step 3 does not ask for them again.
    expect(screen.queryByText('Acepta los términos para continuar.')).toBeNull();
    expect(screen.queryByTestId('field-tos')).toBeNull();
    expect(screen.getByTestId('onboarding-tos-accepted').textContent).toContain('Ya aceptaste los términos y condiciones.');
    check('legalAge');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    const sent = calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember'));
    expect(gql(sent!).variables).toEqual({
      memberId: 'mem_1',
      data: { firstName: 'Ana', lastName: 'López', birthday: '1990-05-01', address: { country: 'US', state: 'CA', city: 'Beverly Hills', zipCode: '90210' } },
    });
  });

  it.each([
    ['es', 'Correo electrónico (opcional)', 'Correo electrónico', 'email'],
    ['en', 'Email (optional)', 'Email', 'email'],
  ] as const)('in %s, optional fields say so: the email is "%s" until email is the chosen way to be contacted', async (language, optional, required, method) => {
    signedIn();
    renderApp('/induccion/crear-perfil/2', { language });
    await waitFor(() => onStep(2));
    const label = () => document.querySelector('label[for="' + input('email').id + '"]')?.textContent?.replace(/\s*\*$/, '');
    expect(label()).toBe(optional);
    fireEvent.change(input('preferredContactMethod'), { target: { value: method } });
    await waitFor(() => expect(label()).toBe(required));
    expect(screen.getByLabelText(/\(optional\)|\(opcional\)/, { selector: 'select' })).toBe(input('preferredContactMethod'));
  });

  it('WCAG 3.3.1: Continue and submit move the focus to the first field in error; checkbox errors are tied to the box and announced', async () => {
    signedIn();
    const { router } = renderApp('/induccion/crear-perfil/1');
    await screen.findByTestId('create-profile-screen');
    next();
    await screen.findByText('El nombre debe tener al menos 2 caracteres.');
    await waitFor(() => expect(document.activeElement).toBe(input('firstName')));
    type('firstName', 'Ana');
    next();
    await waitFor(() => expect(document.activeElement).toBe(input('lastName')));
    type('lastName', 'López');
    type('birthday', '1990-05-01');
    next();
    await waitFor(() => onStep(2));
    type('zipCode', '90210');
    await waitFor(() => expect(input('city').value).toBe('Beverly Hills'));
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/3'));
    await waitFor(() => onStep(3));
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await screen.findByText('Confirma que eres mayor de edad.');
    await waitFor(() => expect(document.activeElement).toBe(input('legalAge')));
    // The terms were accepted in the terms dialog, so the legal-age box is the checkbox left to check.
    const box = input('legalAge');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Confirma que eres mayor de edad.');
    expect(described?.getAttribute('role')).toBe('alert');
    check('legalAge');
    await waitFor(() => expect(input('legalAge').getAttribute('aria-describedby')).toBeNull());
  });

  it('the last step links both legal pages, opened beside the form (issue 10)', async () => {
    signedIn();
    renderApp('/induccion/crear-perfil/3');
    const links = expectLegalPageLinks(await screen.findByTestId('onboarding-tos-accepted'), { notice: 'aviso de privacidad', practices: 'aviso de prácticas de privacidad' });
    for (const link of [links.notice, links.practices]) expect(link.getAttribute('target')).toBe('_blank');
  });

  it('an unknown zip code is a field error', async () => {
    signedIn();
    renderApp('/induccion/crear-perfil/2');
    await screen.findByTestId('create-profile-screen');
    type('zipCode', '00000');
    expect(await screen.findByText('No encontramos ese código postal. Revisa que sea de EE. UU.')).toBeTruthy();
  });

  it('minimal onboarding: the shorter form (no birthday, sex, gender or city) is enough; each completed step is tracked by its number only', async () => {
    const { calls } = signedIn({ organization: { id: 'org_1', name: 'Mini', settings: ['MINIMAL_ONBOARDING'] }, organizationId: 'org_1' });
    const stepsTracked = () => trackedEvents(calls).filter((e) => e.event === 'profile_step_completed').map((e) => e.properties);
    const { router } = renderApp('/induccion/crear-perfil/1', { language: 'en' });
    await screen.findByTestId('create-profile-screen');
    expect(screen.queryByTestId('field-birthday')).toBeNull();
    expect(screen.queryByTestId('field-sex')).toBeNull();
    // A Continue with fields in error completes nothing.
    next();
    await screen.findByText('The first name must have at least 2 characters.');
    expect(stepsTracked()).toEqual([]);
    type('firstName', 'John');
    type('lastName', 'Smith');
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/2'));
    expect(stepsTracked()).toEqual([{ step: 1 }]);
    await waitFor(() => onStep(2));
    expect(screen.queryByTestId('field-city')).toBeNull();
    fireEvent.change(input('state'), { target: { value: 'NY' } });
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/3'));
    await waitFor(() => onStep(3));
    check('legalAge');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() => expect(router.state.location.pathname).not.toContain('crear-perfil'));
    const sent = gql(calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember'))!).variables.data as Record<string, unknown>;
    expect(sent).toEqual({ firstName: 'John', lastName: 'Smith', address: { country: 'US', state: 'NY', city: null, zipCode: null } });
    expect(stepsTracked()).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
  });

  it('an organization requiring identification number, lab consent and health screening consent asks for them', async () => {
    const { calls } = signedIn({
      firstName: 'Ana',
      lastName: 'López',
      countryCode: '52',
      phoneNumber: '+525512345678',
      birthday: Date.UTC(1990, 0, 1),
      organization: { id: 'org_1', name: 'Strict', settings: ['REQUIRES_IDENTIFICATION_NUMBER', 'REQUIRES_LAB_CONSENT', 'REQUIRES_HEALTH_SCREENING_CONSENT'] },
      organizationId: 'org_1',
    });
    const { router } = renderApp('/induccion/crear-perfil/3');
    await screen.findByTestId('create-profile-screen');
    check('legalAge');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    expect(await screen.findByText('Ingresa tu número de identificación.')).toBeTruthy();
    expect(screen.getByText('Elige una respuesta.')).toBeTruthy();
    expect(screen.getByText('Tu organización requiere este consentimiento.')).toBeTruthy();
    type('identificationNumber', 'EMP-42');
    fireEvent.click(screen.getByTestId('lab-consent-yes'));
    check('healthScreeningConsent');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    const sent = gql(calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember'))!).variables.data as Record<string, unknown>;
    expect(sent).toMatchObject({ identificationNumber: 'EMP-42', labConsent: { wasInfoProvided: 'provided_yes' }, healthScreeningConsent: true, address: { country: 'MX' } });
  });

  it('the server refusing a field puts its message on that field', async () => {
    signedIn({ firstName: 'Ana', lastName: 'López', birthday: Date.UTC(1990, 0, 1), countryCode: '52', phoneNumber: '+525512345678' }, (call) =>
      call.url === '/api/graphql' && gql(call).query.includes('updateMember')
        ? { status: 400, body: { errors: [{ message: 'bad', extensions: { error: { code: 'INVALID_DATA', status: 400, message: 'x', fields: { firstName: 'mandatory_form_name_error' } } } }] } }
        : undefined,
    );
    const { router } = renderApp('/induccion/crear-perfil/3');
    await screen.findByTestId('create-profile-screen');
    check('legalAge');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/1'));
    await waitFor(() => onStep(1));
    expect(await screen.findByText('El nombre debe tener al menos 2 caracteres.')).toBeTruthy();
  });
});

describe('the initial path after login (spec 4) with the profile form on', () => {
  it('a member with an incomplete profile goes from / to /induccion/crear-perfil/1', async () => {
    signedIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/induccion/crear-perfil/1'));
    await waitFor(() => onStep(1));
  });

  it('a US member without a city (not minimal) is incomplete; with minimal onboarding she is not', async () => {
    const first = signedIn({ firstName: 'Ana', lastName: 'López', address: { country: 'US', state: 'CA', city: null, zipCode: null } });
    void first;
    const a = renderApp('/');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/induccion/crear-perfil/1'));
    a.unmount();
    signedIn({ firstName: 'Ana', lastName: 'López', address: { country: 'US', state: 'CA', city: null, zipCode: null }, organization: { id: 'o', name: 'M', settings: ['MINIMAL_ONBOARDING'] }, organizationId: 'o' });
    const b = renderApp('/');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/inicio'));
  });
});

describe('mustAcceptTos: the terms dialog (spec 4 "Auth")', () => {
  const needsTerms = { firstName: 'Ana', lastName: 'López', countryCode: '52', phoneNumber: '+525512345678', agreedTosAt: null, needsToAcceptTerms: true };

  it('cannot be dismissed; accepting saves the agreement date and closes it', async () => {
    const { calls } = signedIn(needsTerms);
    renderApp('/inicio');
    const dialog = await screen.findByTestId('terms-dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('terms-dialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('terms-accept'));
    await waitFor(() => expect(screen.queryByTestId('terms-dialog')).toBeNull());
    expect(calls.some((c) => c.url === '/api/graphql' && gql(c).query.includes('acceptTerms'))).toBe(true);
  });

  it('a failure shows the connection-error dialog, whose button signs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn(needsTerms, (call) => (call.url === '/api/graphql' && gql(call).query.includes('acceptTerms') ? apiError(503, 'UNKNOWN_ERROR', 'down') : undefined));
    const { router } = renderApp('/inicio');
    fireEvent.click(await screen.findByTestId('terms-accept'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000); // the client retries a 5xx three times first
    });
    expect(await screen.findByText('Error de conexión')).toBeTruthy();
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('declining signs out (after saying so)', async () => {
    signedIn(needsTerms);
    const { router } = renderApp('/inicio', { language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline and sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });
  it('the states onboarding fetched are the ones the consultation reads: asking for a coach in the same tab works (issue 11 regression)', async () => {
    const { calls } = signedIn({ firstName: 'Ana', lastName: 'López', birthday: Date.UTC(1990, 0, 1), countryCode: '52', phoneNumber: '+525512345678', address: { country: 'MX', state: 'CMX', city: 'Coyoacán', zipCode: null, street: null } });
    const { router } = renderApp('/induccion/crear-perfil/2');
    await screen.findByTestId('create-profile-screen');
    await waitFor(() => expect(calls.some((c) => c.url === '/assets/countries/MX/states.json')).toBe(true));
    await act(() => router.navigate('/consulta/llenado-de-informacion'));
    const state = (await screen.findByTestId('location-state')) as HTMLInputElement;
    // The list of states (a select, prefilled from the profile), not the free-entry field of a failed load.
    await waitFor(() => expect(state.value).toBe('CMX'));
    expect(state.getAttribute('maxlength')).toBeNull();
  });
});
