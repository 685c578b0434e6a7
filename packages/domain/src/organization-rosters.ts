/**
 * An eligibility roster's rows as the admin uploads them (issue 15): a phone in any common spelling
 * or an identification number, and in an add/term file the action. The modes, actions and limits
 * are with the rest of the organizations' rules (./organizations.ts); the rows' parsing is here, apart
 * from them: the web app's first script needs that module (the partner theme), and a bundler places
 * a module whole in one chunk, so the phone rules came with it (issue 10, first load).
 */
import * as z from 'zod/mini';
import { ROSTER_ACTIONS } from './organizations';
import { phoneQueryParamSchema } from './validation/phone';

/** A roster phone in any common spelling ('+52 55 1234 5678', '52-55-1234-5678') as the full number, else undefined. */
export const rosterPhone = (raw: string): string | undefined => {
  const digits = raw.replace(/[\s().-]/g, '').replace(/^\+/, '');
  const full = `+${digits}`;
  return phoneQueryParamSchema.safeParse(full).success ? full : undefined;
};

const cell = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * One roster row: a phone (+1/52/57 and 10 digits, any spacing) or an identification number (at
 * least one), and in an add/term file the action. Messages are catalogue keys.
 */
export const rosterRowSchema = z.pipe(z.object({ phoneNumber: z.optional(z.unknown()), identificationNumber: z.optional(z.unknown()), action: z.optional(z.unknown()) }), z.transform((raw, ctx) => {
    const phoneCell = cell(raw.phoneNumber);
    const phoneNumber = phoneCell === undefined ? undefined : rosterPhone(phoneCell);
    if (phoneCell !== undefined && phoneNumber === undefined) ctx.issues.push({ code: 'custom', message: 'roster_phone_invalid', path: ['phoneNumber'], input: raw });
    const identificationNumber = cell(raw.identificationNumber);
    if (identificationNumber !== undefined && identificationNumber.length > 64) ctx.issues.push({ code: 'custom', message: 'roster_identification_invalid', path: ['identificationNumber'], input: raw });
    const actionCell = cell(raw.action)?.toLowerCase();
    const action = ROSTER_ACTIONS.find((a) => a === actionCell);
    if (actionCell !== undefined && action === undefined) ctx.issues.push({ code: 'custom', message: 'roster_action_invalid', path: ['action'], input: raw });
    if (phoneCell === undefined && identificationNumber === undefined) ctx.issues.push({ code: 'custom', message: 'roster_identity_required', path: ['phoneNumber'], input: raw });
    return { phoneNumber, identificationNumber, action };
  }));
export type RosterRow = z.infer<typeof rosterRowSchema>;
