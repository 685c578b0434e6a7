import type { AppointmentType } from '../enums';

/**
 * The member's intake steps as she sees them numbered (issue 11: "step 2 of 3" first, the location
 * asked twice). An on-demand request confirms the location on /consulta/llenado-de-informacion
 * before the appointment exists, so the call's location step (spec 2 prejoin step 2) is not asked
 * again: location, camera and microphone, waiting room. Otherwise (a scheduled consultation) the
 * call asks it: camera and microphone, location, waiting room. The stored preJoinStep keeps the
 * spec's numbers (1 camera, 2 location, 3 waiting room); only the displayed numbering follows this.
 */
export type IntakeStep = 'location' | 'media' | 'waiting-room';
export const intakeSteps = (ctx: { locationConfirmedBeforeCall: boolean }): IntakeStep[] =>
  ctx.locationConfirmedBeforeCall ? ['location', 'media', 'waiting-room'] : ['media', 'location', 'waiting-room'];
export const intakeStepNumber = (steps: readonly IntakeStep[], step: IntakeStep): { step: number; total: number } => ({ step: steps.indexOf(step) + 1, total: steps.length });
/**
 * The member confirmed this appointment's place on the location form just before: the form
 * remembers the place it confirmed (before the appointment exists, since the S1 alert can open the
 * call before the create answers), and an on-demand appointment at that same place is not asked
 * again. An appointment made any other way (scheduled, or nothing confirmed here) asks it in the call.
 */
export interface ConfirmedPlace {
  country: string;
  state: string;
  city: string;
}
export const locationConfirmedBeforeCall = (a: { type: AppointmentType; location?: ConfirmedPlace | null }, confirmed: ConfirmedPlace | null | undefined): boolean => {
  if (a.type !== 'on-demand' || !a.location || !confirmed) return false;
  const same = (x: string, y: string) => x.trim().toLowerCase() === y.trim().toLowerCase();
  return same(a.location.country, confirmed.country) && same(a.location.state, confirmed.state) && same(a.location.city, confirmed.city);
};
