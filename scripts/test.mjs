#!/usr/bin/env node
// `npm test`: every test. Typecheck, lint, unit and API integration tests on PGlite, the API
// integration tests again on PostgreSQL and Redis when they are reachable, then the web build
// and the browser journeys. Ends with one summary line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), 'puente-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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
  } else if (!ok) totals.failed += 1;
}

const reachable = (port) =>
  new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
    s.setTimeout(1500, () => { s.destroy(); resolve(false); });
  });

const only = process.argv[2]; // optional: unit | api | pg | e2e | deploy
const want = (step) => !only || only === step;

if (!only) {
  run('typecheck', 'npx', ['tsc', '-b', 'packages/domain', 'packages/contracts', 'apps/api', 'apps/web', 'e2e', 'bench', 'deploy']);
  run('lint', 'npx', ['eslint', '.']);
}
if (want('unit')) vitest('unit', ['domain', 'contracts', 'web']);
// The API tests wait on their servers and databases much of the time: two files at once even on
// 2 cores (vitest's default there is one), which took the PGlite run from 246 to 178 s and the
// PostgreSQL one from 246 to 151 s. Each test server has its own database and Redis prefix.
const apiWorkers = [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`];
if (want('api')) vitest('api on PGlite', ['api'], { DATABASE_URL: '', REDIS_URL: '' }, apiWorkers);
if (want('pg')) {
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if ((await reachable(5432)) && (await reachable(6379))) {
    vitest('api on PostgreSQL + Redis', ['api'], { DATABASE_URL: pgUrl, REDIS_URL: redisUrl }, apiWorkers);
  } else {
    console.log('\n=== PostgreSQL or Redis not reachable on 127.0.0.1: skipping the PostgreSQL run');
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

console.log(`\nsteps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length || totals.failed ? 1 : 0);
