import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { appointment } from '@/test/consultation-fixtures';
import { PlanTab } from './plan-tab';

describe('the medical plan tab', () => {
  it('a clinician not assigned reads the plan in full colour: read-only, not disabled (it was grey at 38%), with no save', () => {
    const a = appointment({ medicalRecord: { internalNotes: 'Revisar en 2 semanas', plan: { conclusions: 'Migraña tensional', recomendations: 'Dormir 8 horas' }, pharmacy: null } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlanTab appointment={a} editable={false} />
      </QueryClientProvider>,
    );
    const fields = ['internalNotes', 'conclusions', 'recomendations'].map((name) => screen.getByTestId(`plan-${name}`) as HTMLTextAreaElement);
    expect(fields.map((f) => [f.value, f.readOnly, f.disabled])).toEqual([
      ['Revisar en 2 semanas', true, false],
      ['Migraña tensional', true, false],
      ['Dormir 8 horas', true, false],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
