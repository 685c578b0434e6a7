import type { Language } from '@puente/domain';

/** What the member and the coach receive (issue 13), in the recipient's language. */
export const SCHEDULING_MESSAGES = {
  confirmationSubject: { es: 'Tu consulta agendada con {coach}', en: 'Your scheduled consultation with {coach}' },
  confirmationSms: {
    es: 'Puente: tu consulta con {coach} quedó agendada para el {when}. Para cancelar: {cancelUrl}',
    en: 'Puente: your consultation with {coach} is scheduled for {when}. To cancel: {cancelUrl}',
  },
  confirmationEmail: {
    es: 'Hola {member}:\n\nTu consulta con {coach} quedó agendada para el {when}.\nTe enviaremos el enlace para entrar 5 minutos antes.\n\nSi no puedes asistir, cancela aquí: {cancelUrl}',
    en: 'Hello {member},\n\nYour consultation with {coach} is scheduled for {when}.\nWe will text you the link to join 5 minutes before.\n\nIf you cannot attend, cancel here: {cancelUrl}',
  },
  rescheduledSubject: { es: 'Tu consulta con {coach} cambió de fecha', en: 'Your consultation with {coach} was rescheduled' },
  canceledSubject: { es: 'Tu consulta con {coach} fue cancelada', en: 'Your consultation with {coach} was canceled' },
  canceledSms: { es: 'Puente: tu consulta con {coach} del {when} fue cancelada.', en: 'Puente: your consultation with {coach} on {when} was canceled.' },
  canceledEmail: { es: 'Hola {member}:\n\nTu consulta con {coach} del {when} fue cancelada.', en: 'Hello {member},\n\nYour consultation with {coach} on {when} was canceled.' },
  joinVoice: {
    es: 'Hola {member}. Te llamamos de Puente: tu consulta con {coach} empieza en 5 minutos. Entra desde la aplicación.',
    en: 'Hello {member}. This is Puente calling: your consultation with {coach} starts in 5 minutes. Please join from the app.',
  },
  joinSms: { es: 'Puente: tu consulta con {coach} empieza en 5 minutos. Entra aquí: {joinUrl}', en: 'Puente: your consultation with {coach} starts in 5 minutes. Join here: {joinUrl}' },
  coachReminderSms: {
    es: 'Puente: tienes una consulta agendada con {member} a las {when}. Abre tu tablero para atenderla.',
    en: 'Puente: you have a scheduled consultation with {member} at {when}. Open your dashboard to take it.',
  },
  coachBookedSms: { es: 'Puente: {member} agendó una consulta contigo el {when}.', en: 'Puente: {member} booked a consultation with you on {when}.' },
  supportCancelReason: { es: 'Quiero cancelar mi consulta agendada', en: 'I want to cancel my scheduled consultation' },
  supportRescheduleReason: { es: 'Quiero cambiar la fecha de mi consulta agendada', en: 'I want to reschedule my scheduled consultation' },
  supportDetails: { es: 'Consulta {id} con {coach}, el {when}.', en: 'Consultation {id} with {coach}, on {when}.' },
  invitationSummary: { es: 'Consulta Puente con {coach}', en: 'Puente consultation with {coach}' },
} as const satisfies Record<string, Record<Language, string>>;

export type SchedulingMessage = keyof typeof SCHEDULING_MESSAGES;

export const schedulingText = (key: SchedulingMessage, lang: Language, vars: Record<string, string>): string =>
  SCHEDULING_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_m, name: string) => vars[name] ?? '');
