import { countryStatesSchema, type CountryStates } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';

export type CountryState = CountryStates['states'][number];

/**
 * GET /assets/countries/{code}/states.json (spec 7): static states with their main cities. Null when
 * the file is not there or not readable: the form then takes free entries.
 */
export const getStates = async (countryCode: string): Promise<CountryState[] | null> => {
  try {
    const response = await fetch(`/assets/countries/${encodeURIComponent(countryCode)}/states.json`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const parsed = countryStatesSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.states : null;
  } catch {
    return null;
  }
};

export const useStates = (countryCode: string) =>
  useQuery({ queryKey: ['country-states', countryCode], queryFn: () => getStates(countryCode), staleTime: Infinity, gcTime: Infinity });
