import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FIELDS } from './appointments';
import { physicianSchema } from './physicians';

/** The sub-selection of `field { ... }` in a GraphQL selection string. */
const selectionOf = (fields: string, field: string): string[] => {
  const start = fields.indexOf(`${field} {`);
  if (start < 0) return [];
  let depth = 0;
  let out = '';
  for (const ch of fields.slice(fields.indexOf('{', start))) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    out += ch;
    if (depth === 0) break;
  }
  // top-level names only
  const names: string[] = [];
  let level = 0;
  for (const token of out.slice(1, -1).split(/(\{|\}|\s+)/)) {
    if (token === '{') level++;
    else if (token === '}') level--;
    else if (level === 0 && token.trim()) names.push(token.trim());
  }
  return names;
};

// The web parses every appointment with appointmentSchema, whose mxDoctor/usDoctor are whole
// physicians: the GraphQL selection must ask for every field the schema requires.
describe('appointment selection', () => {
  it.each(['mxDoctor', 'usDoctor'])('%s selects every physician field', (field) => {
    expect(selectionOf(APPOINTMENT_FIELDS, field).sort()).toEqual(Object.keys(physicianSchema.shape).sort());
  });
});

// GraphQL answers null for a list the caller left out (symptoms, plan.treatment): the answer parses.
describe('appointment answer', () => {
  it('accepts null lists as GraphQL sends them', async () => {
    const { appointmentSchema } = await import('./appointments');
    const shape = appointmentSchema.shape;
    expect(shape.selfAssessment.safeParse({ appointmentReason: 'Ansiedad', appointmentReasonKey: null, painLevel: null, symptoms: null }).success).toBe(true);
    expect(shape.medicalRecord.safeParse({ internalNotes: 'x', plan: { conclusions: 'c', recomendations: null, treatment: null }, pharmacy: null }).success).toBe(true);
  });
});
