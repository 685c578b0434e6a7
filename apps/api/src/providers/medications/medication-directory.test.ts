import { describe, expect, it } from 'vitest';
import { LocalMedicationDirectory } from './local.medication-directory';
import { medicationDirectoryFromEnv } from './from-env';
import { clinicalDrugsFromRxNav, medicationFromRxTerms, RxNavMedicationDirectory } from './rxnav.medication-directory';

/** Recorded shapes of RxNav answers (drugs.json and RxTerms allinfo.json), trimmed to what we read. */
const DRUGS_AMOXICILLIN = {
  drugGroup: {
    name: 'amoxicillin',
    conceptGroup: [
      { tty: 'BPCK' },
      { tty: 'SBD', conceptProperties: [{ rxcui: '239191', name: 'amoxicillin 50 MG/ML Oral Suspension [Amoxil]', synonym: 'Amoxil', tty: 'SBD', language: 'ENG', suppress: 'N', umlscui: '' }] },
      {
        tty: 'SCD',
        conceptProperties: [
          { rxcui: '308191', name: 'amoxicillin 500 MG Oral Capsule', synonym: '', tty: 'SCD', language: 'ENG', suppress: 'N', umlscui: '' },
          { rxcui: '308192', name: 'amoxicillin 875 MG Oral Tablet', synonym: '', tty: 'SCD', language: 'ENG', suppress: 'N', umlscui: '' },
        ],
      },
    ],
  },
};
const RXTERMS_308191 = {
  rxtermsProperties: {
    brandName: '',
    displayName: 'Amoxicillin (Oral Pill)',
    synonym: '',
    fullName: 'amoxicillin 500 MG Oral Capsule',
    fullGenericName: 'amoxicillin 500 MG Oral Capsule',
    strength: '500 mg',
    rxtermsDoseForm: 'Cap',
    route: 'ORAL',
    termType: 'SCD',
    rxcui: '308191',
    genericRxcui: '0',
    rxnormDoseForm: 'Oral Capsule',
    suppress: '',
  },
};
const RXTERMS_EYE_DROPS = {
  rxtermsProperties: { displayName: 'Olopatadine (Ophthalmic)', fullName: 'olopatadine 1 MG/ML Ophthalmic Solution', fullGenericName: 'olopatadine 1 MG/ML Ophthalmic Solution', strength: '0.1 %', rxtermsDoseForm: 'Drops', route: 'OPHTHALMIC', termType: 'SCD', rxcui: '403920', rxnormDoseForm: 'Ophthalmic Solution' },
};

describe('the local formulary', () => {
  const local = new LocalMedicationDirectory();
  it('ships a few hundred RxNorm entries with source and date', () => {
    expect(local.size).toBeGreaterThanOrEqual(300);
    expect(local.source).toMatch(/RxNorm/);
    expect(local.generatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('searches by prefix and substring, accents and case ignored, and finds by code', async () => {
    expect((await local.search('IBUPRO', 5))[0]!.ingredient).toBe('ibuprofen');
    expect((await local.search('metformin 500', 5)).every((m) => m.name.includes('500'))).toBe(true);
    expect(await local.search('   ', 5)).toEqual([]);
    expect(await local.get('308191')).toMatchObject({ name: 'amoxicillin 500 MG Oral Capsule', drugClass: 'penicillin' });
    expect(await local.get('308048')).toMatchObject({ ingredient: 'alprazolam', schedule: 'CIV' });
    expect(await local.get('1')).toBeUndefined();
  });
});

describe('the RxNav / RxTerms adapter (mapping only; no network in tests)', () => {
  const classify = (ingredient: string) => (ingredient.startsWith('amoxicillin') ? { drugClass: 'penicillin' as const, schedule: null } : undefined);
  it('keeps the SCD concepts of a drugs.json answer', () => {
    expect(clinicalDrugsFromRxNav(DRUGS_AMOXICILLIN)).toEqual([
      { rxcui: '308191', name: 'amoxicillin 500 MG Oral Capsule' },
      { rxcui: '308192', name: 'amoxicillin 875 MG Oral Tablet' },
    ]);
    expect(clinicalDrugsFromRxNav({ drugGroup: { name: 'zzz' } })).toEqual([]);
  });
  it('maps an RxTerms record to a directory entry (route, form, dispense unit, class)', () => {
    expect(medicationFromRxTerms(RXTERMS_308191, classify)).toEqual({
      rxcui: '308191',
      name: 'amoxicillin 500 MG Oral Capsule',
      ingredient: 'amoxicillin',
      strength: '500 mg',
      doseForm: 'Oral Capsule',
      route: 'oral',
      drugClass: 'penicillin',
      schedule: null,
      dispenseUnit: 'capsule',
    });
    expect(medicationFromRxTerms(RXTERMS_EYE_DROPS, classify)).toMatchObject({ route: 'ophthalmic', drugClass: 'other', dispenseUnit: 'drop', ingredient: 'olopatadine' });
    expect(medicationFromRxTerms({ rxtermsProperties: null }, classify)).toBeUndefined();
  });
  it('searches through an injected fetch', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      const body = url.includes('/drugs.json') ? DRUGS_AMOXICILLIN : url.includes('308191') ? RXTERMS_308191 : { rxtermsProperties: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const rxnav = new RxNavMedicationDirectory({ fetch: fakeFetch, classify, baseUrl: 'https://rxnav.test/REST' });
    expect((await rxnav.search('amoxicillin', 5)).map((m) => m.rxcui)).toEqual(['308191']);
    expect(calls[0]).toBe('https://rxnav.test/REST/drugs.json?name=amoxicillin');
    expect(await rxnav.get('not-a-code')).toBeUndefined();
  });
});

describe('the directory from the environment', () => {
  it('is the local formulary by default and RxNav on request, classified by the formulary', async () => {
    expect(medicationDirectoryFromEnv({}).name).toBe('local-formulary');
    const rxnav = medicationDirectoryFromEnv({ MEDICATION_DIRECTORY: 'rxnav', RXNAV_URL: 'https://rxnav.test/REST/' });
    expect(rxnav).toBeInstanceOf(RxNavMedicationDirectory);
    expect(() => medicationDirectoryFromEnv({ MEDICATION_DIRECTORY: 'other' })).toThrow(/MEDICATION_DIRECTORY/);
    const local = new LocalMedicationDirectory();
    expect(local.classify('Amoxicillin')).toEqual({ drugClass: 'penicillin', schedule: null });
    expect(local.classify('alprazolam')).toEqual({ drugClass: expect.any(String), schedule: 'CIV' });
    expect(local.classify('unobtainium')).toBeUndefined();
  });
});
