import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { appointment, COACH_ID, dashboardTestEnv, DOCTOR_ID, installStaffServer, NOTE, physician } from './dashboard-test-kit';

dashboardTestEnv();

const withParts = (coachSigned: string | null) => ({
  ...NOTE,
  parts: [
    { authorId: COACH_ID, authorName: 'Daniel Rivera', authorRole: 'mx-physician' as const, templateId: 'tpl_health', values: { subjective: 'Dolor desde ayer' }, updatedAt: '2026-11-21T18:30:00.000Z', signedAt: coachSigned },
    { authorId: DOCTOR_ID, authorName: 'Emily Carter', authorRole: 'us-physician' as const, templateId: 'tpl_health', values: { plan: 'Amoxicillin 500 mg' }, updatedAt: '2026-11-21T18:35:00.000Z', signedAt: '2026-11-21T18:36:00.000Z' },
  ],
});

describe('the shared, signed record on the clinician’s screen (issue 11)', () => {
  it('the coach sees the US doctor’s part attributed, signs hers after confirming, then can only add addenda', async () => {
    const a = appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician(), usDoctorId: DOCTOR_ID });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a] });
    server.state.note = withParts(null);
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });

    const other = await screen.findByTestId('note-part-us-physician', {}, { timeout: 15_000 });
    expect(other.textContent).toContain('Emily Carter · Doctor de EE.UU.');
    expect(other.textContent).toContain('Amoxicillin 500 mg');
    // Dates and times in Spanish on a Spanish staff screen (never "6:36 PM").
    expect(other.textContent).toMatch(/Firmada el \d{1,2} nov 2026, \d{1,2}:\d{2}/);
    expect(other.textContent).not.toMatch(/\b[AP]M\b/);
    expect(screen.getByTestId('note-mine-status').textContent).toContain('Borrador sin firmar');
    expect((screen.getByTestId('note-subjective') as HTMLTextAreaElement).value).toBe('Dolor desde ayer');

    // Signing asks first; cancelling signs nothing.
    fireEvent.click(screen.getByTestId('notes-sign'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Firmar tu nota?')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.opCalls('SignConsultationNote')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('notes-sign'));
    fireEvent.click(await screen.findByTestId('notes-sign-confirm'));
    await waitFor(() => expect(server.opCalls('SignConsultationNote')).toHaveLength(1));
    expect(server.opCalls('SignConsultationNote')[0]!.variables).toEqual({ appointmentId: 'apt_1', authorId: COACH_ID });

    // Locked: no more editing, an addendum instead.
    expect(await screen.findByText('Tu nota está firmada y bloqueada. Para cualquier cambio, agrega una adenda.')).toBeTruthy();
    // Read-only in full colour (disabled, it was grey at 38%), its text still there to read and copy.
    const subjective = screen.getByTestId('note-subjective') as HTMLTextAreaElement;
    expect([subjective.readOnly, subjective.disabled, subjective.value]).toEqual([true, false, 'Dolor desde ayer']);
    expect(screen.queryByTestId('notes-save')).toBeNull();
    expect(screen.queryByTestId('notes-sign')).toBeNull();
    fireEvent.change(screen.getByTestId('note-addendum-text'), { target: { value: 'Refiere alergia a penicilina.' } });
    fireEvent.click(screen.getByTestId('note-addendum-add'));
    await waitFor(() => expect(server.opCalls('AddConsultationNoteAddendum')).toHaveLength(1));
    expect(server.opCalls('AddConsultationNoteAddendum')[0]!.variables).toEqual({ appointmentId: 'apt_1', text: 'Refiere alergia a penicilina.' });
    const addendum = await screen.findByTestId('note-addendum');
    expect(addendum.textContent).toContain('Refiere alergia a penicilina.');
    expect(addendum.textContent).toContain('Coach');
  });

  it('in English the times read in English', async () => {
    const a = appointment({ id: 'apt_2', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician(), usDoctorId: DOCTOR_ID });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a], preferredLang: 'en' });
    server.state.note = withParts('2026-11-21T18:40:00.000Z');
    renderApp('/dashboard/consulta/apt_2', { language: 'en' });
    expect((await screen.findByTestId('note-part-us-physician', {}, { timeout: 15_000 })).textContent).toMatch(/Signed Nov 21, 2026, \d{1,2}:\d{2}\s?[AP]M/);
    expect(screen.getByTestId('note-mine-status').textContent).toContain('Signed');
  });

  it("OFFERS_PRODUCTS: the note lists the products of the member's organization by title", async () => {
    const a = appointment({ id: 'apt_3', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician() });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a] });
    server.state.note = { ...NOTE, partnerProducts: [{ id: 'vit-d', title: 'Vitamina D' }, { id: 'omega', title: 'Omega 3' }] };
    renderApp('/dashboard/consulta/apt_3', { language: 'es' });
    const products = await screen.findByTestId('note-partner-products', {}, { timeout: 15_000 });
    expect(within(products).getByText('Productos de la organización del socio')).toBeTruthy();
    expect(within(products).getAllByTestId('note-partner-product').map((li) => li.textContent)).toEqual(['Vitamina D', 'Omega 3']);
  });

  it('without products the note has no products section', async () => {
    const a = appointment({ id: 'apt_4', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician() });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a], preferredLang: 'en' });
    server.state.note = NOTE;
    renderApp('/dashboard/consulta/apt_4', { language: 'en' });
    await screen.findByTestId('notes-template', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('note-partner-products')).toBeNull();
  });
});
