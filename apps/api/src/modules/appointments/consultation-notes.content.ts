import type { ConsultationNoteTemplateRow } from '../../db/schema';

/**
 * spec 3 Consultation note templates, keyed by practice, with the label each role sees. Reference
 * data written on boot when missing (like the topic templates).
 */
export const CONSULTATION_NOTE_TEMPLATES: ConsultationNoteTemplateRow[] = [
  {
    id: 'health-soap',
    practice: 'health',
    name: 'Nota médica (SOAP)',
    label: { member: 'Resumen de tu consulta', mxPhysician: 'Nota de consulta del coach', usPhysician: 'Physician consultation note' },
    fields: [
      { name: 'chiefComplaint', label: 'Motivo de consulta', kind: 'text' },
      { name: 'subjective', label: 'Subjetivo (síntomas referidos)', kind: 'textarea' },
      { name: 'objective', label: 'Objetivo (signos observados)', kind: 'textarea' },
      { name: 'assessment', label: 'Evaluación', kind: 'textarea' },
      { name: 'plan', label: 'Plan y recomendaciones', kind: 'textarea' },
    ],
  },
  {
    id: 'mentalhealth-session',
    practice: 'mentalhealth',
    name: 'Nota de sesión psicológica',
    label: { member: 'Resumen de tu sesión', mxPhysician: 'Nota de sesión', usPhysician: 'Session note' },
    fields: [
      { name: 'reason', label: 'Motivo de la sesión', kind: 'text' },
      { name: 'observations', label: 'Observaciones', kind: 'textarea' },
      { name: 'interventions', label: 'Intervenciones', kind: 'textarea' },
      { name: 'agreements', label: 'Acuerdos y tareas', kind: 'textarea' },
      { name: 'followUp', label: 'Seguimiento sugerido', kind: 'text' },
    ],
  },
];
