/**
 * What `zod/mini` resolves to in the web build (vite.config.ts aliases it here), so this runs before any
 * module that builds a schema, whatever chunk it lands in.
 *
 * The Content Security Policy has no 'unsafe-eval' (apps/api/src/security-headers.ts). Zod would
 * otherwise probe `new Function` when it builds an object schema, to compile its parser, and the
 * browser reports each probe as a CSP violation. The interpreted parsers are plenty fast for API
 * answers.
 *
 * zod/mini has no messages of its own: a check without a key of its own (a length limit, a wrong
 * kind) would read "Invalid input", in English, under a field. It reads the catalogue's generic field
 * key instead, as the API answers such a check (fromZodError): "Revisa este dato." / "Please check
 * this value.". A schema's own key always wins. (The domain's INVALID_VALUE_KEY written out: importing the
 * domain here would import this module back before its settings ran.)
 *
 * Issue 10 (first load, TBT): every schema is built the first time it is used, not while its module
 * loads. The contracts and the domain define their schemas at the top level of their modules, and
 * the first scripts hold a few thousand of them (each field a string schema, its checks, its
 * optional wrapper): building them was 40% of the time the first scripts' modules took to run, on
 * the main thread before the first screen, most of them for forms and answers the page never used.
 * The builders below (the ones the code calls; `z.coerce` and `z.iso` are few and stay as they are)
 * return a stand-in that builds the schema when anything about it is first read (a parse, its
 * shape, zod reading a field's schema) and from then on is that schema in every way but identity;
 * `.check()` on a stand-in gives another stand-in. The API keeps zod as it is.
 */
import { config } from 'zod/v4/core';
import * as z from 'zod/v4/mini';

config({ jitless: true, customError: () => 'invalid_value' });

export * from 'zod/v4/mini';

/** Stand-ins built so far and stand-ins made: for the test that checks laziness. */
export const lazySchemaCounts = { made: 0, built: 0 };

/** A stand-in's state: how to build its schema, then the schema. */
interface Slot {
  make: (() => object) | undefined;
  real: object | undefined;
}

const built = (slot: Slot): object => {
  if (slot.real === undefined) {
    slot.real = slot.make!();
    slot.make = undefined;
    lazySchemaCounts.built++;
  }
  return slot.real;
};

/** What every stand-in does when read (one handler for all: a stand-in costs its slot and its proxy). */
const standIn: ProxyHandler<Slot> = {
  get(slot, key) {
    // A check added to a stand-in gives a stand-in (a shared one, safeString()'s, is built once
    // anything using it is: its checked copies are still built only when used).
    if (key === 'check' || key === 'with') {
      return (...checks: unknown[]) => lazy(() => (built(slot) as { check: (...c: unknown[]) => object }).check(...checks));
    }
    return Reflect.get(built(slot), key);
  },
  has: (slot, key) => Reflect.has(built(slot), key),
  set: (slot, key, value) => Reflect.set(built(slot), key, value),
  defineProperty: (slot, key, descriptor) => Reflect.defineProperty(built(slot), key, descriptor),
  deleteProperty: (slot, key) => Reflect.deleteProperty(built(slot), key),
  ownKeys: (slot) => Reflect.ownKeys(built(slot)),
  // Reported configurable: a proxy may report a property its own target does not hold only as such.
  getOwnPropertyDescriptor: (slot, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(built(slot), key);
    return descriptor && { ...descriptor, configurable: true };
  },
  getPrototypeOf: (slot) => Reflect.getPrototypeOf(built(slot)),
};

/** A stand-in for what `make` returns, made when anything about it is first read. */
const lazy = <T extends object>(make: () => T): T => {
  lazySchemaCounts.made++;
  return new Proxy<Slot>({ make, real: undefined }, standIn) as unknown as T;
};

/** `builder`, returning a stand-in (see above). */
const lazily = <F extends (...args: never[]) => object>(builder: F): F => ((...args: Parameters<F>) => lazy(() => builder(...args))) as F;

export const array = lazily(z.array);
export const boolean = lazily(z.boolean);
export const catchall = lazily(z.catchall);
export const discriminatedUnion = lazily(z.discriminatedUnion);
export const email = lazily(z.email);
export const extend = lazily(z.extend);
export const gte = lazily(z.gte);
export const int = lazily(z.int);
export const length = lazily(z.length);
export const literal = lazily(z.literal);
export const lte = lazily(z.lte);
export const maxLength = lazily(z.maxLength);
export const minLength = lazily(z.minLength);
export const nullable = lazily(z.nullable);
export const nullish = lazily(z.nullish);
export const number = lazily(z.number);
export const object = lazily(z.object);
export const omit = lazily(z.omit);
export const optional = lazily(z.optional);
export const partial = lazily(z.partial);
export const pick = lazily(z.pick);
export const pipe = lazily(z.pipe);
export const positive = lazily(z.positive);
export const record = lazily(z.record);
export const refine = lazily(z.refine);
export const regex = lazily(z.regex);
export const safeExtend = lazily(z.safeExtend);
export const strictObject = lazily(z.strictObject);
export const string = lazily(z.string);
export const superRefine = lazily(z.superRefine);
export const toLowerCase = lazily(z.toLowerCase);
export const toUpperCase = lazily(z.toUpperCase);
export const transform = lazily(z.transform);
export const trim = lazily(z.trim);
export const union = lazily(z.union);
export const unknown = lazily(z.unknown);
export const url = lazily(z.url);
export const uuid = lazily(z.uuid);
export { _enum as enum, _null as null, _undefined as undefined };
const _enum = lazily(z.enum);
const _null = lazily(z.null);
const _undefined = lazily(z.undefined);
