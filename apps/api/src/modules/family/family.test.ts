import { FAMILY_GQL, GQL, outboxResponseSchema } from '@puente/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependants, entitlementEvents, users } from '../../db/schema';
import { createControlledClock } from '../../lib/clock';
import { createMember, createOrganization, createPhysician, createSessionFor, graphql, randomMxPhone, request, startTestServer, type TestServer } from '../../test';

/** Family plans (issue 15): invitations, the database's 3-dependant limit, acceptance, unlink, deletion. */
let t: TestServer;
const clock = createControlledClock(new Date('2026-11-24T16:00:00Z'));
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

interface Gql<T> {
  data?: T;
  code?: string;
  fields?: Record<string, string>;
  errorData?: Record<string, unknown>;
}
const gql = async <T>(document: string, variables: Record<string, unknown>, token?: string): Promise<Gql<T>> => {
  const res = await graphql<T>(t.url, document, variables, token);
  const error = res.body.errors?.[0]?.extensions?.error as { code: string; fields?: Record<string, string>; data?: Record<string, unknown> } | undefined;
  return { data: res.body.data ?? undefined, code: error?.code ?? (res.body.errors?.[0]?.extensions?.code as string | undefined), fields: error?.fields, errorData: error?.data };
};

/** A member of an organization offering the family plan (dependantOrganizations), with a session. */
const referrerWithSession = async () => {
  const familyOrg = await createOrganization(t.server, { name: 'Acme Familia' });
  const org = await createOrganization(t.server, { name: 'Acme', settings: { dependantOrganizations: [familyOrg.id] } });
  const user = await createMember(t.server, { firstName: 'Laura', lastName: 'Gómez', organizationId: org.id });
  const { sessionToken } = await createSessionFor(t.server, user.id);
  return { user, token: sessionToken, familyOrgId: familyOrg.id };
};
const withSession = async (overrides: Parameters<typeof createMember>[1] = {}) => {
  const user = await createMember(t.server, overrides);
  return { user, token: (await createSessionFor(t.server, user.id)).sessionToken };
};
const digits = (phone: string) => phone.slice(3); // +52 and 10 digits
const invite = (alias: string, phone: string, preferredLang = 'es') => ({ alias, countryCode: '52', phoneNumber: digits(phone), preferredLang });
type List = { slotsLeft: number; dependants: { memberId: string; alias: string; phoneNumber: string; invitationStatus: string; preferredLang: string }[] };

const linkTextedTo = async (phone: string): Promise<URL> => {
  const res = await fetch(`${t.url}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const { messages } = outboxResponseSchema.parse(await res.json());
  const link = messages.map((m) => /(https?:\/\/\S+\/login\?\S+)/.exec(m.body)?.[1]).find(Boolean);
  if (!link) throw new Error(`no invitation link for ${phone}`);
  return new URL(link);
};
const accessOf = (id: string) => t.server.services.membership.subscriptionOf(id);

describe('adding dependants', () => {
  it('validates alias, 10-digit phone and es/en with field keys; texts a link; the list shows a pending temp| id', async () => {
    const ref = await referrerWithSession();
    const add = (dependantsInput: unknown) => gql<{ addDependants: List }>(FAMILY_GQL.addDependants, { memberId: ref.user.id, dependants: dependantsInput }, ref.token);
    expect(await add([{ ...invite('', randomMxPhone()) }])).toMatchObject({ code: 'INVALID_DATA', fields: { 'dependants.0.alias': 'add_dependant_alias_required' } });
    expect(await add([{ ...invite('Hija', randomMxPhone()), phoneNumber: '' }])).toMatchObject({ code: 'INVALID_DATA', fields: { 'dependants.0.phoneNumber': 'add_dependant_phone_required' } });
    expect(await add([{ ...invite('Hija', randomMxPhone()), phoneNumber: '551234567' }])).toMatchObject({ code: 'INVALID_DATA', fields: { 'dependants.0.phoneNumber': 'error_phone_invalid' } });
    // A language the app does not speak is a wrong value (it said the form had missing fields).
    expect(await add([{ ...invite('Hija', randomMxPhone()), preferredLang: 'fr' }])).toMatchObject({ code: 'INVALID_DATA', fields: { 'dependants.0.preferredLang': 'invalid_value' } });

    const phone = randomMxPhone();
    const ok = await add([invite('Hija', phone, 'en')]);
    expect(ok.data?.addDependants).toMatchObject({ slotsLeft: 2, dependants: [{ alias: 'Hija', phoneNumber: phone, invitationStatus: 'PENDING', preferredLang: 'en' }] });
    const tempId = ok.data!.addDependants.dependants[0]!.memberId;
    expect(tempId.startsWith('temp|')).toBe(true);
    // The same phone twice is refused.
    expect(await add([invite('Otra', phone)])).toMatchObject({ code: 'INVALID_DATA', fields: { phoneNumber: 'add_dependant_phone_already_invited' } });

    const link = await linkTextedTo(phone);
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.get('phonenumber')).toBe(phone);
    const token = await request(t.url, `/api/member/invitation-token?invitationToken=${encodeURIComponent(link.searchParams.get('invitationToken')!)}`);
    expect(token).toMatchObject({ status: 200, body: { referalId: ref.user.id, referalOrganizationId: ref.familyOrgId, dependantMemberId: tempId, referrerName: 'Laura Gómez' } });
    expect((await request(t.url, '/api/member/invitation-token?invitationToken=nonsense')).status).toBe(404);
  });

  it('at most 3, held by the database: concurrent adds get exactly 3 and the rest LIMIT_EXCEEDED', async () => {
    const ref = await referrerWithSession();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => request(t.url, `/api/member/${ref.user.id}/dependants`, { token: ref.token, body: { dependants: [invite(`D${i}`, randomMxPhone())] } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).map((r) => (r.body as { error: { code: string } }).error.code)).toEqual(['LIMIT_EXCEEDED', 'LIMIT_EXCEEDED', 'LIMIT_EXCEEDED']);
    const rows = await t.server.database.db.select().from(dependants).where(eq(dependants.referrerId, ref.user.id));
    expect(rows.map((r) => r.slot).sort()).toEqual([1, 2, 3]);
    // Even a write that skips the service cannot hold a fourth place.
    const base = { referrerId: ref.user.id, alias: 'x', preferredLang: 'es' as const, invitedAt: clock.now() };
    await expect(t.server.database.db.insert(dependants).values({ ...base, slot: 4, memberId: 'temp|a', phoneNumber: randomMxPhone() })).rejects.toThrow();
    await expect(t.server.database.db.insert(dependants).values({ ...base, slot: 2, memberId: 'temp|b', phoneNumber: randomMxPhone() })).rejects.toThrow();
    // A batch larger than the places left is refused whole.
    const other = await referrerWithSession();
    const batch = await request(t.url, `/api/member/${other.user.id}/dependants`, { token: other.token, body: { dependants: [1, 2, 3, 4].map((i) => invite(`B${i}`, randomMxPhone())) } });
    expect(batch).toMatchObject({ status: 429, body: { error: { code: 'LIMIT_EXCEEDED' } } });
    expect((await request(t.url, `/api/member/${other.user.id}/dependants`, { token: other.token })).body).toMatchObject({ dependants: [], slotsLeft: 3 });
  });

  it("a member sees only her own dependants (others 404), and only where her organization offers the family plan", async () => {
    const ref = await referrerWithSession();
    const stranger = await referrerWithSession();
    await request(t.url, `/api/member/${ref.user.id}/dependants`, { token: ref.token, body: { dependants: [invite('Hijo', randomMxPhone())] } });
    const list = (await request(t.url, `/api/member/${ref.user.id}/dependants`, { token: ref.token })).body as List;
    expect(list.dependants).toHaveLength(1);
    expect((await gql(FAMILY_GQL.getDependants, { memberId: ref.user.id }, stranger.token)).code).toBe('NOT_FOUND');
    expect((await request(t.url, `/api/member/${ref.user.id}/dependants`, { token: stranger.token })).status).toBe(404);
    expect((await gql(FAMILY_GQL.deleteDependant, { referralId: ref.user.id, dependantId: list.dependants[0]!.memberId }, stranger.token)).code).toBe('NOT_FOUND');
    expect((await gql(FAMILY_GQL.deleteAllDependants, { memberId: ref.user.id }, stranger.token)).code).toBe('NOT_FOUND');
    expect((await request(t.url, '/api/member/invitation-link', { token: stranger.token, body: { referalId: ref.user.id, dependantMemberId: list.dependants[0]!.memberId } })).status).toBe(404);
    expect((await request(t.url, `/api/member/${ref.user.id}/dependants`)).status).toBe(401);
    const individual = await withSession();
    expect((await request(t.url, `/api/member/${individual.user.id}/dependants`, { token: individual.token })).status).toBe(404);
    // Member-only (spec 6): a clinician gets NOT_FOUND for her own id and for the member's.
    const coach = await createPhysician(t.server);
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    expect((await request(t.url, `/api/member/${coach.id}/dependants`, { token: coachToken })).status).toBe(404);
    expect((await request(t.url, `/api/member/${ref.user.id}/dependants`, { token: coachToken })).status).toBe(404);
  });
});

describe('accepting, resending and unlinking', () => {
  it('the invited phone accepts; her access is the referrer\'s plan through the ledger, and ends with it', async () => {
    const ref = await referrerWithSession();
    const phone = randomMxPhone();
    const added = await gql<{ addDependants: List }>(FAMILY_GQL.addDependants, { memberId: ref.user.id, dependants: [invite('Mamá', phone)] }, ref.token);
    const tempId = added.data!.addDependants.dependants[0]!.memberId;

    // Resend: a new link; the older one is expired (with the referrer's name).
    const first = await linkTextedTo(phone);
    clock.advance(1000);
    expect(await request(t.url, '/api/member/invitation-link', { token: ref.token, body: { referalId: ref.user.id, dependantMemberId: tempId, lang: 'es', phoneNumber: phone } })).toMatchObject({ status: 200, body: { sent: true } });
    const second = await linkTextedTo(phone);
    expect(second.searchParams.get('invitationToken')).not.toBe(first.searchParams.get('invitationToken'));
    expect(await request(t.url, `/api/member/invitation-token?invitationToken=${first.searchParams.get('invitationToken')}`)).toMatchObject({ status: 410, body: { error: { code: 'INVITATION_EXPIRED', data: { referrerName: 'Laura Gómez', trialDays: 30 } } } });
    expect((await request(t.url, `/api/member/invitation-token?invitationToken=${second.searchParams.get('invitationToken')}`)).status).toBe(200);

    // Someone else signed in with the link's ids is refused.
    const other = await withSession({ phoneNumber: randomMxPhone(), countryCode: '52' });
    expect((await gql(FAMILY_GQL.updateDependant, { currentMemberId: other.user.id, referralId: ref.user.id, dependantTempId: tempId }, other.token)).code).toBe('NOT_FOUND');

    const mom = await withSession({ phoneNumber: phone, countryCode: '52', organizationId: null });
    // A member signing up without an organization has the 45-day trial; the family grant outlasts it.
    const accepted = await gql<{ updateDependant: { memberId: string; invitationStatus: string } }>(FAMILY_GQL.updateDependant, { currentMemberId: mom.user.id, referralId: ref.user.id, dependantTempId: tempId }, mom.token);
    expect(accepted.data?.updateDependant).toMatchObject({ memberId: mom.user.id, invitationStatus: 'ACCEPTED' });
    // getMember names her referrer (spec 3 referredById, referredByName).
    expect((await gql<{ getMember: { referredById: string | null; referredByName: string | null } }>(GQL.getMember, {}, mom.token)).data?.getMember).toMatchObject({ referredById: ref.user.id, referredByName: 'Laura Gómez' });
    expect(await accessOf(mom.user.id)).toMatchObject({ endReason: null });
    const events = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, mom.user.id));
    expect(events.filter((e) => e.source === 'family').map((e) => [e.kind, e.referrerId])).toEqual([['granted', ref.user.id]]);
    expect((await t.server.services.membership.accessOf(mom.user.id))?.source).toBe('family');
    await expect(t.server.services.membership.assertCanConsult(mom.user)).resolves.toBeUndefined();
    // Accepting again is harmless; the list shows her accepted.
    expect((await gql(FAMILY_GQL.updateDependant, { currentMemberId: mom.user.id, referralId: ref.user.id, dependantTempId: tempId }, mom.token)).data).toBeTruthy();
    expect((await gql<{ getDependants: List }>(FAMILY_GQL.getDependants, { memberId: ref.user.id }, ref.token)).data?.getDependants.dependants).toEqual([
      { memberId: mom.user.id, alias: 'Mamá', phoneNumber: phone, invitationStatus: 'ACCEPTED', preferredLang: 'es' },
    ]);

    // The referrer's plan ends (she leaves her organization): the dependant's access ends too (derived, not copied).
    clock.advance(1000);
    await t.server.database.db.update(users).set({ organizationId: null }).where(eq(users.id, ref.user.id));
    expect(await t.server.services.membership.accessOf(mom.user.id)).toMatchObject({ source: 'family', endReason: 'membership-expired' });
    const refreshed = (await t.server.database.db.select().from(users).where(eq(users.id, mom.user.id)))[0]!;
    await expect(t.server.services.membership.assertCanConsult(refreshed)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    // Nothing was copied to her ledger: only the grant (her end is derived from his).
    const after = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, mom.user.id));
    expect(after.filter((e) => e.source === 'family').map((e) => e.kind)).toEqual(['granted']);
  });

  it('unlink: the dependant loses the family access, the role is returned, a withdrawn link is INVITATION_EXPIRED with the 30-day trial', async () => {
    const ref = await referrerWithSession();
    const phoneA = randomMxPhone();
    const phoneB = randomMxPhone();
    const added = await gql<{ addDependants: List }>(FAMILY_GQL.addDependants, { memberId: ref.user.id, dependants: [invite('A', phoneA), invite('B', phoneB)] }, ref.token);
    const [a, b] = added.data!.addDependants.dependants;
    const dep = await withSession({ phoneNumber: phoneA, countryCode: '52' });
    await gql(FAMILY_GQL.updateDependant, { currentMemberId: dep.user.id, referralId: ref.user.id, dependantTempId: a!.memberId }, dep.token);
    const linkB = await linkTextedTo(phoneB);

    clock.advance(1000);
    const removed = await gql<{ deleteDependant: { role: string; slotsLeft: number } }>(FAMILY_GQL.deleteDependant, { referralId: ref.user.id, dependantId: dep.user.id }, ref.token);
    expect(removed.data?.deleteDependant).toMatchObject({ role: 'referral', slotsLeft: 2 });
    const access = await t.server.services.membership.accessOf(dep.user.id);
    expect(access).toMatchObject({ source: 'family', endReason: 'removed-from-family-plan' });
    const familyEvents = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, dep.user.id));
    expect(familyEvents.filter((e) => e.source === 'family').map((e) => e.kind)).toEqual(['granted', 'ended']);

    const all = await gql<{ deleteAllDependants: { role: string; dependants: unknown[] } }>(FAMILY_GQL.deleteAllDependants, { memberId: ref.user.id }, ref.token);
    expect(all.data?.deleteAllDependants).toMatchObject({ role: 'user', dependants: [] });
    // B's link was withdrawn: expired, with the referrer's name; following it signed in grants the 30-day trial.
    const withdrawn = await request(t.url, `/api/member/invitation-token?invitationToken=${linkB.searchParams.get('invitationToken')}`);
    expect(withdrawn).toMatchObject({ status: 410, body: { error: { code: 'INVITATION_EXPIRED', data: { referrerName: 'Laura Gómez', referalId: ref.user.id } } } });
    // The app keeps the ids it was given and, once she has signed in, asks with them.
    const kept = (withdrawn.body as { error: { data: { dependantMemberId: string } } }).error.data.dependantMemberId;
    expect(kept).not.toBe(b!.memberId);
    const late = await withSession({ phoneNumber: phoneB, countryCode: '52' });
    const expired = await gql(FAMILY_GQL.updateDependant, { currentMemberId: late.user.id, referralId: ref.user.id, dependantTempId: kept }, late.token);
    expect(expired).toMatchObject({ code: 'INVITATION_EXPIRED', errorData: { referrerName: 'Laura Gómez', trialDays: 30 } });
    const trials = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, late.user.id));
    expect(trials.map((e) => e.entitlementKey)).toContain('withdrawn-invitation');
  });
});

describe('account deletion (spec 4)', () => {
  it("a dependant's deletion removes her from the referrer's list; a referrer's removes every dependant, with an unlink event for each accepted one", async () => {
    const ref = await referrerWithSession();
    const phones = [randomMxPhone(), randomMxPhone(), randomMxPhone()];
    const added = await gql<{ addDependants: List }>(FAMILY_GQL.addDependants, { memberId: ref.user.id, dependants: phones.map((p, i) => invite(`D${i}`, p)) }, ref.token);
    const ids = added.data!.addDependants.dependants.map((d) => d.memberId);
    const members = [];
    for (const i of [0, 1]) {
      const m = await withSession({ phoneNumber: phones[i], countryCode: '52' });
      await gql(FAMILY_GQL.updateDependant, { currentMemberId: m.user.id, referralId: ref.user.id, dependantTempId: ids[i] }, m.token);
      members.push(m);
    }
    expect((await request(t.url, `/api/member/${members[0]!.user.id}/deletion-request`, { token: members[0]!.token, body: {} })).status).toBe(200);
    const list = (await request(t.url, `/api/member/${ref.user.id}/dependants`, { token: ref.token })).body as List;
    expect(list.dependants.map((d) => d.alias)).toEqual(['D1', 'D2']);

    clock.advance(1000);
    expect((await request(t.url, `/api/member/${ref.user.id}/deletion-request`, { token: ref.token, body: {} })).status).toBe(200);
    const left = await t.server.database.db.select({ n: sql<number>`count(*)::int` }).from(dependants).where(eq(dependants.referrerId, ref.user.id));
    expect(left[0]?.n).toBe(0);
    for (const m of members) {
      const events = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, m.user.id));
      expect(events.filter((e) => e.source === 'family').map((e) => e.kind)).toEqual(['granted', 'ended']);
    }
  });
});
