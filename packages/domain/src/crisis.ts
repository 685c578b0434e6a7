/**
 * The crisis path of a mental-health consultation (issue 11): who to call, by the country the
 * member is in now (the location she confirmed for this consultation, else her profile's). The
 * spec says the emergency message is to call 911 (spec 9); 988 is the US Suicide & Crisis
 * Lifeline (call or text). A country we do not know gets the emergency number the spec names.
 */
import { EMERGENCY_NUMBER } from './constants';

export interface CrisisLine {
  id: 'us-988' | 'emergency-911';
  /** What is dialled (tel:) and, for 988, texted (sms:). */
  number: string;
  sms: boolean;
}

const LINE_988: CrisisLine = { id: 'us-988', number: '988', sms: true };
const LINE_911: CrisisLine = { id: 'emergency-911', number: EMERGENCY_NUMBER, sms: false };

export const crisisLines = (country: string | null | undefined): CrisisLine[] => {
  switch ((country ?? '').toUpperCase()) {
    case 'US':
      return [LINE_988, LINE_911];
    case 'MX':
      return [LINE_911];
    default:
      return [LINE_911];
  }
};

/** The crisis path shows for mental-health consultations (practice 'mentalhealth'). */
export const showsCrisisPath = (practice: string | null | undefined): boolean => practice === 'mentalhealth';
