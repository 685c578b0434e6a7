import { afterAll } from 'vitest';
import { closeSharedBrowser } from './harness';

// Run before each journey file (vitest.config.ts setupFiles), also when the files share modules.
afterAll(closeSharedBrowser);
