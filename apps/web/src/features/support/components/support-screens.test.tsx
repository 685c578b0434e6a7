import { REPORT_REASONS } from '@puente/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { recordScrollIntoView } from '@/test/scroll-into-view';

/** /reportar-problema and /contacto-soporte (spec 2, spec 5, spec 6) against a fake API. */

const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };
const surveys = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/graphql' && gql(c).query.includes('createSurvey')).map((c) => gql(c).variables.data);

const serve = (memberOverrides: Record<string, unknown> = {}) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') {
      if (gql(call).query.includes('createSurvey')) return { status: 200, body: { data: { createSurvey: { _id: 'sv_1' } } } };
      return { status: 200, body: { data: { getMember: member(memberOverrides) } } };
    }
    if (call.url === '/api/records/clinicians') return { status: 200, body: { clinicians: [{ id: 'doc_1', name: 'María Hernández', userType: 'mx-physician' }] } };
    return undefined;
  });
};

const choose = async (selectTestId: string, optionName: string) => {
  fireEvent.mouseDown(await screen.findByTestId(selectTestId));
  fireEvent.click(await screen.findByRole('option', { name: optionName }));
};

afterEach(() => window.localStorage.clear());

describe('/reportar-problema', () => {
  it('every rule: clinician, reasons, the three answers; nothing is sent until they are given', async () => {
    const { calls } = serve();
    renderApp('/reportar-problema');
    fireEvent.click(await screen.findByTestId('report-submit'));
    await screen.findByText('Elige al profesional.');
    expect(screen.getByText('Elige al menos una opción.')).toBeTruthy();
    for (const name of ['shouldFollowUp', 'hasHappenedBefore', 'confidentialityWaiver']) {
      // Its own error, not the toast's words again (issue 10: a form error shows once, the toast says something is missing).
      expect(within(screen.getByTestId(`report-${name}`)).getByText('Elige Sí o No.')).toBeTruthy();
    }
    expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull();
    expect(surveys(calls)).toEqual([]);
  });

  it('an invalid submit says what is missing and scrolls to the first field in error (spec 5), to the middle of the screen', async () => {
    const scrolled = recordScrollIntoView();
    serve();
    renderApp('/reportar-problema');
    fireEvent.click(await screen.findByTestId('report-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Completa los campos obligatorios.');
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.target).toBe(screen.getByTestId('report-clinician'));
    expect(scrolled[0]!.options).toMatchObject({ block: 'center' });

    // With the clinician and a reason given, the first field in error is the first yes/no question.
    await choose('report-clinician', 'María Hernández');
    fireEvent.click(screen.getByTestId('report-reason-wait_too_long'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(scrolled).toHaveLength(2));
    expect(screen.getByTestId('report-shouldFollowUp').contains(scrolled[1]!.target)).toBe(true);
  });

  it('WCAG 3.3.1: an invalid submit moves the focus to the first field in error; the errors of the boxes and the yes/no answers are tied to them and announced', async () => {
    serve();
    renderApp('/reportar-problema');
    fireEvent.click(await screen.findByTestId('report-submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('report-clinician')));
    const describedBy = (el: Element) => document.getElementById(el.getAttribute('aria-describedby') ?? '');
    // The reasons: each box names the group's error, which is announced when it appears.
    const box = screen.getByTestId('report-reason-wait_too_long');
    expect(describedBy(box)?.textContent).toBe('Elige al menos una opción.');
    expect(describedBy(box)?.getAttribute('role')).toBe('alert');
    const yes = screen.getByTestId('report-shouldFollowUp-yes');
    expect(describedBy(yes)?.textContent).toBe('Elige Sí o No.');
    expect(describedBy(yes)?.getAttribute('role')).toBe('alert');

    // The clinician given, the focus goes to the reasons' first box; with a reason, to the first yes/no answer.
    await choose('report-clinician', 'María Hernández');
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId(`report-reason-${REPORT_REASONS[0]}`)));
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBeNull());
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(document.activeElement).toBe(yes));
  });

  it('a refused report keeps her on the form with the error toast', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/graphql') {
        if (gql(call).query.includes('createSurvey')) return { status: 200, body: { errors: [{ message: 'busy', extensions: { code: 'TOO_MANY_REQUESTS', status: 429 } }], data: null } };
        return { status: 200, body: { data: { getMember: member() } } };
      }
      if (call.url === '/api/records/clinicians') return { status: 200, body: { clinicians: [{ id: 'doc_1', name: 'María Hernández', userType: 'mx-physician' }] } };
      return undefined;
    });
    const view = renderApp('/reportar-problema');
    await choose('report-clinician', 'María Hernández');
    fireEvent.click(screen.getByTestId('report-reason-wait_too_long'));
    for (const name of ['shouldFollowUp', 'hasHappenedBefore', 'confidentialityWaiver']) fireEvent.click(screen.getByTestId(`report-${name}-no`));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(surveys(calls)).toHaveLength(1));
    await screen.findByTestId('toast');
    expect(screen.queryByText('Completa los campos obligatorios.')).toBeNull();
    expect(view.router.state.location.pathname).toBe('/reportar-problema');
    expect((screen.getByTestId('report-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a Mexican member types DD/MM/YYYY; dates before 2020 are refused; the report is sent with an ISO day and booleans', async () => {
    const { calls } = serve({ countryCode: '52', address: { country: 'MX', state: 'CDMX', city: 'Coyoacán', zipCode: null } });
    const view = renderApp('/reportar-problema');
    expect((await screen.findByTestId('report-issue-date')).getAttribute('placeholder')).toBe('DD/MM/YYYY');
    await choose('report-clinician', 'María Hernández');
    fireEvent.click(screen.getByTestId('report-reason-wait_too_long'));
    fireEvent.click(screen.getByTestId('report-shouldFollowUp-yes'));
    fireEvent.click(screen.getByTestId('report-hasHappenedBefore-no'));
    fireEvent.click(screen.getByTestId('report-confidentialityWaiver-yes'));
    fireEvent.change(screen.getByTestId('report-issue-date'), { target: { value: '31/12/2019' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByText('Escribe una fecha entre el 01/01/2020 y hoy.');
    expect(surveys(calls)).toEqual([]);
    fireEvent.change(screen.getByTestId('report-issue-date'), { target: { value: '05/03/2024' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/perfil'));
    expect(surveys(calls)).toEqual([
      { type: 'ComplaintReport', memberId: 'mem_1', items: { clinician: 'doc_1', reportReasons: ['wait_too_long'], issueDate: '2024-03-05', shouldFollowUp: true, hasHappenedBefore: false, confidentialityWaiver: true } },
    ]);
  });

  it('a US member reads MM/DD/YYYY, in English', async () => {
    serve({ countryCode: '1', address: { country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94103' }, preferredLang: 'en' });
    renderApp('/reportar-problema', { language: 'en' });
    expect((await screen.findByTestId('report-issue-date')).getAttribute('placeholder')).toBe('MM/DD/YYYY');
    expect(screen.getByText('Report a problem')).toBeTruthy();
  });
});

describe('/contacto-soporte', () => {
  it('help topic and reason required; sent as the support survey; back to the referer', async () => {
    const { calls } = serve();
    const view = renderApp('/perfil');
    await view.router.navigate('/contacto-soporte', { state: { referer: '/consulta/historial' } });
    fireEvent.click(await screen.findByTestId('support-submit'));
    await screen.findByText('Elige un tema.');
    // The contact preference is optional and says so (issue 10).
    expect(screen.getByLabelText('Cómo contactarte (opcional)')).toBeTruthy();
    expect(screen.getByText('Cuéntanos el motivo.')).toBeTruthy();
    expect(surveys(calls)).toEqual([]);
    fireEvent.mouseDown(screen.getByTestId('support-topic'));
    expect(screen.getByRole('option', { name: 'Membresía de mi empresa' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Mi cuenta' }));
    fireEvent.change(screen.getByTestId('support-reason'), { target: { value: 'No puedo cambiar mi correo' } });
    fireEvent.click(screen.getByTestId('support-submit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/consulta/historial'));
    expect(surveys(calls)).toEqual([{ type: 'support', memberId: 'mem_1', items: { helpTopic: 'account', reason: 'No puedo cambiar mi correo', moreDetails: '' } }]);
  });

  it('WCAG 3.3.1: an invalid submit moves the focus to the first field in error (the topic, then the reason)', async () => {
    serve();
    renderApp('/contacto-soporte');
    fireEvent.click(await screen.findByTestId('support-submit'));
    await screen.findByText('Elige un tema.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('support-topic')));
    fireEvent.mouseDown(screen.getByTestId('support-topic'));
    fireEvent.click(screen.getByRole('option', { name: 'Mi cuenta' }));
    await waitFor(() => expect(screen.queryByText('Elige un tema.')).toBeNull());
    fireEvent.click(screen.getByTestId('support-submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('support-reason')));
  });

  it('the B2B membership topic is hidden for organization members; without a referer back goes to /perfil', async () => {
    serve({ organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme', settings: ['SUPPORT_AVAILABLE'] } });
    const view = renderApp('/contacto-soporte', { language: 'en' });
    fireEvent.mouseDown(await screen.findByTestId('support-topic'));
    expect(screen.getByRole('option', { name: 'My account' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'My employer membership' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/perfil'));
  });
});
