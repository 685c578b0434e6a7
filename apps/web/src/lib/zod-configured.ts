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
 */
import { config } from 'zod/v4/core';

config({ jitless: true, customError: () => 'invalid_value' });

export * from 'zod/v4/mini';
