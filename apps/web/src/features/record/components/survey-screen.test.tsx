import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appointment } from '@/test/consultation-fixtures';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/** /consulta/survey/{id} (spec 5 and 6): the survey by practice, createSurvey, the organization exit redirect. */

const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };

const serve = (practice: 'health' | 'mentalhealth', memberOverrides: Record<string, unknown> = {}) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') {
      const { query } = gql(call);
      if (query.includes('createSurvey')) return { status: 200, body: { data: { createSurvey: { _id: 'sv_1' } } } };
      if (query.includes('getAppointment')) return { status: 200, body: { data: { getAppointment: appointment({ practice, state: '11-finished', status: 'finished' }) } } };
      return { status: 200, body: { data: { getMember: member(memberOverrides) } } };
    }
    if (call.url === '/api/appointments/apt_1/exit-redirect-url') return { status: 200, body: { url: `${window.location.origin}/consulta/survey/apt_1` } };
    return undefined;
  });
};
const surveyCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/graphql' && gql(c).query.includes('createSurvey')).map((c) => gql(c).variables.data);

afterEach(() => window.localStorage.clear());

describe('/consulta/survey/{id}', () => {
  it('general satisfaction: satisfactionLevel required; the answer is sent with the others optional; then home', async () => {
    const { calls } = serve('health');
    const view = renderApp('/consulta/survey/apt_1');
    await screen.findByTestId('survey-general');
    expect(screen.queryByTestId('survey-abilityConfidence')).toBeNull();
    // The optional questions say so, as the other forms' optional fields do; the required one is starred.
    const legend = (name: string) => screen.getByTestId(`survey-${name}`).querySelector('legend')?.textContent;
    expect([legend('satisfactionLevel'), legend('serviceRating'), legend('futureUsage')]).toEqual([
      '¿Qué tan satisfecha o satisfecho quedaste con tu consulta? *',
      '¿Cómo calificas el servicio? (opcional)',
      '¿Qué tan probable es que vuelvas a usarlo? (opcional)',
    ]);
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(screen.getByTestId('survey-satisfactionLevel').querySelector('[aria-invalid="true"]')).not.toBeNull());
    expect(surveyCalls(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('survey-satisfactionLevel-4'));
    fireEvent.click(screen.getByTestId('survey-futureUsage-5'));
    fireEvent.change(screen.getByTestId('survey-comments'), { target: { value: 'Muy amable' } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/inicio'));
    expect(surveyCalls(calls)).toEqual([{ type: 'general satisfaction', memberId: 'mem_1', appointmentId: 'apt_1', items: { satisfactionLevel: 4, serviceRating: null, futureUsage: 5, comments: 'Muy amable' } }]);
    // Without an organization the exit redirect is not asked for (spec 6).
    expect(calls.some((c) => c.url.includes('exit-redirect-url'))).toBe(false);
  });

  it('WCAG 3.3.1: an invalid submit moves the focus to the first rating of the question in error, which names the error (announced)', async () => {
    serve('mentalhealth');
    renderApp('/consulta/survey/apt_1');
    await screen.findByTestId('survey-mental-health');
    // The button waits for her profile (who answers).
    await waitFor(() => expect((screen.getByTestId('survey-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('survey-submit'));
    const first = screen.getByTestId('survey-abilityConfidence-1');
    await waitFor(() => expect(document.activeElement).toBe(first));
    const error = document.getElementById(first.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Elige una calificación del 1 al 5.');
    // The toast only says that something is missing.
    expect((await screen.findByTestId('toast')).textContent).toContain('Completa los campos obligatorios.');
    expect(error?.getAttribute('role')).toBe('alert');
    // Answered, the rating no longer names an error.
    fireEvent.click(screen.getByTestId('survey-abilityConfidence-4'));
    await waitFor(() => expect(first.getAttribute('aria-describedby')).toBeNull());
  });

  it('mental health: the provider-quality survey (abilityConfidence required); an organization member asks for the exit redirect', async () => {
    const { calls } = serve('mentalhealth', { organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme', settings: [] } });
    const view = renderApp('/consulta/survey/apt_1', { language: 'en' });
    await screen.findByTestId('survey-mental-health');
    expect(screen.getByTestId('survey-abilityConfidence').querySelector('legend')?.textContent).toBe('How confident did your coach make you feel about handling what worries you? *');
    expect(screen.getByTestId('survey-wasRespectful').querySelector('legend')?.textContent).toBe('Were they respectful to you? (optional)');
    expect(screen.queryByTestId('survey-satisfactionLevel')).toBeNull();
    fireEvent.click(screen.getByTestId('survey-abilityConfidence-5'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/inicio'));
    expect(surveyCalls(calls)).toEqual([
      { type: 'mental-health satisfaction', memberId: 'mem_1', appointmentId: 'apt_1', items: { abilityConfidence: 5, explainedConsultation: null, showedEmpathy: null, culturallyResponsive: null, wasRespectful: null } },
    ]);
    expect(calls.some((c) => c.url === '/api/appointments/apt_1/exit-redirect-url')).toBe(true);
  });
});
