import { APPOINTMENT_STATE as S } from '@puente/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setCurrentAppointmentId } from '@/features/appointments';
import { appointment, physician } from '@/test/consultation-fixtures';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/** The member's record screens (issue 12) against a fake API at the network boundary. */

const card = (overrides: Record<string, unknown> = {}) => ({
  id: 'apt_1',
  startDate: '2026-11-20T17:00:00.000Z',
  state: S.S11_FINISHED,
  status: 'finished',
  statusReason: null,
  type: 'on-demand',
  channel: 'video-call',
  practice: 'health',
  reason: 'Dolor de cabeza',
  physicianName: 'María Hernández',
  physicianUserType: 'mx-physician',
  prescriptionNeeded: false,
  parentAppointmentId: null,
  chatHasMessages: false,
  ...overrides,
});

const PHARMACY = { pharmStoreName: 'CVS Pharmacy', pharmAddressLine1: '1 Main St', pharmAddressLine2: null, pharmCity: 'San Francisco', pharmState: 'CA', pharmZip: '94103', pharmPhone: '+1 (415) 555-0100', pharmLatitude: 37.77, pharmLongitude: -122.41 };
const PRESCRIPTION = { code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG Oral Capsule', qty: '21', duration: '7 days', freq: 'every 8 hours', dosage: '1 capsule', sig: 'Take with food' };

const record = (overrides: Record<string, unknown> = {}, apt: Record<string, unknown> = {}) => ({
  appointment: appointment({ state: S.S11_FINISHED, status: 'finished', ...apt }),
  notesHidden: false,
  note: [{ name: 'assessment', value: { text: 'Sinusitis', language: 'en', translation: null } }],
  plan: { conclusions: { text: 'Reposo', language: 'es', translation: null }, recomendations: null },
  prescriptionNotes: [],
  surveyAnswered: false,
  documentAvailable: true,
  ...overrides,
});

const serve = (answers: { history?: (call: FakeCall) => unknown; record?: unknown; member?: Record<string, unknown>; mapTileUrl?: string | null }) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member(answers.member ?? {}) } } };
    if (call.url.startsWith('/api/records/history')) return { status: 200, body: answers.history?.(call) };
    if (call.url.startsWith('/api/records/appointments/')) return answers.record ? { status: 200, body: answers.record } : undefined;
    if (call.url === '/api/appointments/apt_1/prescription-document') return { status: 200, body: '%PDF-1.7' };
    if (call.url === '/api/configs')
      return {
        status: 200,
        body: {
          companyPhones: { whatsapp: '+15555550100', ohmd: '+15555550100' },
          countries: [],
          supportedPhoneCodes: [],
          workingHours: { timezone: 'America/Mexico_City', intervals: [], allowOnWeekend: false, whitelistDomains: [], whitelistEmails: [] },
          appLinks: { deepLink: 'puente://open', iosStore: 'https://a.example/i', androidStore: 'https://a.example/a', marketingSite: 'https://a.example' },
          mapTileUrl: answers.mapTileUrl ?? null,
        },
      };
    return undefined;
  });
};

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('/consulta/historial (spec 2, spec 4 "History card")', () => {
  it('groups by year then month, newest first; disabled, expired and prescription cards; pages on demand', async () => {
    const { calls } = serve({
      history: (call) =>
        call.url.includes('cursor=')
          ? { items: [card({ id: 'old', startDate: '2024-03-02T17:00:00.000Z' })], nextCursor: null }
          : {
              items: [
                card({ id: 'rx', startDate: '2026-11-20T17:00:00.000Z', state: S.TREAT_COMPLETED, prescriptionNeeded: true }),
                card({ id: 'live', startDate: '2026-11-19T17:00:00.000Z', state: S.S3_COACH_JOINS_CALL, status: 'in-progress' }),
                card({ id: 'pending', startDate: '2026-10-05T17:00:00.000Z', state: S.TREAT_PENDING }),
                card({ id: 'expired', startDate: '2025-01-05T17:00:00.000Z', state: S.EXPIRED }),
              ],
              nextCursor: 'c1',
            },
    });
    const view = renderApp('/consulta/historial');
    await screen.findByTestId('history-card-rx');
    const years = view.container.querySelectorAll('[data-testid^="history-year-"]');
    expect([...years].map((y) => y.getAttribute('data-testid'))).toEqual(['history-year-2026', 'history-year-2025']);
    expect(within(screen.getByTestId('history-year-2026')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['noviembre', 'octubre']);
    expect(screen.getByTestId('history-card-live').getAttribute('data-disabled')).toBe('true');
    expect(screen.getByTestId('history-card-pending').getAttribute('data-disabled')).toBe('true');
    expect(screen.getByTestId('history-card-rx').getAttribute('data-disabled')).toBe('false');
    expect(within(screen.getByTestId('history-card-rx')).getByTestId('history-card-prescription')).toBeTruthy();
    expect(within(screen.getByTestId('history-card-pending')).queryByTestId('history-card-prescription')).toBeNull();
    expect(within(screen.getByTestId('history-card-expired')).getByTestId('history-card-expired-label').textContent).toBe('Expirada');
    expect(screen.getByTestId('history-card-rx').textContent).toContain('María Hernández');
    expect(screen.getByTestId('history-card-rx').textContent).toContain('Videollamada · Dolor de cabeza');

    fireEvent.click(screen.getByTestId('history-more'));
    await screen.findByTestId('history-card-old');
    expect(calls.some((c) => c.url.includes('cursor=c1'))).toBe(true);
    expect(screen.queryByTestId('history-more')).toBeNull();

    fireEvent.click(screen.getByTestId('history-card-rx'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/consulta/historial/rx'));
  });

  it('the empty state offers scheduling only when the organization allows it', async () => {
    serve({ history: () => ({ items: [], nextCursor: null }), member: { organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme', settings: ['SCHEDULING_AVAILABLE'] } } });
    const view = renderApp('/consulta/historial');
    fireEvent.click(await screen.findByTestId('history-empty-schedule'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/agenda/seleccionar-tema'));
    view.unmount();
    serve({ history: () => ({ items: [], nextCursor: null }) });
    renderApp('/consulta/historial', { language: 'en' });
    expect((await screen.findByTestId('history-empty')).textContent).toContain('You have no consultations yet.');
    expect(screen.queryByTestId('history-empty-schedule')).toBeNull();
  });
});

describe('/consulta/historial/{id}', () => {
  it('only Summary without prescriptions or pharmacy; notes labelled with their language; no chat button without messages', async () => {
    serve({ record: record() });
    renderApp('/consulta/historial/apt_1');
    await screen.findByTestId('record-summary');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Resumen']);
    const note = screen.getByTestId('record-note-assessment');
    expect(note.textContent).toContain('Evaluación');
    expect(note.textContent).toContain('Sinusitis');
    expect(within(note).getByTestId('free-text-language').textContent).toBe('Escrito en inglés');
    expect(within(note).getByTestId('free-text-not-translated')).toBeTruthy();
    // Spanish text for a Spanish reader carries no label.
    expect(within(screen.getByTestId('record-plan-conclusions')).queryByTestId('free-text-language')).toBeNull();
    expect(screen.queryByTestId('record-chat')).toBeNull();
    expect(screen.queryByTestId('record-doctor-card')).toBeNull();
    expect(screen.getByTestId('record-rate')).toBeTruthy();
  });

  it("free text in another language shows as written, labelled, with the provider's translation beside it", async () => {
    serve({
      record: record({
        note: [{ name: 'assessment', value: { text: 'Strep throat', language: 'en', translation: 'Faringitis estreptocócica' } }],
        plan: { conclusions: { text: 'Finish the antibiotic', language: 'en', translation: 'Termine el antibiótico' }, recomendations: null },
      }),
    });
    renderApp('/consulta/historial/apt_1');
    const note = await screen.findByTestId('record-note-assessment');
    expect(within(note).getByText('Strep throat').getAttribute('lang')).toBe('en');
    expect(within(note).getByTestId('free-text-language').textContent).toBe('Escrito en inglés');
    expect(within(note).getByTestId('free-text-translation').textContent).toBe('Traducción: Faringitis estreptocócica');
    expect(within(note).queryByTestId('free-text-not-translated')).toBeNull();
    const plan = screen.getByTestId('record-plan-conclusions');
    expect(plan.textContent).toContain('Finish the antibiotic');
    expect(within(plan).getByTestId('free-text-translation').textContent).toBe('Traducción: Termine el antibiótico');
  });

  it('Treatment with directions in the reader language and the ready prescription; Pharmacy with the links and no map without tiles', async () => {
    serve({
      record: record({ prescriptionNotes: [{ text: 'Take with food', language: 'en', translation: null }], surveyAnswered: true }, { state: S.TREAT_COMPLETED, prescriptions: [PRESCRIPTION], medicalRecord: { internalNotes: null, plan: null, pharmacy: PHARMACY }, chatHasMessages: true, mxDoctor: physician({ id: 'doc_1', firstName: 'María', lastName: 'Hernández' }), mxDoctorId: 'doc_1' }),
    });
    const view = renderApp('/consulta/historial/apt_1', { language: 'en' });
    await screen.findByTestId('record-summary');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Summary', 'Treatment', 'Pharmacy']);
    expect(screen.getByTestId('record-doctor-card').textContent).toContain('María Hernández');
    expect(screen.getByTestId('record-chat')).toBeTruthy();
    expect(screen.queryByTestId('record-rate')).toBeNull();

    fireEvent.click(screen.getByTestId('record-tab-treatment'));
    const line = await screen.findByTestId('prescription-line');
    expect(line.textContent).toContain('Dose1 capsule');
    expect(line.textContent).toContain('Frequencyevery 8 hours');
    expect(line.textContent).toContain('Duration7 days');
    expect(line.textContent).toContain('Quantity21');
    expect(screen.getByTestId('my-prescription-ready')).toBeTruthy();

    fireEvent.click(screen.getByTestId('record-tab-pharmacy'));
    await screen.findByTestId('record-pharmacy');
    expect(screen.queryByTestId('pharmacy-map')).toBeNull();
    expect(screen.getByTestId('pharmacy-address').textContent).toContain('CVS Pharmacy');
    expect(screen.getByTestId('pharmacy-maps-link').getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=37.77%2C-122.41');
    expect(screen.getByTestId('pharmacy-tel-link').getAttribute('href')).toBe('tel:+14155550100');

    fireEvent.click(screen.getByTestId('record-tab-summary'));
    fireEvent.click(await screen.findByTestId('record-chat'));
    await waitFor(() => expect(view.router.state.location.pathname + view.router.state.location.search).toBe('/consulta/historial/historial-chat?appointmentId=apt_1'));
  });

  it('a line signed for a Spanish-speaking member, read in English, shows English directions built from its structured parts, not as the doctor’s words', async () => {
    // As the server stores it: the text fields were generated in Spanish when it was signed.
    const signedEs = {
      code: '745679',
      codeSystem: 'RXNORM',
      name: 'Albuterol 90 MCG/ACTUAT Metered Dose Inhaler',
      dosage: '2 inhalaciones',
      freq: 'cada 8 horas',
      duration: '10 días',
      qty: '1 unidad',
      sig: 'Aplicar 2 inhalaciones cada 8 horas durante 10 días.',
      route: 'inhalation',
      dose: 2,
      doseUnit: 'puff',
      frequency: 'every-8-hours',
      durationDays: 10,
      quantity: 1,
      quantityUnit: 'unit',
    };
    serve({ record: record({ prescriptionNotes: [null] }, { state: S.TREAT_COMPLETED, prescriptions: [signedEs] }) });
    const view = renderApp('/consulta/historial/apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('record-tab-treatment'));
    const line = await screen.findByTestId('prescription-line');
    expect(line.textContent).toContain('DirectionsInhale 2 puffs every 8 hours for 10 days.');
    expect(line.textContent).toContain('Dose2 puffs');
    expect(line.textContent).toContain('Routeby inhalation');
    expect(line.textContent).toContain('Frequencyevery 8 hours');
    expect(line.textContent).toContain('Duration10 days');
    expect(line.textContent).toContain('Quantity1 unit');
    expect(line.textContent).not.toContain('inhalation,');
    expect(line.textContent).not.toMatch(/inhalaciones|horas|días|unidad/);
    expect(line.textContent).not.toContain("Doctor's instructions");
    view.unmount();

    serve({ record: record({ prescriptionNotes: [null] }, { state: S.TREAT_COMPLETED, prescriptions: [signedEs] }) });
    renderApp('/consulta/historial/apt_1');
    fireEvent.click(await screen.findByTestId('record-tab-treatment'));
    expect((await screen.findByTestId('prescription-line')).textContent).toContain('IndicacionesAplicar 2 inhalaciones cada 8 horas durante 10 días.');
  });

  it('with tiles configured the map shows, 158 px high; pending and cancelled prescription states; expired notes', async () => {
    serve({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', record: record({}, { state: S.TREAT_PENDING, prescriptions: [PRESCRIPTION], medicalRecord: { internalNotes: null, plan: null, pharmacy: PHARMACY } }) });
    const first = renderApp('/consulta/historial/apt_1');
    fireEvent.click(await screen.findByTestId('record-tab-pharmacy'));
    const map = await screen.findByTestId('pharmacy-map');
    expect(map.style.height).toBe('158px');
    await waitFor(() => expect(map.querySelector('img')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.com\/15\/\d+\/\d+\.png$/));
    fireEvent.click(screen.getByTestId('record-tab-treatment'));
    expect(await screen.findByTestId('my-prescription-pending')).toBeTruthy();
    first.unmount();

    serve({ record: record({ notesHidden: true, note: [], plan: null }, { state: S.S12_CANCELED, prescriptions: [PRESCRIPTION] }) });
    renderApp('/consulta/historial/apt_1');
    expect((await screen.findByTestId('record-notes-expired')).textContent).toBe('Esta consulta expiró y sus notas ya no están disponibles.');
    fireEvent.click(screen.getByTestId('record-tab-treatment'));
    expect(await screen.findByTestId('my-prescription-cancelled-appointment')).toBeTruthy();
  });

  it('the Treatment tab fetches the signed PDF with her session; without a document there is no button, only where it was sent', async () => {
    // jsdom has no blob addresses: the PDF is handed to one and opened through a link.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:prescription');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      click.mockRestore();
    });
    const ready = (documentAvailable: boolean) =>
      record({ documentAvailable }, { state: S.TREAT_COMPLETED, prescriptions: [PRESCRIPTION], medicalRecord: { internalNotes: null, plan: null, pharmacy: PHARMACY } });
    const { calls } = serve({ record: ready(true) });
    const first = renderApp('/consulta/historial/apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('record-tab-treatment'));
    fireEvent.click(await screen.findByTestId('prescription-document'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(createObjectURL.mock.calls[0]![0].size).toBe(JSON.stringify('%PDF-1.7').length);
    expect(click).toHaveBeenCalledTimes(1);
    const fetched = calls.filter((c) => c.url === '/api/appointments/apt_1/prescription-document');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.headers.authorization).toBe('Bearer st_1');
    expect(screen.queryByTestId('prescription-sent-to')).toBeNull();
    first.unmount();

    // Sent by a vendor (DoseSpot): no PDF of ours, so no button that would answer 404.
    const second = serve({ record: ready(false) });
    renderApp('/consulta/historial/apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('record-tab-treatment'));
    expect((await screen.findByTestId('prescription-sent-to')).textContent).toBe('Your prescription was sent to CVS Pharmacy. Show your ID there to pick it up.');
    expect(screen.queryByTestId('prescription-document')).toBeNull();
    expect(second.calls.some((c) => c.url.endsWith('/prescription-document'))).toBe(false);
  });

  it("another member's consultation (404) shows not found", async () => {
    serve({});
    renderApp('/consulta/historial/someone-else');
    expect((await screen.findByTestId('record-error')).textContent).toBe('No encontramos esta consulta.');
  });
});

describe('/consulta/resumen-de-cita', () => {
  it('shows the consultation that just ended, back goes home; without one it goes to the history', async () => {
    serve({ record: record(), history: () => ({ items: [], nextCursor: null }) });
    setCurrentAppointmentId('apt_1');
    const view = renderApp('/consulta/resumen-de-cita');
    await screen.findByTestId('appointment-summary-screen');
    await screen.findByTestId('record-summary');
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/inicio'));
    view.unmount();
    setCurrentAppointmentId(null);
    const again = renderApp('/consulta/resumen-de-cita');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/consulta/historial'));
  });
});
