#!/usr/bin/env node
// `npm test`: every test. Typecheck, lint, unit tests, the API integration tests (on PostgreSQL and
// Redis when they are reachable, with the backend's own tests on PGlite too; else all on PGlite:
// see BACKEND_TESTS), then the web build and the browser journeys. Ends with one summary line
// "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), 'puente-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// The failed tests, with the start of their first error, printed again at the very end: a CI log
// is often read from its tail only.
const failedTests = [];

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function vitest(label, projects, env = {}, extra = []) {
  const out = join(outDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra];
  const ok = run(label, 'npx', args, env);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (!ok && r.numFailedTests === 0) totals.failed += 1; // a suite that failed to load counts
    for (const file of r.testResults ?? []) {
      const name = file.name.replace(root, '');
      const failedHere = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedHere) failedTests.push(`${label}: ${name} > ${t.fullName}\n      ${firstLines(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && failedHere.length === 0) failedTests.push(`${label}: ${name} (did not load)\n      ${firstLines(file.message)}`);
    }
  } else if (!ok) totals.failed += 1;
}

function firstLines(text = '') {
  // eslint-disable-next-line no-control-regex
  return String(text).replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim()).slice(0, 6).join('\n      ');
}

const reachable = (port) =>
  new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
    s.setTimeout(1500, () => { s.destroy(); resolve(false); });
  });

const only = process.argv[2]; // optional: unit | api | pg | e2e | deploy
const want = (step) => !only || only === step;

/**
 * Steps run at the same time, each one's output printed whole when it ends. tsc and eslint each use
 * one core: side by side they take the time of the longer one.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => resolve({ label, cmd, args, status, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { label, cmd, args, status, output, seconds } of results) {
    console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
    if (output) process.stdout.write(output);
    console.log(`=== ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds.toFixed(1)} s`);
    if (status !== 0) failures.push(label);
  }
}

if (!only) {
  await runTogether([
    { label: 'typecheck', cmd: 'npx', args: ['tsc', '-b', 'packages/domain', 'packages/contracts', 'apps/api', 'apps/web', 'e2e', 'bench', 'deploy'] },
    { label: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  ]);
}
// vitest's default is one worker less than the cores: one worker on a 2-core machine, the other core
// idle. Two workers took the unit tests from 556 to 327 s there.
if (want('unit')) vitest('unit', ['domain', 'contracts', 'web'], {}, [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`]);
// The API tests wait on their servers and databases much of the time: two files at once even on
// 2 cores (vitest's default there is one), which took the PGlite run from 246 to 178 s and the
// PostgreSQL one from 246 to 151 s. Each test server has its own database and Redis prefix.
const apiWorkers = [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`];
/**
 * The API tests whose behaviour depends on the backend: the storage layer, and what Redis stands
 * for across nodes (presence, the caches' invalidation, rate limits, the queue, the realtime
 * adapter), kept in memory or in the database without it. With PostgreSQL and Redis reachable,
 * every API test runs on them (production's stack) and only these run on PGlite as well (the
 * embedded stack of `npm start`, which every browser journey runs on too); without them, every
 * API test runs on PGlite. The whole suite twice took about 7 of the 30 minutes on 2 cores.
 */
const BACKEND_TESTS = [
  'app.test.ts', 'cache-invalidation.test.ts', 'cluster.test.ts', 'db/durability.test.ts', 'faults.test.ts',
  'lib/jobs.test.ts', 'lib/session-cache.test.ts', 'lib/session-lookups.test.ts', 'modules/auth/auth.test.ts', 'modules/physicians/physicians.test.ts',
  'modules/physicians/presence.test.ts', 'modules/scheduling/scheduling.queue.test.ts', 'online-physicians.fast-path.test.ts',
  'providers/queue/pgboss.queue.test.ts', 'realtime/gateway.test.ts', 'realtime/socket-budget.test.ts', 'startup-footprint.test.ts',
].map((file) => `apps/api/src/${file}`);
for (const file of BACKEND_TESTS) if (!existsSync(join(root, file))) throw new Error(`scripts/test.mjs: BACKEND_TESTS names ${file}, which is not there`);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgresAndRedis = (await reachable(5432)) && (await reachable(6379));
if (want('api')) {
  if (postgresAndRedis) vitest('api on PGlite (the backend tests)', ['api'], { DATABASE_URL: '', REDIS_URL: '' }, [...apiWorkers, ...BACKEND_TESTS]);
  else vitest('api on PGlite', ['api'], { DATABASE_URL: '', REDIS_URL: '' }, apiWorkers);
}
if (want('pg')) {
  if (postgresAndRedis) {
    vitest('api on PostgreSQL + Redis', ['api'], { DATABASE_URL: pgUrl, REDIS_URL: redisUrl }, apiWorkers);
  } else {
    console.log('\n=== PostgreSQL or Redis not reachable on 127.0.0.1: skipping the PostgreSQL run (the API tests ran on PGlite)');
  }
}
if (want('e2e')) {
  if (run('web build', 'npm', ['run', 'build'])) vitest('browser journeys', ['e2e']);
  else totals.failed += 1;
}
// The deployment example (deploy/local-cluster.ts): three built nodes behind nginx with coturn, on
// a database of its own, checked end to end through the load balancer.
if (want('deploy')) {
  const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`]).status === 0;
  if (!(await reachable(5432)) || !(await reachable(6379))) console.log('\n=== PostgreSQL or Redis not reachable: skipping the deployment example');
  else if (!has('nginx') || !has('turnserver')) console.log('\n=== nginx or coturn not installed (apt-get install -y nginx coturn): skipping the deployment example');
  else if (!existsSync(join(root, 'apps/web/dist/index.html'))) console.log('\n=== no web build: skipping the deployment example');
  else {
    const admin = 'postgres://postgres@127.0.0.1:5432/test';
    const db = 'puente_cluster_check';
    spawnSync('psql', [admin, '-q', '-c', `drop database if exists ${db}`, '-c', `create database ${db}`], { stdio: 'inherit' });
    const started = Date.now();
    console.log('\n=== deployment example: npm run cluster:local -- --check --nodes 3');
    const r = spawnSync('npm', ['run', 'cluster:local', '--', '--check', '--nodes', '3'], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`, REDIS_URL: 'redis://127.0.0.1:6379' } });
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    spawnSync('psql', [admin, '-q', '-c', `drop database if exists ${db}`], { stdio: 'inherit' });
    const passed = (r.stdout.match(/^ok - /gm) ?? []).length;
    totals.passed += passed;
    if (r.status !== 0) {
      totals.failed += 1;
      failures.push('deployment example');
    }
    console.log(`=== deployment example: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`}, ${passed} checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (failedTests.length) console.log(`\nfailed tests:\n  ${failedTests.join('\n  ')}`);
console.log(`\nsteps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length || totals.failed ? 1 : 0);
