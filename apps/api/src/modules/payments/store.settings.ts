/** The environment variables of native store purchases (issue 14 step 6). The README lists them. */
export const STORE_VARIABLES = [
  { name: 'APP_STORE_VERIFIER', default: 'local', description: 'local (offline: Apple\'s SignedDataVerifier trusting a locally made root CA kept in DATA_DIR/app-store-test-chain.json; refused in production) or apple (SignedDataVerifier with Apple\'s roots).' },
  { name: 'APPLE_BUNDLE_ID', default: 'app.puente', description: 'The iOS app\'s bundle id; transactions and notifications of any other app are refused.' },
  { name: 'APPLE_ENVIRONMENT', default: 'Production', description: 'Production or Sandbox (APP_STORE_VERIFIER=apple). Sandbox and Xcode purchases are refused in production whatever this says.' },
  { name: 'APPLE_APP_APPLE_ID', default: '(unset)', description: 'The app\'s numeric Apple id; required with APPLE_ENVIRONMENT=Production.' },
  { name: 'APPLE_ROOT_CERTIFICATES', default: '(unset)', description: 'Comma-separated paths to Apple\'s DER root certificates (AppleRootCA-G3.cer...); required with APP_STORE_VERIFIER=apple.' },
  { name: 'GOOGLE_PLAY_VERIFIER', default: 'local', description: 'local (offline test purchase tokens; refused in production) or google (Play Developer API).' },
  { name: 'GOOGLE_PLAY_PACKAGE_NAME', default: 'app.puente', description: 'The Android package name; notifications for any other package are refused.' },
  { name: 'GOOGLE_PLAY_SERVICE_ACCOUNT_FILE', default: '(unset)', description: 'Path to the service account JSON key with access to the Play Developer API (GOOGLE_PLAY_VERIFIER=google).' },
  { name: 'GOOGLE_PLAY_PUSH_AUDIENCE', default: '(unset)', description: 'Audience of the Pub/Sub push subscription\'s OIDC token (GOOGLE_PLAY_VERIFIER=google); POST /api/payments/notifications/playstore.' },
  { name: 'GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT', default: '(unset)', description: 'Service account email the push subscription signs its token as (optional; checked when set).' },
  { name: 'STORE_LOCAL_SECRET', default: 'puente-local-store-secret', description: 'Signing secret of the local Google Play verifier\'s test tokens and pushes (development and tests only).' },
] as const;

export interface StoreSettings {
  apple: { verifier: 'local' } | { verifier: 'apple'; environment: 'Production' | 'Sandbox'; appAppleId: number | undefined; rootCertificatePaths: string[] };
  play: { verifier: 'local' } | { verifier: 'google'; serviceAccountFile: string; pushAudience: string; pushServiceAccount: string | undefined };
  bundleId: string;
  packageName: string;
  localSecret: string;
}

export function loadStoreSettings(env: Record<string, string | undefined>): StoreSettings {
  const v = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const appleVerifier = v('APP_STORE_VERIFIER') ?? 'local';
  const playVerifier = v('GOOGLE_PLAY_VERIFIER') ?? 'local';
  let apple: StoreSettings['apple'] = { verifier: 'local' };
  let play: StoreSettings['play'] = { verifier: 'local' };
  if (appleVerifier === 'apple') {
    const environment = v('APPLE_ENVIRONMENT') ?? 'Production';
    const appAppleId = v('APPLE_APP_APPLE_ID');
    const roots = (v('APPLE_ROOT_CERTIFICATES') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (environment !== 'Production' && environment !== 'Sandbox') problems.push('APPLE_ENVIRONMENT: Production or Sandbox');
    if (appAppleId !== undefined && !/^\d{1,15}$/.test(appAppleId)) problems.push('APPLE_APP_APPLE_ID: a number');
    if (environment === 'Production' && appAppleId === undefined) problems.push('APPLE_APP_APPLE_ID: required with APPLE_ENVIRONMENT=Production');
    if (roots.length === 0) problems.push('APPLE_ROOT_CERTIFICATES: required with APP_STORE_VERIFIER=apple');
    apple = { verifier: 'apple', environment: environment as 'Production' | 'Sandbox', appAppleId: appAppleId ? Number(appAppleId) : undefined, rootCertificatePaths: roots };
  } else if (appleVerifier !== 'local') problems.push('APP_STORE_VERIFIER: local or apple');
  if (playVerifier === 'google') {
    const serviceAccountFile = v('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE');
    const pushAudience = v('GOOGLE_PLAY_PUSH_AUDIENCE');
    if (!serviceAccountFile) problems.push('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: required with GOOGLE_PLAY_VERIFIER=google');
    if (!pushAudience) problems.push('GOOGLE_PLAY_PUSH_AUDIENCE: required with GOOGLE_PLAY_VERIFIER=google');
    play = { verifier: 'google', serviceAccountFile: serviceAccountFile ?? '', pushAudience: pushAudience ?? '', pushServiceAccount: v('GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT') };
  } else if (playVerifier !== 'local') problems.push('GOOGLE_PLAY_VERIFIER: local or google');
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return { apple, play, bundleId: v('APPLE_BUNDLE_ID') ?? 'app.puente', packageName: v('GOOGLE_PLAY_PACKAGE_NAME') ?? 'app.puente', localSecret: v('STORE_LOCAL_SECRET') ?? 'puente-local-store-secret' };
}
