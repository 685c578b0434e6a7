import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, physician } from '@/test/consultation-fixtures';
import { renderApp } from '@/test/render-app';

// As the seed and older data store them: titles and specialties typed in Spanish.
const maria = physician({ id: 'doc_1', nickName: 'Dra. María', medicalSpecialties: [{ speciality: 'Medicina general' }, { speciality: 'Nutrición clínica' }] });
const daniel = physician({ id: 'doc_2', firstName: 'Daniel', lastName: 'Rivera', nickName: 'Psic. Daniel', languages: ['en'], practice: 'mentalhealth', medicalSpecialties: [{ speciality: 'Psicología clínica' }, { speciality: 'Terapia de pareja' }] });

describe('coach cards and profiles are in the reader’s language', () => {
  it('en: titles and specialties translated by key; an unknown specialty is shown as written', async () => {
    fakeServer({ member: { preferredLang: 'en' }, online: [maria, daniel] });
    renderApp('/consulta/coaches-disponibles', { language: 'en' });
    const card = await screen.findByTestId('coach-card-doc_1');
    expect(card.textContent).toContain('Dr. María');
    expect(card.textContent).toContain('General medicine · Clinical nutrition');
    expect(card.textContent).not.toMatch(/Dra\.|Medicina general|Nutrición/);
    const other = screen.getByTestId('coach-card-doc_2');
    expect(other.textContent).toContain('Psychologist Daniel');
    expect(other.textContent).toContain('Clinical psychology · Terapia de pareja');
  });

  it('es: the same cards in Spanish', async () => {
    fakeServer({ online: [maria, daniel] });
    renderApp('/consulta/coaches-disponibles', { language: 'es' });
    const card = await screen.findByTestId('coach-card-doc_1');
    expect(card.textContent).toContain('Dra. María');
    expect(card.textContent).toContain('Medicina general · Nutrición clínica');
    expect(screen.getByTestId('coach-card-doc_2').textContent).toContain('Psic. Daniel');
  });

  it.each([
    ['en', 'Dr. María', ['General medicine', 'Clinical nutrition']],
    ['es', 'Dra. María', ['Medicina general', 'Nutrición clínica']],
  ] as const)('the coach profile in %s', async (language, name, areas) => {
    fakeServer({ physician: { nickName: 'Dra. María', medicalSpecialties: [{ speciality: 'Medicina general' }, { speciality: 'clinical_nutrition' }] } });
    renderApp('/ondemand-perfil-coach/doc_1', { language });
    expect((await screen.findByTestId('coach-profile-name')).textContent).toBe(name);
    const chips = within(screen.getByTestId('coach-profile-areas'));
    for (const area of areas) expect(chips.getByText(area)).toBeTruthy();
  });
});
