import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppointmentDto } from '@puente/contracts';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import '@/lib/i18n';
import { appointment } from '@/test/consultation-fixtures';
import { PlanTab } from './plan-tab';
import { press } from '@/test/press';
import { toastStore } from '@/lib/toast';
import { recordScrollIntoView } from '@/test/scroll-into-view';
import { appointmentKeys } from '@/features/appointments';

/** The tab in its providers (a language's own i18n when given, else the app's), re-renderable with another appointment. */
const renderPlan = (a: AppointmentDto, { editable = true, language }: { editable?: boolean; language?: 'es' | 'en' } = {}) => {
  const client = new QueryClient();
  const i18n = language ? createI18n(language) : null;
  const ui = (next: AppointmentDto) => {
    const tab = (
      <QueryClientProvider client={client}>
        <PlanTab appointment={next} editable={editable} />
      </QueryClientProvider>
    );
    return i18n ? <I18nextProvider i18n={i18n}>{tab}</I18nextProvider> : tab;
  };
  const view = render(ui(a));
  return { client, rerender: (next: AppointmentDto) => view.rerender(ui(next)) };
};

describe('the medical plan tab', () => {
  it('a clinician not assigned reads the plan in full colour: read-only, not disabled (it was grey at 38%), with no save', () => {
    const a = appointment({ medicalRecord: { internalNotes: 'Revisar en 2 semanas', plan: { conclusions: 'Migraña tensional', recomendations: 'Dormir 8 horas' }, pharmacy: null } });
    renderPlan(a, { editable: false });
    const fields = ['internalNotes', 'conclusions', 'recomendations'].map((name) => screen.getByTestId(`plan-${name}`) as HTMLTextAreaElement);
    expect(fields.map((f) => [f.value, f.readOnly, f.disabled])).toEqual([
      ['Revisar en 2 semanas', true, false],
      ['Migraña tensional', true, false],
      ['Dormir 8 horas', true, false],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a text over its length is refused in its field, which takes the focus; nothing typed is cut, nothing sent (it said "complete the required fields" of a form with none)', async () => {
    const { calls } = installFakeFetch(() => undefined);
    renderPlan(appointment({ medicalRecord: null }), { language: 'es' });
    const conclusions = screen.getByTestId('plan-conclusions') as HTMLTextAreaElement;
    const long = 'Migraña tensional. '.repeat(530); // 10,070 characters
    fireEvent.change(conclusions, { target: { value: long } });
    press('plan-save');
    expect(await screen.findByText(/Usa como máximo 10.?000 caracteres\./)).toBeTruthy();
    expect(conclusions.getAttribute('aria-invalid')).toBe('true');
    expect(conclusions.value).toBe(long);
    await waitFor(() => expect(document.activeElement).toBe(conclusions));
    expect(calls).toEqual([]);
    fireEvent.change(conclusions, { target: { value: 'Migraña tensional.' } });
    expect(screen.queryByText(/Usa como máximo/)).toBeNull();
  });

  it('what she is typing stays when the record changes under it (a colleague saved the internal notes meanwhile)', () => {
    const view = renderPlan(appointment({ medicalRecord: null }));
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Migraña tensional' } });
    view.rerender(appointment({ medicalRecord: { internalNotes: 'Revisar en 2 semanas', plan: null, pharmacy: null } }));
    expect((screen.getByTestId('plan-conclusions') as HTMLTextAreaElement).value).toBe('Migraña tensional');
    expect((screen.getByTestId('plan-internalNotes') as HTMLTextAreaElement).value).toBe('Revisar en 2 semanas');
  });

  it('the internal notes say that the member never sees them in their help, under a label short enough for a phone (it was cut off at 390 px)', () => {
    renderPlan(appointment({ medicalRecord: null }), { language: 'en' });
    const field = screen.getByTestId('plan-internalNotes');
    expect(screen.getByText('Internal notes', { selector: 'label' })).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Never shown to the member.');
  });

  it('a save sends only the fields she changed: a colleague’s notes and the US doctor’s treatment are not sent back as the screen showed them', async () => {
    const { calls } = installFakeFetch(() => undefined);
    const record = { internalNotes: 'Descartar HTA.', plan: { conclusions: 'Faringitis', recomendations: 'Reposo', treatment: [{ medication: 'Amoxicilina', dosis: '500 mg' }] }, pharmacy: null };
    renderPlan(appointment({ medicalRecord: record }));
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Faringitis bacteriana' } });
    press('plan-save');
    // (Only this screen's save: a request left over from an earlier test may reach the fake too.)
    const saves = () => calls.filter((c) => /mutation SaveMedicalRecord/.test((c.body as { query?: string } | undefined)?.query ?? ''));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0]!.body as { variables: unknown }).variables).toEqual({
      appointmentId: expect.any(String),
      medicalRecord: { plan: { conclusions: 'Faringitis bacteriana' } },
      // What she started from: the server refuses the save if a colleague changed it since.
      basedOn: { plan: { conclusions: 'Faringitis' } },
    });
  });

  it('a colleague’s text saved under hers shows beside it: nothing is sent until she chooses; keeping hers sends it based on theirs', async () => {
    const { calls } = installFakeFetch(() => undefined);
    const saves = () => calls.filter((c) => /mutation SaveMedicalRecord/.test((c.body as { query?: string } | undefined)?.query ?? ''));
    const record = (conclusions: string) => ({ internalNotes: null, plan: { conclusions, recomendations: 'Reposo' }, pharmacy: null });
    const a = appointment({ medicalRecord: record('Faringitis') });
    const scrolled = recordScrollIntoView();
    const view = renderPlan(a, { language: 'es' });
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Faringitis viral' } });
    // The US doctor saved his conclusions meanwhile (the screen read them again).
    view.rerender({ ...a, medicalRecord: record('Faringitis bacteriana') });
    const alert = screen.getByTestId('plan-conclusions-changed');
    expect(alert.textContent).toContain('Un colega cambió este campo mientras escribías');
    expect(screen.getByTestId('plan-conclusions-theirs').textContent).toBe('Faringitis bacteriana');
    expect((screen.getByTestId('plan-conclusions') as HTMLTextAreaElement).value).toBe('Faringitis viral');
    press('plan-save');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(scrolled.map((c) => c.target)).toEqual([alert]);
    expect(toastStore.get()?.message).toBe('dashboard_record_changed_toast');
    expect(saves()).toEqual([]);
    press('plan-conclusions-keep-mine');
    expect(screen.queryByTestId('plan-conclusions-changed')).toBeNull();
    press('plan-save');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0]!.body as { variables: unknown }).variables).toMatchObject({
      medicalRecord: { plan: { conclusions: 'Faringitis viral' } },
      basedOn: { plan: { conclusions: 'Faringitis bacteriana' } },
    });
  });

  it('taking the colleague’s text drops hers from that field only', () => {
    installFakeFetch(() => undefined);
    const a = appointment({ medicalRecord: { internalNotes: null, plan: { conclusions: 'Faringitis', recomendations: '' }, pharmacy: null } });
    const view = renderPlan(a, { language: 'en' });
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Faringitis viral' } });
    fireEvent.change(screen.getByTestId('plan-recomendations'), { target: { value: 'Reposo' } });
    view.rerender({ ...a, medicalRecord: { internalNotes: null, plan: { conclusions: '', recomendations: '' }, pharmacy: null } });
    expect(screen.getByTestId('plan-conclusions-theirs').textContent).toBe('(left it empty)');
    press('plan-conclusions-take-theirs');
    expect((screen.getByTestId('plan-conclusions') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('plan-conclusions-changed')).toBeNull();
    expect((screen.getByTestId('plan-recomendations') as HTMLTextAreaElement).value).toBe('Reposo');
    expect(screen.getByTestId('plan-unsaved')).toBeTruthy();
  });

  it('the server refusing a save over a colleague’s text (record-changed) reads the record again and says so; what she typed stays', async () => {
    const { calls } = installFakeFetch((call) => {
      const query = (call.body as { query?: string } | undefined)?.query ?? '';
      if (query.includes('mutation SaveMedicalRecord')) {
        const error = { code: 'CONFLICT', status: 409, message: 'Conflicto.', reason: 'record-changed', data: { fields: ['plan.conclusions'] } };
        return { status: 200, body: { data: null, errors: [{ message: 'Conflicto.', extensions: { code: 'CONFLICT', error } }] } };
      }
      return undefined;
    });
    const a = appointment({ medicalRecord: { internalNotes: null, plan: { conclusions: 'Faringitis', recomendations: '' }, pharmacy: null } });
    const { client } = renderPlan(a, { language: 'es' });
    client.setQueryData(appointmentKeys.detail(a.id), a);
    fireEvent.change(screen.getByTestId('plan-conclusions'), { target: { value: 'Faringitis viral' } });
    press('plan-save');
    await waitFor(() => expect(toastStore.get()?.message).toBe('dashboard_record_changed_toast'));
    // The record is read again (whoever shows it fetches it): the colleague's text comes in beside hers.
    expect(client.getQueryState(appointmentKeys.detail(a.id))?.isInvalidated).toBe(true);
    expect((screen.getByTestId('plan-conclusions') as HTMLTextAreaElement).value).toBe('Faringitis viral');
    expect(screen.getByTestId('plan-unsaved')).toBeTruthy();
    expect(calls.filter((c) => /mutation SaveMedicalRecord/.test((c.body as { query?: string } | undefined)?.query ?? ''))).toHaveLength(1);
  });
});
