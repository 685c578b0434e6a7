import { countryStatesSchema, type CountryStates } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type CountryState = CountryStates['states'][number];

/** The countries with a static states file (spec 7). */
export const STATES_COUNTRIES = ['MX', 'US'] as const;
export type StatesCountry = (typeof STATES_COUNTRIES)[number];
export const hasStatesFile = (country: string | null | undefined): country is StatesCountry => (STATES_COUNTRIES as readonly string[]).includes(country ?? '');

/**
 * spec 7: GET /assets/countries/{code}/states.json, the static states of MX and US with their main
 * cities. Null when the file is not there or not readable: forms then take free entries. The one
 * query for it, so onboarding and the consultation share one cached shape.
 */
export const getCountryStates = async (country: string): Promise<CountryState[] | null> => {
  if (!hasStatesFile(country)) return null;
  try {
    const response = await fetch(`/assets/countries/${country}/states.json`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const parsed = countryStatesSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.states : null;
  } catch {
    return null;
  }
};

export const countryStatesQuery = (country: string | null | undefined) =>
  queryOptions({
    queryKey: ['country-states', country ?? null] as const,
    queryFn: () => getCountryStates(country ?? ''),
    enabled: hasStatesFile(country),
    // A static file: kept like configuration (spec 9: configuration 5 h).
    staleTime: CACHE_MS.configuration,
    gcTime: CACHE_MS.configuration,
  });

export const useCountryStates = (country: string | null | undefined) => useQuery(countryStatesQuery(country));
