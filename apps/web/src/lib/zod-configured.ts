/**
 * What `zod/mini` resolves to in the web build (vite.config.ts aliases it here), so this runs before any
 * module that builds a schema, whatever chunk it lands in.
 *
 * The Content Security Policy has no 'unsafe-eval' (apps/api/src/security-headers.ts). Zod would
 * otherwise probe `new Function` when it builds an object schema, to compile its parser, and the
 * browser reports each probe as a CSP violation. The interpreted parsers are plenty fast for API
 * answers.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4/mini';
