import { countryStatesSchema, type CountryStates } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const STATES_COUNTRIES = ['MX', 'US'] as const;
export type StatesCountry = (typeof STATES_COUNTRIES)[number];
export const hasStatesFile = (country: string | null | undefined): country is StatesCountry => (STATES_COUNTRIES as readonly string[]).includes(country ?? '');

/** spec 7: GET /assets/countries/{code}/states.json (static states and cities of MX and US). */
export const getCountryStates = (country: StatesCountry): Promise<CountryStates> =>
  apiRequest(`/assets/countries/${country}/states.json`, { schema: countryStatesSchema, auth: false });

export const useCountryStates = (country: string | null | undefined) =>
  useQuery({
    queryKey: ['country-states', country],
    queryFn: () => getCountryStates(country as StatesCountry),
    enabled: hasStatesFile(country),
    // A static file: kept like configuration (spec 9: configuration 5 h).
    staleTime: CACHE_MS.configuration,
    gcTime: CACHE_MS.configuration,
  });
