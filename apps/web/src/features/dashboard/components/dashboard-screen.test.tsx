import { COACH_SEARCHING_US_DOCTOR_TOAST, MODAL, type AppointmentState, type ReadinessItem } from '@puente/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { alertFor, appointment, COACH_ID, DOCTOR_ID, dashboardTestEnv, installStaffServer, physician } from './dashboard-test-kit';

const socket = dashboardTestEnv();

const coach = physician();
const doctor = physician({ id: DOCTOR_ID, firstName: 'Emily', lastName: 'Carter', userType: 'us-physician' });

describe('coach dashboard', () => {
  it('shows matching requests, toggles availability and accepts a request into the consultation', async () => {
    const server = installStaffServer({ userType: 'mx-physician', queue: [appointment({ id: 'apt_7', memberName: 'Ana López' })] });
    const { router } = renderApp('/dashboard');
    const card = await screen.findByTestId('request-card-apt_7', {}, { timeout: 5000 });
    expect(card.textContent).toContain('Ana López');
    expect(card.textContent).toContain('Dolor de cabeza');

    const toggle = screen.getByTestId('availability-toggle');
    await waitFor(() => expect(toggle.getAttribute('data-checked')).toBe('true'));
    fireEvent.click(within(toggle).getByRole('switch'));
    await waitFor(() => expect(toggle.getAttribute('data-checked')).toBe('false'));
    expect(server.opCalls('SetAvailability')[0]?.variables).toEqual({ isAvailable: false });
    expect(await screen.findByTestId('availability-off-hint')).toBeTruthy();

    fireEvent.click(within(card).getByTestId('accept-request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_7'));
    expect(server.opCalls('AcceptAppointment')[0]?.variables).toEqual({ appointmentId: 'apt_7' });
    // accept claims the request (S1 -> S2) and joins the call at once (S2 -> S3)
    expect(server.opCalls('UpdateAppointment')[0]?.variables).toEqual({ appointment: { id: 'apt_7', state: '3-coach-joins-call' } });
    expect((await screen.findByTestId('appointment-state')).getAttribute('data-state')).toBe('3-coach-joins-call');
    expect(screen.getByTestId('request-us-doctor')).toBeTruthy();
  });

  it.each([
    ['en', 'Physical health', 'Throat and ears', 'Salud física', 'Garganta y oídos'],
    ['es', 'Salud física', 'Garganta y oídos', 'Physical health', 'Throat and ears'],
  ] as const)('the topic reads in the coach\'s language (%s), whatever the member\'s', async (language, topicTitle, subtopicTitle, otherTopic, otherSubtopic) => {
    const byTopic = appointment({ id: 'apt_t', selfAssessment: null, language: 'es', topic: { topicId: 'hardcoded_ph_topic', topicText: 'Salud física', subtopicId: null, subtopicText: null } });
    const bySubtopic = appointment({ id: 'apt_u', selfAssessment: null, language: 'en', topic: { topicId: 'hardcoded_ph_topic', topicText: 'Physical health', subtopicId: 'ph_throat', subtopicText: 'Throat and ears' } });
    // Each member asked in the other language than the coach reads.
    if (language === 'en') byTopic.topic = { ...byTopic.topic!, topicText: otherTopic };
    else bySubtopic.topic = { ...bySubtopic.topic!, topicText: otherTopic, subtopicText: otherSubtopic };
    const unknown = appointment({ id: 'apt_v', selfAssessment: null, topic: { topicId: 'org_only_topic', topicText: 'Tema de la empresa', subtopicId: null, subtopicText: null } });
    installStaffServer({ userType: 'mx-physician', queue: [byTopic, bySubtopic, unknown], preferredLang: language });
    renderApp('/dashboard', { language });
    const card = await screen.findByTestId('request-card-apt_t');
    await waitFor(() => expect(card.textContent).toContain(topicTitle));
    expect(card.textContent).not.toContain(otherTopic);
    await waitFor(() => expect(screen.getByTestId('request-card-apt_u').textContent).toContain(subtopicTitle));
    expect(screen.getByTestId('request-card-apt_u').textContent).not.toContain(otherSubtopic);
    // A topic the clinician's template does not have keeps the member's words.
    expect(screen.getByTestId('request-card-apt_v').textContent).toContain('Tema de la empresa');
  });

  it('a new request arriving by realtime appears without a reload', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    renderApp('/dashboard');
    expect(await screen.findByTestId('queue-empty')).toBeTruthy();
    const fresh = appointment({ id: 'apt_new' });
    server.state.queue = [fresh];
    act(() => socket.serverEmit('appointment-alert', alertFor(fresh)));
    expect(await screen.findByTestId('request-card-apt_new')).toBeTruthy();
    // and leaves when another coach takes it
    server.state.queue = [];
    act(() => socket.serverEmit('appointment-alert', alertFor({ ...fresh, state: '3-coach-joins-call' })));
    await waitFor(() => expect(screen.queryByTestId('request-card-apt_new')).toBeNull());
  });

  it('shows the consultation in progress and its doctor-side notice on the list too', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    const mine = appointment({ id: 'apt_cur', state: '8-er-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor });
    server.state.current = mine;
    renderApp('/dashboard');
    expect((await screen.findByTestId('current-consultation')).textContent).toContain('Ana López');
    expect(screen.queryByTestId('doctor-modal')).toBeNull();
    server.state.current = { ...mine, state: '9-er-ends-call' };
    act(() => socket.serverEmit('appointment-alert', alertFor(server.state.current!)));
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('consultation-finished');
  });

  it('an alert without a state or appointmentId is ignored', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    renderApp('/dashboard');
    await screen.findByTestId('queue-empty');
    const before = server.opCalls('GetAppointmentQueue').length;
    act(() => socket.serverEmit('appointment-alert', { appointmentId: 'x' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.opCalls('GetAppointmentQueue').length).toBe(before);
  });

  it('losing the race to another coach says so and refreshes the queue', async () => {
    const server = installStaffServer({ userType: 'mx-physician', queue: [appointment({ id: 'apt_race' })] });
    const { fetchMock } = server;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string }) : {};
      if (body.query?.includes('AcceptAppointment')) {
        return new Response(JSON.stringify({ data: null, errors: [{ message: 'taken', extensions: { error: { code: 'APPOINTMENT_ALREADY_IN_PROGRESS', status: 409, message: 'taken' } } }] }), { status: 200 });
      }
      return original(input, init);
    });
    const { router } = renderApp('/dashboard');
    fireEvent.click(within(await screen.findByTestId('request-card-apt_race')).getByTestId('accept-request'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Otro profesional ya tomó esta solicitud.');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('if joining after the claim fails, the consultation offers the join button', async () => {
    const server = installStaffServer({ userType: 'mx-physician', queue: [appointment({ id: 'apt_j' })] });
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string }) : {};
      if (body.query?.includes('UpdateAppointment')) {
        return new Response(JSON.stringify({ data: null, errors: [{ message: 'no', extensions: { error: { code: 'CONFLICT', status: 409, message: 'no' } } }] }), { status: 200 });
      }
      return original(input, init);
    });
    const { router } = renderApp('/dashboard');
    fireEvent.click(within(await screen.findByTestId('request-card-apt_j', {}, { timeout: 3000 })).getByTestId('accept-request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_j'));
    expect(await screen.findByTestId('coach-join-call')).toBeTruthy();
  });
});

describe('consultation: the coach during and after the call', () => {
  const inCall = (state: AppointmentState = '3-coach-joins-call') => appointment({ id: 'apt_1', state, mxDoctorId: COACH_ID, mxDoctor: coach });

  it('requesting a US doctor shows the searching toast, then continue alone', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('request-us-doctor'));
    // issue 11: the request carries a reason and an urgency, checked by the shared schema first.
    const dialog = await screen.findByTestId('escalation-dialog');
    fireEvent.click(within(dialog).getByTestId('escalation-submit'));
    expect(await within(dialog).findByText('Escribe por qué el socio necesita un médico de EE. UU.')).toBeTruthy();
    expect(server.opCalls('UpdateAppointment')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('escalation-reason'), { target: { value: 'Posible neumonía' } });
    fireEvent.click(within(dialog).getByTestId('escalation-urgency-urgent'));
    fireEvent.click(within(dialog).getByTestId('escalation-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe(COACH_SEARCHING_US_DOCTOR_TOAST);
    expect(server.opCalls('UpdateAppointment')[0]?.variables).toEqual({ appointment: { id: 'apt_1', state: 'coach-request-us-dr', escalation: { reason: 'Posible neumonía', urgency: 'urgent' } } });
    fireEvent.click(await screen.findByTestId('continue-alone'));
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('consultation-without-er'));
    expect(server.opCalls('UpdateAppointment')[1]?.variables).toEqual({ appointment: { id: 'apt_1', state: 'consultation-without-er' } });
    // spec 6: the coach continuing alone sees "all US doctors busy"
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('all-us-doctors-busy');
    fireEvent.click(screen.getByTestId('doctor-modal-close'));
    fireEvent.click(screen.getByTestId('finish-call'));
    fireEvent.click(await screen.findByTestId('end-call-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('coach-finish-video-call'));
  });

  it('the toast shows even when the server moves the request straight on to the US doctors queue', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    server.state.onUpdate = (a, to) => ({ ...a, state: to === 'coach-request-us-dr' ? '6-in-queue-for-er' : to, usDoctorNeeded: true });
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('request-us-doctor'));
    fireEvent.change(await screen.findByTestId('escalation-reason'), { target: { value: 'Revisión' } });
    fireEvent.click(screen.getByTestId('escalation-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(COACH_SEARCHING_US_DOCTOR_TOAST);
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('6-in-queue-for-er'));
  });

  it('a request for a US doctor that did not get through keeps the dialog open with her reason, to send again', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    const answer = server.state.onUpdate;
    server.state.onUpdate = () => {
      // The network is down (the request and its retries do not get through).
      throw new TypeError('Failed to fetch');
    };
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('request-us-doctor'));
    fireEvent.change(await screen.findByTestId('escalation-reason'), { target: { value: 'Posible neumonía' } });
    fireEvent.click(screen.getByTestId('escalation-submit'));
    expect((await screen.findByTestId('toast')).textContent).toMatch(/no se pudo|inténtalo/i);
    // Still open once a closing dialog would have left (its exit transition is 195 ms).
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    const dialog = screen.getByTestId('escalation-dialog');
    expect((within(dialog).getByTestId('escalation-reason') as HTMLTextAreaElement).value).toBe('Posible neumonía');
    server.state.onUpdate = answer;
    fireEvent.click(within(dialog).getByTestId('escalation-submit'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(COACH_SEARCHING_US_DOCTOR_TOAST));
    await waitFor(() => expect(screen.queryByTestId('escalation-dialog')).toBeNull());
    expect(server.opCalls('UpdateAppointment').at(-1)?.variables).toEqual({ appointment: { id: 'apt_1', state: 'coach-request-us-dr', escalation: { reason: 'Posible neumonía', urgency: 'soon' } } });
  });

  it('the toast is in English for an English-speaking coach', async () => {
    installStaffServer({ userType: 'mx-physician', appointments: [inCall()], preferredLang: 'en' });
    renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('request-us-doctor'));
    fireEvent.change(await screen.findByTestId('escalation-reason'), { target: { value: 'Review' } });
    fireEvent.click(screen.getByTestId('escalation-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Please wait a moment. We are looking for an available US doctor.');
  });

  it('sends the member to the waiting room', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('send-to-waiting-room'));
    await waitFor(() => expect(server.opCalls('UpdateAppointment')[0]?.variables).toEqual({ appointment: { id: 'apt_1', state: 'send-socio-to-waiting-room' } }));
    await waitFor(() => expect(screen.queryByTestId('send-to-waiting-room')).toBeNull());
  });

  it('the member panel shows her symptoms as labels in the coach\'s language', async () => {
    installStaffServer({ userType: 'mx-physician', appointments: [{ ...inCall(), selfAssessment: { appointmentReason: 'Dolor de cabeza', painLevel: 4, symptoms: ['stomach_pain', 'nausea'] } }] });
    renderApp('/dashboard/consulta/apt_1');
    const symptoms = await screen.findByTestId('member-symptoms');
    expect(symptoms.textContent).toContain('Dolor de estómago, Náuseas');
    expect(symptoms.textContent).not.toContain('stomach_pain');
  });

  it('a refused transition refreshes the consultation and warns', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string }) : {};
      if (body.query?.includes('UpdateAppointment')) {
        return new Response(JSON.stringify({ data: null, errors: [{ message: 'no', extensions: { error: { code: 'CONFLICT', status: 409, message: 'no' } } }] }), { status: 200 });
      }
      return original(input, init);
    });
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('finish-call'));
    fireEvent.click(await screen.findByTestId('end-call-dialog-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('La consulta cambió de estado');
  });

  it('a realtime alert moves the consultation (US doctor accepted: support modal)', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall('coach-request-us-dr')] });
    renderApp('/dashboard/consulta/apt_1');
    await screen.findByTestId('continue-alone');
    expect(socket.emitted).toContainEqual({ event: 'appointment-subscribe', payload: { appointmentId: 'apt_1' } });
    const accepted = { ...inCall('er-accepts-consultation'), usDoctorId: DOCTOR_ID, usDoctor: doctor };
    server.state.appointments.set('apt_1', accepted);
    act(() => socket.serverEmit('appointment-alert', alertFor(accepted)));
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('us-doctor-support');
    await waitFor(() => expect(screen.queryByTestId('continue-alone')).toBeNull());
  });
});

describe('doctor-side modals by role and state (spec 001 §6)', () => {
  it.each([
    ['us-physician', '7-er-is-reviewing', 'treatment-received'],
    ['us-physician', 'us-dr-pending', 'pending-treatment-thanks'],
    ['mx-physician', '9-er-ends-call', 'consultation-finished'],
    ['mx-physician', 'consultation-without-er', 'all-us-doctors-busy'],
    ['mx-physician', 'er-accepts-consultation', 'us-doctor-support'],
    ['mx-physician', '3-coach-joins-call', null],
    ['us-physician', '9-er-ends-call', null],
    ['mx-physician', '7-er-is-reviewing', null],
  ] as const)('%s in %s sees %s', async (userType, state, modal) => {
    const a = appointment({ id: 'apt_m', state, mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true });
    installStaffServer({ userType, appointments: [a] });
    renderApp('/dashboard/consulta/apt_m');
    await screen.findByTestId('appointment-state');
    if (modal === null) {
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('doctor-modal')).toBeNull();
      return;
    }
    const shown = await screen.findByTestId('doctor-modal');
    expect(shown.getAttribute('data-modal')).toBe(modal);
    const paper = shown.closest('.MuiDialog-paper') as HTMLElement;
    expect(getComputedStyle(paper).width).toBe(`${MODAL.doctorModalWidthPx}px`);
    fireEvent.click(screen.getByTestId('doctor-modal-close'));
    await waitFor(() => expect(screen.queryByTestId('doctor-modal')).toBeNull());
  });
});

describe('US doctor', () => {
  it('sees escalations with the coach notes and accepts one', async () => {
    const esc = appointment({ id: 'apt_e', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true, chiefComplaint: 'Necesita antibiótico', medicalRecord: { internalNotes: 'Faringitis probable' } });
    const server = installStaffServer({ userType: 'us-physician', queue: [esc], preferredLang: 'en' });
    const { router } = renderApp('/dashboard', { language: 'en' });
    const card = await screen.findByTestId('escalation-card-apt_e');
    const notes = within(card).getByTestId('coach-notes');
    expect(notes.textContent).toContain('Necesita antibiótico');
    expect(notes.textContent).toContain('Faringitis probable');
    expect(notes.textContent).toContain('María Hernández');
    expect(screen.getByText(/licensed in: CA, TX/)).toBeTruthy();
    fireEvent.click(within(card).getByTestId('accept-escalation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_e'));
    expect(server.opCalls('AcceptAppointment')).toHaveLength(1);
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('treatment-received');
  });

  it("the card shows the coach's saved note, reason, urgency, intake and chat summary (not 'no notes')", async () => {
    const esc = appointment({
      id: 'apt_h',
      state: '6-in-queue-for-er',
      mxDoctorId: COACH_ID,
      mxDoctor: coach,
      usDoctorNeeded: true,
      escalation: { reason: 'Posible neumonía', urgency: 'urgent', requestedAt: '2026-11-21T18:05:00.000Z' },
      handoff: {
        coachNote: [{ name: 'subjective', value: 'Tos seca desde hace dos semanas' }],
        chat: { messageCount: 5, attachmentCount: 1, last: [{ role: 'member', text: 'Me duele el pecho', attachment: false, at: '2026-11-21T18:04:00.000Z' }] },
        readiness: ['phone', 'pharmacy'],
      },
    });
    installStaffServer({ userType: 'us-physician', queue: [esc], preferredLang: 'en' });
    renderApp('/dashboard', { language: 'en' });
    const notes = within(await screen.findByTestId('escalation-card-apt_h')).getByTestId('coach-notes');
    expect(notes.textContent).toContain('Tos seca desde hace dos semanas');
    expect(notes.textContent).not.toContain('The coach left no notes.');
    expect(within(notes).getByTestId('handoff-reason').textContent).toContain('Posible neumonía');
    expect(within(notes).getByTestId('escalation-urgency-chip').textContent).toBe('Urgent');
    expect(within(notes).getByTestId('handoff-intake').textContent).toContain('Dolor de cabeza');
    expect(within(notes).getByTestId('handoff-chat').textContent).toContain('5 messages, 1 attachments');
    expect(within(notes).getByTestId('handoff-chat').textContent).toContain('Me duele el pecho');
    // issue 12: what the member still lacks for a prescription, before the doctor takes it.
    expect(within(notes).getByTestId('handoff-readiness').textContent).toBe('Still missing for a prescription (the member is asked while she waits): her phone number, her pharmacy');
  });

  it('in Spanish; a member ready for a prescription shows no readiness warning', async () => {
    const handoff = (readiness: ReadinessItem[]) => ({ coachNote: [], chat: { messageCount: 0, attachmentCount: 0, last: [] }, readiness });
    const missing = appointment({ id: 'apt_m', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true, handoff: handoff(['state', 'address']) });
    const ready = appointment({ id: 'apt_r', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true, handoff: handoff([]) });
    installStaffServer({ userType: 'us-physician', queue: [missing, ready], preferredLang: 'es' });
    renderApp('/dashboard', { language: 'es' });
    const card = await screen.findByTestId('escalation-card-apt_m');
    expect(within(card).getByTestId('handoff-readiness').textContent).toBe('Falta para la receta (se le pide a la socia mientras espera): un estado donde se puede recetar, su domicilio');
    expect(within(screen.getByTestId('escalation-card-apt_r')).queryByTestId('handoff-readiness')).toBeNull();
  });

  it.each([
    ['en', 'Fever, Sore throat, mareo', 'Pain level: 4/10'],
    ['es', 'Fiebre, Dolor de garganta, mareo', 'Nivel de dolor: 4/10'],
  ] as const)('the member\'s symptoms read as labels in the reader\'s language (%s), not as keys', async (language, symptoms, pain) => {
    const esc = appointment({ id: 'apt_s', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true, selfAssessment: { appointmentReason: 'Dolor de cabeza', painLevel: 4, symptoms: ['fever', 'sore_throat', 'mareo'] } });
    installStaffServer({ userType: 'us-physician', queue: [esc], preferredLang: language });
    renderApp('/dashboard', { language });
    const intake = within(await screen.findByTestId('escalation-card-apt_s')).getByTestId('handoff-intake');
    expect(intake.textContent).toContain(symptoms);
    expect(intake.textContent).toContain(pain);
    expect(intake.textContent).not.toContain('sore_throat');
  });

  it("the US doctor's internal notes are not shown as the coach's notes on the record", async () => {
    const a = appointment({ id: 'apt_n', state: '7-er-is-reviewing', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true, medicalRecord: { internalNotes: 'Doctor: check the x-ray' } });
    installStaffServer({ userType: 'us-physician', appointments: [a], preferredLang: 'en' });
    renderApp('/dashboard/consulta/apt_n', { language: 'en' });
    const internal = await screen.findByTestId('internal-notes');
    expect(internal.textContent).toContain('Internal notes');
    expect(internal.textContent).not.toContain("Coach's notes");
    expect(within(screen.getByTestId('coach-notes')).queryByText('Doctor: check the x-ray')).toBeNull();
  });

  it('declining an escalation asks first; cancelling keeps it, confirming declines it', async () => {
    const esc = appointment({ id: 'apt_d', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true });
    const server = installStaffServer({ userType: 'us-physician', queue: [esc], preferredLang: 'en' });
    renderApp('/dashboard', { language: 'en' });
    const card = await screen.findByTestId('escalation-card-apt_d');
    fireEvent.click(within(card).getByTestId('decline-escalation'));
    const dialog = await screen.findByTestId('decline-escalation-dialog');
    expect(dialog.textContent).toContain('Decline this escalation?');
    fireEvent.click(within(dialog).getByTestId('decline-escalation-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('decline-escalation-dialog')).toBeNull());
    expect(server.opCalls('DeclineAppointment')).toHaveLength(0);
    fireEvent.click(within(card).getByTestId('decline-escalation'));
    fireEvent.click(within(await screen.findByTestId('decline-escalation-dialog')).getByTestId('decline-escalation-dialog-confirm'));
    await waitFor(() => expect(server.opCalls('DeclineAppointment')).toHaveLength(1));
    expect(server.opCalls('DeclineAppointment')[0]?.variables).toEqual({ appointmentId: 'apt_d' });
    await waitFor(() => expect(screen.queryByTestId('escalation-card-apt_d')).toBeNull());
  });

  it('a US doctor reviewing a consultation may transfer it to another US doctor, after confirming', async () => {
    const a = appointment({ id: 'apt_t', state: '7-er-is-reviewing', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true });
    const server = installStaffServer({ userType: 'us-physician', appointments: [a], preferredLang: 'en' });
    const { router } = renderApp('/dashboard/consulta/apt_t', { language: 'en' });
    fireEvent.click(await screen.findByTestId('doctor-modal-close'));
    fireEvent.click(await screen.findByTestId('transfer-consultation'));
    fireEvent.click(within(await screen.findByTestId('transfer-dialog')).getByTestId('transfer-dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.opCalls('DeclineAppointment')[0]?.variables).toEqual({ appointmentId: 'apt_t' });
  });

  it('a notice raised while still on the list shows on the consultation screen', async () => {
    const esc = appointment({ id: 'apt_l', state: '6-in-queue-for-er', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorNeeded: true });
    const server = installStaffServer({ userType: 'us-physician', queue: [esc], preferredLang: 'en' });
    // the list learns of the accepted consultation (getCurrentAppointment) before it navigates away
    const { fetchMock } = server;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await original(input, init);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string }) : {};
      if (body.query?.includes('AcceptAppointment')) server.state.current = server.state.appointments.get('apt_l') ?? null;
      return response;
    });
    const { router } = renderApp('/dashboard', { language: 'en' });
    fireEvent.click(within(await screen.findByTestId('escalation-card-apt_l', {}, { timeout: 3000 })).getByTestId('accept-escalation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_l'));
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('treatment-received');
  });

  it('joins, ends, and the treatment is written in the prescription workspace (no hand-typed codes)', async () => {
    const a = appointment({ id: 'apt_u', state: '7-er-is-reviewing', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true });
    const server = installStaffServer({ userType: 'us-physician', appointments: [a], preferredLang: 'en' });
    renderApp('/dashboard/consulta/apt_u', { language: 'en' });
    fireEvent.click(await screen.findByTestId('doctor-modal-close'));
    fireEvent.click(await screen.findByTestId('join-call'));
    // issue 11: ending the call is confirmed first (it ends the video for everyone).
    fireEvent.click(await screen.findByTestId('end-call'));
    const confirm = await screen.findByTestId('end-call-dialog');
    expect(confirm.textContent).toContain('The consultation stays open');
    expect(server.opCalls('UpdateAppointment')).toHaveLength(1);
    fireEvent.click(within(confirm).getByTestId('end-call-dialog-confirm'));
    await screen.findByTestId('send-treatment');
    expect(server.opCalls('UpdateAppointment').map((c) => (c.variables.appointment as { state: string }).state)).toEqual(['8-er-joins-call', '9-er-ends-call']);

    // "Send treatment" opens the prescription workspace: medication from the directory, then review and sign.
    fireEvent.click(screen.getByTestId('tab-history'));
    fireEvent.click(screen.getByTestId('send-treatment'));
    expect(await screen.findByTestId('rx-workspace')).toBeTruthy();
    expect(screen.getByTestId('rx-medication')).toBeTruthy();
    expect(screen.queryByTestId('rx-code')).toBeNull();
    // After the call, finishing without a prescription asks why.
    expect(screen.getByTestId('rx-none')).toBeTruthy();
    expect(server.opCalls('SendPrescription')).toHaveLength(0);
  });
});

describe('dashboard tabs and notes', () => {
  it('a colleague’s save reaches the open chart at once: the US doctor’s conclusions show beside what the coach is typing', async () => {
    const plan = (conclusions: string | null) => ({ internalNotes: null, plan: { conclusions, recomendations: null, treatment: null }, pharmacy: null });
    const a = appointment({ id: 'apt_r', state: '8-er-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, medicalRecord: plan('Faringitis') });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a] });
    renderApp('/dashboard/consulta/apt_r');
    fireEvent.click(await screen.findByTestId('tab-plan'));
    fireEvent.change(await screen.findByTestId('plan-conclusions'), { target: { value: 'Faringitis viral' } });
    // The US doctor saves his conclusions; the server tells the chart's physicians.
    server.state.appointments.set('apt_r', { ...a, medicalRecord: plan('Faringitis bacteriana') });
    act(() => socket.serverEmit('appointment-record-update', { appointmentId: 'apt_r' }));
    expect((await screen.findByTestId('plan-conclusions-theirs')).textContent).toBe('Faringitis bacteriana');
    expect((screen.getByTestId('plan-conclusions') as HTMLTextAreaElement).value).toBe('Faringitis viral');
  });

  it('prescription, clinical history and plan tabs; notes by the practice template', async () => {
    const a = appointment({ id: 'apt_t', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach, medicalRecord: { internalNotes: 'Nota previa', plan: { conclusions: null, recomendations: null, treatment: null }, pharmacy: null } });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a] });
    server.state.history = [
      { id: 'apt_old', startDate: '2026-03-02T10:00:00.000Z', state: '11-finished', status: 'finished', statusReason: null, type: 'on-demand', channel: 'video-call', practice: 'health', reason: 'Gripe', physicianName: 'Daniel Rivera', physicianUserType: 'mx-physician', prescriptionNeeded: false, parentAppointmentId: null, chatHasMessages: false },
    ];
    renderApp('/dashboard/consulta/apt_t');
    // prescription tab first: a coach cannot prescribe
    expect((await screen.findByTestId('prescription-tab')).textContent).toContain('Un coach no puede diagnosticar ni recetar');
    expect(screen.queryByTestId('rx-add')).toBeNull();

    fireEvent.click(screen.getByTestId('tab-history'));
    expect((await screen.findByTestId('history-item-apt_old')).textContent).toContain('Daniel Rivera');
    expect(server.opCalls('GetAppointmentsHistory')[0]?.variables).toEqual({ memberId: 'mem_9' });

    fireEvent.click(screen.getByTestId('tab-plan'));
    const notes = (await screen.findByTestId('plan-internalNotes')) as HTMLTextAreaElement;
    expect(notes.value).toBe('Nota previa');
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Migraña tensional' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(server.opCalls('SaveMedicalRecord')).toHaveLength(1));
    // Only what she changed (the server merges the plan by field): the notes she did not touch are not sent back.
    expect(server.opCalls('SaveMedicalRecord')[0]?.variables).toEqual({ appointmentId: 'apt_t', medicalRecord: { plan: { conclusions: 'Migraña tensional' } }, basedOn: { plan: { conclusions: '' } } });

    expect((await screen.findByTestId('notes-template')).textContent).toBe('Notas SOAP del coach');
    expect(server.opCalls('GetConsultationNoteForMember')[0]?.variables).toEqual({ appointmentId: 'apt_t', memberId: 'mem_9', templateId: null });
    expect((screen.getByTestId('note-subjective') as HTMLTextAreaElement).value).toBe('Dolor desde ayer');
    fireEvent.change(screen.getByTestId('note-plan'), { target: { value: 'Paracetamol y reposo' } });
    fireEvent.click(screen.getByTestId('notes-save'));
    await waitFor(() => expect(server.opCalls('SaveConsultationNote')).toHaveLength(1));
    expect(server.opCalls('SaveConsultationNote')[0]?.variables).toEqual({
      appointmentId: 'apt_t',
      templateId: 'tpl_health',
      values: { subjective: 'Dolor desde ayer', plan: 'Paracetamol y reposo' },
    });
  });
});
