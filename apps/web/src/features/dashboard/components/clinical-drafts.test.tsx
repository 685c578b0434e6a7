import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { appointment, COACH_ID, dashboardTestEnv, installStaffServer, NOTE, physician } from './dashboard-test-kit';

dashboardTestEnv();

// What a clinician types and has not saved is never lost to the screen changing under it (a chart's
// tab, leaving the consultation and coming back), and closing the tab asks first.
const consultation = () => appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician() });
const text = (testId: string) => (screen.getByTestId(testId) as HTMLTextAreaElement).value;
/** Whether closing or reloading the tab now would ask first. */
const asksBeforeLeaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('a clinician’s unsaved text', () => {
  it('the plan survives a look at the clinical history; closing the tab asks first; saved, it no longer does', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [consultation()] });
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });
    fireEvent.click(await screen.findByTestId('tab-plan', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('plan-conclusions'), { target: { value: 'Migraña tensional' } });
    expect(screen.getByTestId('plan-unsaved').textContent).toBe('Cambios sin guardar');
    expect(asksBeforeLeaving()).toBe(true);

    fireEvent.click(screen.getByTestId('tab-history'));
    await waitFor(() => expect(screen.queryByTestId('plan-conclusions')).toBeNull());
    fireEvent.click(screen.getByTestId('tab-plan'));
    expect(text('plan-conclusions')).toBe('Migraña tensional');
    expect(screen.getByTestId('plan-unsaved')).toBeTruthy();

    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(server.opCalls('SaveMedicalRecord')).toHaveLength(1));
    expect(server.opCalls('SaveMedicalRecord')[0]!.variables).toMatchObject({ medicalRecord: { plan: { conclusions: 'Migraña tensional' } } });
    await waitFor(() => expect(screen.queryByTestId('plan-unsaved')).toBeNull());
    expect(text('plan-conclusions')).toBe('Migraña tensional');
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('the note survives going back to the dashboard and returning to the consultation', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [consultation()], preferredLang: 'en' });
    server.state.note = NOTE;
    const { router } = renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    await screen.findByTestId('note-plan', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByTestId('note-plan'), { target: { value: 'Ibuprofeno 400 mg c/8 h' } });
    expect(screen.getByTestId('notes-unsaved').textContent).toBe('Unsaved changes');

    fireEvent.click(screen.getByTestId('back-to-dashboard'));
    await waitFor(() => expect(screen.queryByTestId('note-plan')).toBeNull());
    expect(asksBeforeLeaving()).toBe(true);
    await router.navigate('/dashboard/consulta/apt_1');
    await waitFor(() => expect(text('note-plan')).toBe('Ibuprofeno 400 mg c/8 h'), { timeout: 15_000 });
    // What she had not touched is the server's.
    expect(text('note-subjective')).toBe('Dolor desde ayer');
    expect(screen.getByTestId('notes-unsaved')).toBeTruthy();
    expect(server.opCalls('SaveConsultationNote')).toHaveLength(0);
  });

  it('signing with unsaved text saves it first, then signs what she sees', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [consultation()] });
    const part = { authorId: COACH_ID, authorName: 'Daniel Rivera', authorRole: 'mx-physician' as const, templateId: 'tpl_health', values: { subjective: 'Dolor desde ayer' }, updatedAt: '2026-11-21T18:30:00.000Z', signedAt: null };
    server.state.note = { ...NOTE, parts: [part] };
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });
    await screen.findByTestId('note-subjective', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByTestId('note-subjective'), { target: { value: 'Dolor desde ayer, peor al tragar' } });
    fireEvent.click(screen.getByTestId('notes-sign'));
    fireEvent.click(await screen.findByTestId('notes-sign-confirm'));
    await waitFor(() => expect(server.opCalls('SignConsultationNote')).toHaveLength(1));
    const saves = server.opCalls('SaveConsultationNote');
    expect(saves.map((s) => s.variables)).toEqual([{ appointmentId: 'apt_1', templateId: 'tpl_health', values: { subjective: 'Dolor desde ayer, peor al tragar', plan: '' } }]);
    const order = server.calls.map((c) => (c.url === '/api/graphql' ? /mutation\s+(\w+)/.exec((c.body as { query: string }).query)?.[1] : undefined));
    expect(order.filter((n) => n === 'SaveConsultationNote' || n === 'SignConsultationNote')).toEqual(['SaveConsultationNote', 'SignConsultationNote']);
  });

  it('an addendum being written to a signed note survives going back to the dashboard', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [consultation()] });
    const part = { authorId: COACH_ID, authorName: 'Daniel Rivera', authorRole: 'mx-physician' as const, templateId: 'tpl_health', values: { subjective: 'Dolor desde ayer' }, updatedAt: '2026-11-21T18:30:00.000Z', signedAt: '2026-11-21T18:40:00.000Z' };
    server.state.note = { ...NOTE, parts: [part] };
    const { router } = renderApp('/dashboard/consulta/apt_1', { language: 'es' });
    fireEvent.change(await screen.findByTestId('note-addendum-text', {}, { timeout: 15_000 }), { target: { value: 'Refiere alergia a penicilina.' } });
    expect(asksBeforeLeaving()).toBe(true);
    fireEvent.click(screen.getByTestId('back-to-dashboard'));
    await waitFor(() => expect(screen.queryByTestId('note-addendum-text')).toBeNull());
    await router.navigate('/dashboard/consulta/apt_1');
    await waitFor(() => expect(text('note-addendum-text')).toBe('Refiere alergia a penicilina.'), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('note-addendum-add'));
    await waitFor(() => expect(server.opCalls('AddConsultationNoteAddendum')).toHaveLength(1));
    await waitFor(() => expect(text('note-addendum-text')).toBe(''));
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('discarding, after confirming, puts back what is saved and forgets the draft', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [consultation()] });
    server.state.note = NOTE;
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });
    await screen.findByTestId('note-subjective', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByTestId('note-subjective'), { target: { value: 'Texto de prueba' } });
    fireEvent.click(screen.getByTestId('notes-unsaved-discard'));
    fireEvent.click(await screen.findByTestId('notes-unsaved-discard-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('notes-unsaved-discard-dialog')).toBeNull());
    expect(text('note-subjective')).toBe('Texto de prueba');
    fireEvent.click(screen.getByTestId('notes-unsaved-discard'));
    expect((await screen.findByRole('dialog')).textContent).toContain('¿Descartar los cambios?');
    fireEvent.click(screen.getByTestId('notes-unsaved-discard-dialog-confirm'));
    await waitFor(() => expect(text('note-subjective')).toBe('Dolor desde ayer'));
    expect(screen.queryByTestId('notes-unsaved')).toBeNull();
    expect(asksBeforeLeaving()).toBe(false);
    expect(server.opCalls('SaveConsultationNote')).toHaveLength(0);
  });
});
