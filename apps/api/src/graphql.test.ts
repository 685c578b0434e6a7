import * as z from 'zod/mini';
import { apiErrorSchema, GQL, memberSchema, sessionPayloadSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, graphql, loginByPhone, randomMxPhone, startTestServer, type TestServer } from './test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const memberKeys = Object.keys(memberSchema.shape).sort();

describe('the GraphQL documents the web app sends (packages/contracts GQL)', () => {
  it('createSession, getMember and refreshSession answer exactly the contract shapes', async () => {
    const login = await loginByPhone(t.url, randomMxPhone()); // runs GQL.createSession
    expect(Object.keys(login.member).sort()).toEqual(memberKeys);

    const me = await graphql<{ getMember: Record<string, unknown> }>(t.url, GQL.getMember, {}, login.sessionToken);
    expect(me.status).toBe(200);
    expect(me.body.errors).toBeUndefined();
    expect(Object.keys(me.body.data!.getMember).sort()).toEqual(memberKeys);
    z.strictObject(memberSchema.shape).parse(me.body.data!.getMember);

    const refreshed = await graphql<{ refreshSession: unknown }>(t.url, GQL.refreshSession, { sessionToken: login.sessionToken, timeZone: 'UTC' });
    expect(refreshed.body.errors).toBeUndefined();
    z.strictObject(sessionPayloadSchema.shape).parse(refreshed.body.data!.refreshSession);
  });

  it('every contract document is valid against the schema (no validation errors, only auth ones)', async () => {
    for (const [name, document] of Object.entries(GQL)) {
      const res = await graphql(t.url, document, { loginToken: 'x', sessionToken: 'x', timeZone: 'UTC', memberId: 'x', data: {} });
      const error = apiErrorSchema.parse(res.body.errors?.[0]?.extensions).error;
      expect([name, error.code]).not.toEqual([name, 'INVALID_DATA']);
    }
  });

  it('a member created by a factory is presented with every field', async () => {
    const m = await createMember(t.server, { firstName: 'Ana', lastName: 'López', languages: ['es', 'en'] });
    const { sessionToken, member } = await createSessionFor(t.server, m.id);
    expect(member).toMatchObject({ firstName: 'Ana', lastName: 'López', languages: ['es', 'en'] });
    const me = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, sessionToken);
    expect(memberSchema.parse(me.body.data?.getMember)).toMatchObject({ firstName: 'Ana', agreedTosAt: m.agreedTosAt!.toISOString() });
  });
});

describe('GraphQL guards', () => {
  it('a query nested deeper than 8 levels is refused as INVALID_DATA', async () => {
    const deep = '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }';
    const res = await graphql(t.url, deep);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body.errors?.[0]?.extensions).error.code).toBe('INVALID_DATA');
    const shallow = await graphql(t.url, '{ __schema { queryType { name } } }');
    expect(shallow.status).toBe(200);
  });

  it('there is no GraphiQL page', async () => {
    const res = await fetch(`${t.url}/graphiql`);
    // Without a web build this is a 404; with one, the SPA fallback answers, never GraphiQL.
    expect(await res.text()).not.toMatch(/graphiql/i);
    expect((await fetch(`${t.url}/api/graphiql`)).status).toBe(404);
  });
});

describe('GraphQL in production', () => {
  it('introspection is disabled', async () => {
    const prod = await startTestServer({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const res = await graphql(prod.url, '{ __schema { queryType { name } } }');
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body.errors?.[0]?.extensions).error.code).toBe('INVALID_DATA');
      const typename = await graphql(prod.url, '{ __typename }');
      expect(typename.status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
