import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment, getCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { fakeServer, graphqlCalls, physician } from '@/test/consultation-fixtures';
import { trackedEvents, type FakeAnswer } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { recordScrollIntoView } from '@/test/scroll-into-view';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });

const ALWAYS_OPEN = { timezone: 'America/Mexico_City', intervals: [{ starts: '00:00', ends: '24:00' }], allowOnWeekend: true, whitelistDomains: [], whitelistEmails: [] };
const NEVER_OPEN = { ...ALWAYS_OPEN, intervals: [] };
/** GET /api/configs as the server answers it, with the given working hours. */
const configWith = (workingHours: typeof ALWAYS_OPEN) => ({
  companyPhones: { whatsapp: '+525500001111', ohmd: '+14155550100' },
  countries: [],
  supportedPhoneCodes: [],
  workingHours,
  appLinks: { deepLink: 'puente://open', iosStore: 'https://apps.apple.com/app/id1', androidStore: 'https://play.google.com/store/apps/details?id=app', marketingSite: 'https://puente.health' },
});

const inQueue = (state: string) =>
  setCurrentAppointment({ id: 'apt_1', state: state as never, type: 'on-demand', usDoctorNeeded: false, statusReason: null });

beforeEach(() => {
  resetCurrentAppointment();
  // Her health profile was asked already (issue 11; its own story is in health-profile.test.tsx).
  window.localStorage.setItem('health-profile-asked', 'mem_1');
});

describe('available coaches', () => {
  it('lists the online coaches and filters them by language (ES/EN buttons)', async () => {
    const { calls } = fakeServer({ online: [physician(), physician({ id: 'doc_2', firstName: 'Daniel', lastName: 'Rivera', languages: ['en'] })] });
    renderApp('/consulta/coaches-disponibles');
    expect(await screen.findByTestId('coach-card-doc_1')).toBeTruthy();
    expect(screen.getByTestId('coach-card-doc_2')).toBeTruthy();
    expect(screen.getByTestId('coaches-online-count').textContent).toBe('2 coaches en línea ahora');
    const first = calls.find((c) => c.url.startsWith('/api/online-physicians'));
    expect(new URL(first!.url, 'http://x').searchParams.get('tags')).toBe('practice_health');

    fireEvent.click(screen.getByTestId('coaches-filter-en'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('lang_en'))).toBe(true));
    const filtered = calls.filter((c) => c.url.startsWith('/api/online-physicians')).at(-1)!;
    expect(new URL(filtered.url, 'http://x').searchParams.get('tags')).toBe('practice_health,lang_en');
    expect(screen.getByTestId('coaches-filter-en').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('coaches-filter-es').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByTestId('coaches-filter-es'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('lang_es'));
  });

  it.each([
    ['es', 'Ya tienes una consulta agendada. Te avisaremos cuando sea momento de entrar.'],
    ['en', "You already have a scheduled consultation. We'll let you know when it's time to join."],
  ] as const)('a scheduled appointment about to start (CONFLICT scheduled-appointment) sends her home with the notice (%s)', async (language, notice) => {
    const conflict = (reason?: string) => ({ status: 409, body: { error: { code: 'CONFLICT', status: 409, message: 'x', ...(reason ? { reason } : {}) } } });
    const state = { online: [physician()], onlineAnswer: conflict('scheduled-appointment') as FakeAnswer };
    fakeServer(state);
    const first = renderApp('/consulta/coaches-disponibles', { language });
    expect((await screen.findByTestId('has-scheduled-appointment')).textContent).toBe(notice);
    expect(first.router.state.location).toMatchObject({ pathname: '/inicio', state: { hasScheduledAppointment: true } });
    expect(screen.queryByTestId('available-coaches-screen')).toBeNull();
    first.unmount();
    // Another conflict is only a load error: she stays.
    state.onlineAnswer = conflict();
    const second = renderApp('/consulta/coaches-disponibles', { language });
    expect(await screen.findByTestId('coaches-error')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/consulta/coaches-disponibles');
  });

  it('polls the online coaches every 4 s (spec 7/9)', async () => {
    const { calls } = fakeServer({ online: [physician()] });
    renderApp('/coaches-disponibles');
    await screen.findByTestId('coach-card-doc_1');
    const count = () => calls.filter((c) => c.url.startsWith('/api/online-physicians')).length;
    expect(count()).toBe(1);
    await waitFor(() => expect(count()).toBe(2), { timeout: 5_000 });
  }, 10_000);

  it('nobody online: lack_of_personnel_no_ondemand and come_back_later, and today’s schedulable coaches', async () => {
    const { calls } = fakeServer({ online: [], schedulable: [{ ...physician({ id: 'doc_9', isOnline: false, isAvailable: false }), availableSlots: ['2026-01-01T18:00:00.000Z'] }] });
    renderApp('/consulta/coaches-disponibles');
    const box = await screen.findByTestId('no-coaches');
    expect(within(box).getByText('En este momento no hay coaches en línea.')).toBeTruthy();
    expect(within(box).getByText('Vuelve más tarde.')).toBeTruthy();
    expect(await within(box).findByTestId('coach-card-doc_9')).toBeTruthy();
    expect(screen.queryByTestId('no-coaches-schedule')).toBeNull();
    expect(screen.queryByTestId('request-consultation')).toBeNull();
    const query = graphqlCalls(calls, 'GetPhysicians')[0]!;
    expect((query.body as { variables: Record<string, unknown> }).variables).toMatchObject({ schedulable: true, practice: 'health', availabilityDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('nobody online, scheduling available: no come_back_later, a button to schedule', async () => {
    fakeServer({ online: [], member: { organization: { id: 'org_1', name: 'Acme', settings: ['SCHEDULING_AVAILABLE'] } } });
    renderApp('/consulta/coaches-disponibles');
    const box = await screen.findByTestId('no-coaches');
    expect(within(box).getByText('En este momento no hay coaches en línea.')).toBeTruthy();
    expect(within(box).queryByText('Vuelve más tarde.')).toBeNull();
    expect(within(box).getByTestId('no-coaches-schedule')).toBeTruthy();
  });

  it('out of working hours: the dialog offering scheduling or 911', async () => {
    const { router } = (fakeServer({ online: [physician()], configs: { status: 200, body: configWith(NEVER_OPEN) } }), renderApp('/consulta/coaches-disponibles'));
    const dialog = await screen.findByTestId('out-of-hours-dialog');
    expect(dialog.textContent).toContain('Si es una emergencia, llama al 911.');
    expect(within(dialog).getByTestId('out-of-hours-911').getAttribute('href')).toBe('tel:911');
    fireEvent.click(within(dialog).getByTestId('out-of-hours-schedule'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/seleccionar-tema'));
  });

  it('within working hours (or with no hours published) there is no dialog', async () => {
    fakeServer({ online: [physician()], configs: { status: 200, body: configWith(ALWAYS_OPEN) } });
    renderApp('/consulta/coaches-disponibles');
    await screen.findByTestId('coach-card-doc_1');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('out-of-hours-dialog')).toBeNull();
  });

  it('a topic that requires it asks the self-assessment before the location', async () => {
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'topic_flu', topicText: 'Gripa', practice: 'health', tags: 'practice_health', reason: 'Gripa', requiresSelfAssessment: true }),
    );
    const { router } = (fakeServer({ online: [physician()] }), renderApp('/consulta/coaches-disponibles'));
    fireEvent.click(await screen.findByTestId('request-consultation'));
    const dialog = await screen.findByTestId('self-assessment-dialog');
    fireEvent.click(within(dialog).getByTestId('self-assessment-submit'));
    expect(await within(dialog).findByText('Escribe el motivo de tu consulta.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('self-assessment-reason'), { target: { value: 'Tos y fiebre desde ayer' } });
    fireEvent.click(within(dialog).getByTestId('symptom-fever'));
    fireEvent.click(within(dialog).getByTestId('self-assessment-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/llenado-de-informacion'));
    expect(JSON.parse(window.localStorage.getItem('rdx-temas')!).selfAssessment).toEqual({
      appointmentReason: 'Tos y fiebre desde ayer',
      appointmentReasonKey: 'topic_flu',
      painLevel: 0,
      symptoms: ['fever'],
    });
  }, 15_000);
});

describe('the coaches list opened without a topic ever chosen on the device (a link, a bookmark)', () => {
  it.each([
    ['en', 'Physical health', 'Other medical concern'],
    ['es', 'Salud física', 'Otra preocupación médica'],
  ] as const)('in %s it is the physical-health topic in her language, and asks its self-assessment', async (language, title, reason) => {
    const { router } = (fakeServer({ online: [physician()] }), renderApp('/consulta/coaches-disponibles', { language }));
    const list = await screen.findByTestId('available-coaches-screen');
    expect(within(list).getByText(title)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('request-consultation'));
    const dialog = await screen.findByTestId('self-assessment-dialog');
    fireEvent.change(within(dialog).getByTestId('self-assessment-reason'), { target: { value: 'Fever' } });
    fireEvent.click(within(dialog).getByTestId('self-assessment-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/llenado-de-informacion'));
    // What the new consultation is created with (the location form reads it).
    expect(JSON.parse(window.localStorage.getItem('rdx-temas')!)).toMatchObject({
      topicId: 'hardcoded_ph_topic',
      topicText: title,
      reason,
      practice: 'health',
      tags: 'practice_health',
      selfAssessment: { appointmentReason: 'Fever', appointmentReasonKey: 'hardcoded_ph_topic' },
    });
  });
});

describe('the self-assessment photos (spec 3: with photos as chat attachments)', () => {
  it('photos picked in the self-assessment go into the new consultation\'s chat as symptom attachments', async () => {
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'topic_flu', topicText: 'Gripa', practice: 'health', tags: 'practice_health', reason: 'Gripa', requiresSelfAssessment: true }),
    );
    const { calls } = fakeServer({ online: [physician()] });
    // The multipart uploads, as the chat's attachment API sends them (the fake answers 404: the member is told).
    const uploads: { url: string; method: string; form: FormData }[] = [];
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.body instanceof FormData) uploads.push({ url, method: init.method ?? 'GET', form: init.body });
      return inner(input, init);
    });
    const { router } = renderApp('/consulta/coaches-disponibles');
    fireEvent.click(await screen.findByTestId('request-consultation'));
    const dialog = await screen.findByTestId('self-assessment-dialog');
    fireEvent.change(within(dialog).getByTestId('self-assessment-reason'), { target: { value: 'Ronchas en el brazo' } });
    const arm = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'brazo.png', { type: 'image/png' });
    const notAnImage = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByTestId('self-assessment-photos'), { target: { files: [arm, notAnImage] } });
    expect(within(dialog).getAllByTestId('self-assessment-photo').map((c) => c.textContent)).toEqual(['brazo.png']);
    fireEvent.click(within(dialog).getByTestId('self-assessment-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/llenado-de-informacion'));
    expect(uploads).toHaveLength(0);

    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Jalisco' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Zapopan' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    await waitFor(() => expect(graphqlCalls(calls, 'CreateAppointment')).toHaveLength(1));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ url: '/api/chat/conversations/apt_1/attachments', method: 'POST' });
    expect(uploads[0]!.form.get('type')).toBe('symptoms');
    expect((uploads[0]!.form.get('file') as File).name).toBe('brazo.png');
    // The refused upload is said, in the member's language.
    expect((await screen.findByTestId('toast')).textContent).toContain('No pudimos enviar alguna foto de tus síntomas');
    vi.unstubAllGlobals();
  }, 20_000);
});

describe('coach profile', () => {
  it('shows areas, education with the verified-institution modal, the week and the day’s slots', async () => {
    const { calls } = fakeServer();
    renderApp('/ondemand-perfil-coach/doc_1');
    expect((await screen.findByTestId('coach-profile-name')).textContent).toBe('María Hernández');
    expect(screen.getByTestId('coach-profile-areas').textContent).toContain('Medicina general');
    fireEvent.click(screen.getByTestId('verified-institution'));
    const modal = await screen.findByTestId('verified-institution-modal');
    expect(modal.textContent).toContain('Institución verificada');
    fireEvent.click(within(modal).getByText('Aceptar'));
    await waitFor(() => expect(screen.queryByTestId('verified-institution-modal')).toBeNull());
    expect(screen.getAllByTestId('coach-slot')).toHaveLength(1);
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    fireEvent.click(screen.getAllByRole('tab')[2]!);
    await waitFor(() => expect(graphqlCalls(calls, 'GetPhysicianWithSlots')).toHaveLength(2));
    const dates = graphqlCalls(calls, 'GetPhysicianWithSlots').map((c) => (c.body as { variables: { date: string } }).variables.date);
    expect(dates[0]).not.toBe(dates[1]);
    expect(await screen.findByTestId('request-consultation')).toBeTruthy();
  });
});

describe('asking coaches who do not speak the member\'s language', () => {
  /**
   * An English-speaking member asks from `path` (a coach's profile, or the list) with `server`'s coaches,
   * with mental health chosen on home (no self-assessment), confirms her place and returns what the
   * consultation is created with.
   */
  const createdAsking = async (path: string, server: Parameters<typeof fakeServer>[0]) => {
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'hardcoded_mh_topic', topicText: 'Mental health', practice: 'mentalhealth', tags: 'practice_mentalhealth', reason: 'Stress', requiresSelfAssessment: false }),
    );
    const { calls } = fakeServer({ ...server, member: { preferredLang: 'en', consultationLang: 'en' } });
    const { router } = renderApp(path, { language: 'en' });
    fireEvent.click(await screen.findByTestId('request-consultation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/llenado-de-informacion'));
    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Jalisco' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Guadalajara' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    await waitFor(() => expect(graphqlCalls(calls, 'CreateAppointment')).toHaveLength(1));
    return (graphqlCalls(calls, 'CreateAppointment')[0]!.body as { variables: { data: Record<string, unknown> } }).variables.data;
  };

  it.each([
    ['a Spanish-speaking coach by name: in Spanish (in English it could never reach her)', ['es'], 'es'],
    ['a coach by name who speaks English too: in English', ['es', 'en'], 'en'],
  ] as const)('%s', async (_, languages, expected) => {
    expect(await createdAsking('/ondemand-perfil-coach/doc_1', { physician: { languages: [...languages] } })).toMatchObject({ language: expected, mxDoctorId: 'doc_1' });
  });

  it('"Request consultation" on a list of Spanish-speaking coaches only: in Spanish, to no coach in particular', async () => {
    const data = await createdAsking('/consulta/coaches-disponibles', { online: [physician({ languages: ['es'] })] });
    expect(data.language).toBe('es');
    expect(data.mxDoctorId).toBeUndefined();
  });
});

describe('coach profile: tracked views', () => {
  it('opening a coach\'s profile tracks coach_profile_viewed once, with her id only; another day of her week is the same view', async () => {
    const id = crypto.randomUUID();
    const { calls } = fakeServer();
    renderApp(`/ondemand-perfil-coach/${id}`);
    await screen.findByTestId('coach-profile-name');
    await waitFor(() => expect(trackedEvents(calls)).toEqual([{ event: 'coach_profile_viewed', properties: { physicianId: id } }]));
    fireEvent.click(screen.getAllByRole('tab')[2]!);
    await waitFor(() => expect(graphqlCalls(calls, 'GetPhysicianWithSlots')).toHaveLength(2));
    await screen.findByTestId('coach-profile-name');
    expect(trackedEvents(calls)).toHaveLength(1);
  });
});

describe('coach profile: time zones (issue 13)', () => {
  it('shows the slots in the member’s current zone and can switch them to the coach’s calendar zone', async () => {
    const { fetchMock } = fakeServer();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/api/physicians/doc_1/slots')) {
        return new Response(JSON.stringify({ timeZone: 'UTC', physicianTimeZone: 'Asia/Tokyo', slots: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return fetchMock(input, init);
    });
    renderApp('/ondemand-perfil-coach/doc_1');
    const zone = await screen.findByTestId('coach-slots-zone');
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zone.getAttribute('data-zone')).toBe(mine);
    const before = (await screen.findAllByTestId('coach-slot'))[0]!.textContent;
    const toggle = (await screen.findByTestId('coach-slots-zone-toggle')).querySelector('input')!;
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('coach-slots-zone').getAttribute('data-zone')).toBe('Asia/Tokyo'));
    expect(screen.getByTestId('coach-slots-zone').textContent).toBe('Horarios en la zona horaria del coach (Asia/Tokyo).');
    // The same instant, told in Tokyo's hours.
    expect(screen.getAllByTestId('coach-slot')[0]!.textContent).not.toBe(before);
    vi.unstubAllGlobals();
  });
});

describe('location confirmation', () => {
  it('state and city are required: the spec keys on the fields and the form_missing_fields warning, the first field in the middle of the screen', async () => {
    const scrolled = recordScrollIntoView();
    const { calls } = fakeServer();
    renderApp('/consulta/llenado-de-informacion');
    fireEvent.click(await screen.findByTestId('location-submit'));
    expect(await screen.findByText('Selecciona tu estado')).toBeTruthy();
    expect(screen.getByText('Selecciona tu ciudad')).toBeTruthy();
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('warning');
    expect(toast.textContent).toContain('Completa los campos obligatorios.');
    // spec 5: the first field in error (the state) comes to the middle of the screen, with the focus.
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.target).toBe(screen.getByTestId('location-state'));
    expect(scrolled[0]!.options).toMatchObject({ block: 'center' });
    expect(document.activeElement).toBe(screen.getByTestId('location-state'));
    expect(graphqlCalls(calls, 'CreateAppointment')).toHaveLength(0);
  });

  it('a typed new city is accepted; the appointment is created with the request and the member waits', async () => {
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'hardcoded_mh_topic', topicText: 'Salud emocional', practice: 'mentalhealth', tags: 'practice_mentalhealth', reason: 'Estrés', requiresSelfAssessment: false, language: 'en', physicianId: '7d3c0b8e-1111-4222-8333-944445555666' }),
    );
    const { calls } = fakeServer();
    const { router } = renderApp('/consulta/llenado-de-informacion');
    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Jalisco' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Tlajomulco' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
    const create = graphqlCalls(calls, 'CreateAppointment')[0]!;
    expect((create.body as { variables: unknown }).variables).toEqual({
      returnNewDocument: true,
      data: {
        practice: 'mentalhealth',
        language: 'en',
        topic: { topicId: 'hardcoded_mh_topic', topicText: 'Salud emocional', subtopicId: null, subtopicText: null },
        selfAssessment: null,
        location: { country: 'MX', state: 'Jalisco', city: 'Tlajomulco' },
        timezone: expect.any(String),
        mxDoctorId: '7d3c0b8e-1111-4222-8333-944445555666',
      },
    });
    expect(getCurrentAppointment()).toMatchObject({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand' });
    // The waiting time starts now (spec 4 countdown).
    expect(Date.now() - Number(window.localStorage.getItem('waiting-room-started'))).toBeLessThan(5_000);
  });

  it('a member outside the US and Mexico goes to the limited-services screen', async () => {
    const { calls } = fakeServer({ member: { countryCode: '57', phoneNumber: '+573001234567' } });
    const { router } = renderApp('/consulta/llenado-de-informacion');
    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Antioquia' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Medellín' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/limited-services-screen-shown'));
    expect((await screen.findByTestId('limited-services-point-5')).getAttribute('data-negative')).toBe('true');
    expect(graphqlCalls(calls, 'CreateAppointment')).toHaveLength(0);
  });

  it('a US member outside the full-care states is told it is coaching only', async () => {
    fakeServer({ member: { countryCode: '1', address: { zipCode: null, city: 'Austin', state: 'NY', country: 'US' } } });
    renderApp('/consulta/llenado-de-informacion');
    expect(await screen.findByTestId('coaching-only-notice')).toBeTruthy();
    fireEvent.change(screen.getByTestId('location-state'), { target: { value: 'TX' } });
    await waitFor(() => expect(screen.queryByTestId('coaching-only-notice')).toBeNull());
  });
});

describe('info pages', () => {
  it.each([
    ['SC023', '', 'on-demand', ['see-other-coaches', 'go-home']],
    ['SC023', '?noAction=true', 'on-demand', ['go-home']],
    ['SC023', '', 'scheduled', ['go-home']],
    ['SC094', '', 'on-demand', ['look-for-another-coach']],
    ['SC099', '', 'on-demand', ['go-home', 'start-scheduling']],
    ['SMC11', '', 'on-demand', ['go-to-history']],
    ['SC005', '', 'on-demand', []],
  ] as const)('%s%s (%s) offers %j', async (code, query, type, buttons) => {
    fakeServer();
    setCurrentAppointment({ id: 'apt_1', state: '12-canceled', type, usDoctorNeeded: false, statusReason: null });
    renderApp(`/consulta/infoPage/${code}${query}`);
    const page = await screen.findByTestId(`info-page-${code}`);
    expect(within(page).queryAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual(buttons.map((b) => `info-page-button-${b}`));
    if (code === 'SC005') expect(within(page).getByTestId('info-page-loading')).toBeTruthy();
  });

  it('SC099 start scheduling goes to /agenda/seleccionar-coach; SMC11 to the history', async () => {
    fakeServer();
    const { router } = renderApp('/consulta/infoPage/SC099');
    fireEvent.click(await screen.findByTestId('info-page-button-start-scheduling'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/seleccionar-coach'));
  });

  it('SC038 clears the waiting-room start flag', async () => {
    fakeServer();
    window.localStorage.setItem('waiting-room-started', String(Date.now()));
    renderApp('/consulta/infoPage/SC038');
    await screen.findByTestId('info-page-SC038');
    await waitFor(() => expect(window.localStorage.getItem('waiting-room-started')).toBeNull());
  });

  it('SC064 goes to the survey of the appointment', async () => {
    fakeServer();
    inQueue('coach-finish-video-call');
    const { router } = renderApp('/consulta/infoPage/SC064');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/survey/apt_1'));
  });
});
