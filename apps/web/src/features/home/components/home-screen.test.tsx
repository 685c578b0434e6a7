import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { appointment, fakeServer, graphqlCalls } from '@/test/consultation-fixtures';
import { holdRequests } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const realUserAgent = navigator.userAgent;
const setUserAgent = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });

beforeEach(() => resetCurrentAppointment());
afterEach(() => setUserAgent(realUserAgent));

describe('home', () => {
  it('shows the main actions and topic sections of the template, in the member’s language', async () => {
    const { calls } = fakeServer();
    renderApp('/inicio');
    expect((await screen.findByTestId('tile-hardcoded_ph_topic')).textContent).toContain('Salud física');
    expect(screen.getByTestId('tile-hardcoded_mh_topic').textContent).toContain('Salud emocional');
    // Below the main actions: loaded once home has painted (home-more-sections.tsx).
    expect((await screen.findByTestId('topic-topic_flu')).textContent).toBe('Gripa y tos');
    expect(screen.getByText('Temas frecuentes')).toBeTruthy();
    expect((graphqlCalls(calls, 'GetConsultationTopicsTemplate')[0]!.body as { variables: unknown }).variables).toEqual({ lang: 'es' });
    expect(screen.getByTestId('other-info-how-it-works')).toBeTruthy();
    expect(screen.getByTestId('other-info-health-tips')).toBeTruthy();
  });

  it('asks for the topics along with the member, not once the member has come (issue 10, first load)', async () => {
    const { calls, fetchMock } = fakeServer();
    const release = holdRequests(fetchMock, 'GetMember');
    renderApp('/inicio');
    await waitFor(() => expect(graphqlCalls(calls, 'GetConsultationTopicsTemplate')).toHaveLength(1));
    // The screen still waits for the member.
    expect(screen.queryByTestId('home-screen')).toBeNull();
    release();
    expect((await screen.findByTestId('tile-hardcoded_ph_topic')).textContent).toContain('Salud física');
    expect(graphqlCalls(calls, 'GetConsultationTopicsTemplate')).toHaveLength(1);
  });

  it('holds the main actions’ place with two placeholders until the topics come', async () => {
    const { fetchMock } = fakeServer();
    const release = holdRequests(fetchMock, 'GetConsultationTopicsTemplate');
    renderApp('/inicio');
    await screen.findByTestId('home-screen');
    expect(screen.getAllByTestId('tile-placeholder')).toHaveLength(2);
    expect(screen.getAllByTestId('tile-placeholder')[0]!.getAttribute('aria-hidden')).toBe('true');
    release();
    expect((await screen.findByTestId('tile-hardcoded_ph_topic')).textContent).toContain('Salud física');
    expect(screen.queryAllByTestId('tile-placeholder')).toHaveLength(0);
  });

  it('caches the topics template (24 h): coming back home does not ask again, and shows all of home at once', async () => {
    const { calls } = fakeServer();
    const { router } = renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    fireEvent.click(await screen.findByTestId('other-info-how-it-works'));
    await screen.findByTestId('how-it-works-screen');
    // Back home, what is below the main actions is there from its first render (its code is in).
    const homeWithoutTheRest: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (screen.queryByTestId('home-screen') && !screen.queryByTestId('other-info-how-it-works')) homeWithoutTheRest.push(true);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await router.navigate('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    observer.disconnect();
    expect(homeWithoutTheRest).toEqual([]);
    expect(graphqlCalls(calls, 'GetConsultationTopicsTemplate')).toHaveLength(1);
  });

  it('choosing a topic remembers it and opens the available coaches for it', async () => {
    const { calls } = fakeServer({ online: [] });
    const { router } = renderApp('/inicio');
    fireEvent.click(await screen.findByTestId('tile-hardcoded_mh_topic'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/coaches-disponibles'));
    expect(JSON.parse(window.localStorage.getItem('rdx-temas')!)).toMatchObject({ topicId: 'hardcoded_mh_topic', practice: 'mentalhealth', tags: 'practice_mentalhealth' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/online-physicians?tags=practice_mentalhealth')).toBe(true));
  });

  it('a member with no organization: support tile (spec 6 SupportAvailable gates organizations only), no scheduling tile', async () => {
    fakeServer();
    renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    expect(screen.queryByTestId('tile-scheduling')).toBeNull();
    expect(await screen.findByTestId('tile-support')).toBeTruthy();
  });

  it('with SchedulingAvailable and SupportAvailable both tiles show', async () => {
    fakeServer({ member: { organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme', settings: ['SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'] } } });
    renderApp('/inicio');
    expect(await screen.findByTestId('tile-scheduling')).toBeTruthy();
    expect(screen.getByTestId('tile-support')).toBeTruthy();
  });

  it('the consultation in progress is on top, with a way back to it', async () => {
    fakeServer({ byId: { apt_1: appointment({ state: '1-in-queue-for-coach' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    const card = await screen.findByTestId('active-appointment-card');
    expect(card.textContent).toContain('Estamos buscando a tu coach');
    fireEvent.click(within(card).getByTestId('active-appointment-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
  });

  it('states 1 and 6 refresh the queue on home', async () => {
    const { calls } = fakeServer({ byId: { apt_1: appointment({ state: '6-in-queue-for-er' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '6-in-queue-for-er', type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    renderApp('/inicio');
    await screen.findByTestId('active-appointment-card');
    await waitFor(() => expect(graphqlCalls(calls, 'GetAppointment(').length).toBeGreaterThanOrEqual(2), { timeout: 6_000 });
  }, 10_000);

  it('a finished consultation has no card', async () => {
    fakeServer();
    setCurrentAppointment({ id: 'apt_1', state: '11-finished', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    expect(screen.queryByTestId('active-appointment-card')).toBeNull();
  });
});

describe('download-app prompt (spec 9)', () => {
  it('is not shown on the first visit from a phone browser', async () => {
    setUserAgent(IPHONE);
    fakeServer();
    renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    expect(screen.queryByTestId('download-app-prompt')).toBeNull();
    // The visit is counted in an effect, which may run after the tile is found.
    await waitFor(() => expect(window.localStorage.getItem('dashboard-visits')).toBe('1'));
  });

  it('is shown from the second visit on a phone browser', async () => {
    setUserAgent(IPHONE);
    window.localStorage.setItem('dashboard-visits', '1');
    fakeServer();
    renderApp('/inicio');
    expect(await screen.findByTestId('download-app-prompt')).toBeTruthy();
  });

  it('is never shown on a desktop browser', async () => {
    window.localStorage.setItem('dashboard-visits', '5');
    fakeServer();
    renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    expect(screen.queryByTestId('download-app-prompt')).toBeNull();
  });
});

describe('how it works and health tips', () => {
  it('/como-funciona has 4 steps and starts a consultation', async () => {
    fakeServer({ online: [] });
    const { router } = renderApp('/como-funciona');
    expect(await screen.findByTestId('how-it-works-step-4')).toBeTruthy();
    expect(screen.queryByTestId('how-it-works-step-5')).toBeNull();
    fireEvent.click(screen.getByTestId('start-consultation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/coaches-disponibles'));
  });

  it('/consejos-de-salud shows tips and social links', async () => {
    fakeServer();
    renderApp('/consejos-de-salud');
    expect(await screen.findByTestId('health-tip-hydration')).toBeTruthy();
    expect(screen.getByTestId('social-instagram').getAttribute('href')).toMatch(/^https:\/\//);
  });
});
