import { useTranslation } from 'react-i18next';

/**
 * Physician titles and specialties are stored as the staff typed them (the seed and older data are
 * Spanish: "Dra. María", "Medicina general"). The reader sees them in her language: a known title
 * or specialty, written as its key or in either language, is translated by key; anything unknown
 * (a rare subspecialty typed by an admin) is shown as written.
 */
const TITLE_KEYS: Record<string, string> = {
  'dr.': 'physician_title_dr',
  'dra.': 'physician_title_dra',
  'psic.': 'physician_title_psic',
  'psych.': 'physician_title_psic',
};

const SPECIALTY_ALIASES: Record<string, readonly string[]> = {
  general_medicine: ['medicina general', 'general medicine', 'general practice'],
  family_medicine: ['medicina familiar', 'family medicine'],
  clinical_nutrition: ['nutrición clínica', 'nutricion clinica', 'clinical nutrition'],
  clinical_psychology: ['psicología clínica', 'psicologia clinica', 'clinical psychology'],
  chronic_conditions: ['enfermedades crónicas', 'enfermedades cronicas', 'chronic conditions'],
  cognitive_behavioural_therapy: ['terapia cognitivo-conductual', 'cognitive behavioural therapy', 'cognitive behavioral therapy'],
};
const SPECIALTY_KEY_BY_TEXT = new Map<string, string>(
  Object.entries(SPECIALTY_ALIASES).flatMap(([key, names]) => [[key, key] as const, ...names.map((n) => [n, key] as const)]),
);

/** The message key of a specialty (by key or by its name in es or en), if it is a known one. */
export const specialtyKey = (text: string): string | undefined => {
  const key = SPECIALTY_KEY_BY_TEXT.get(text.trim().toLowerCase());
  return key ? `specialty_${key}` : undefined;
};

/** "Dra. María" -> { titleKey: 'physician_title_dra', name: 'María' }; no known title -> the name as is. */
export const splitTitle = (nickName: string): { titleKey?: string; name: string } => {
  const match = /^(\S+\.)\s+(.+)$/.exec(nickName.trim());
  const titleKey = match ? TITLE_KEYS[match[1]!.toLowerCase()] : undefined;
  return titleKey ? { titleKey, name: match![2]! } : { name: nickName.trim() };
};

export interface PhysicianNameParts {
  firstName: string;
  lastName: string;
  nickName?: string | null;
}

/** The reader's-language labels of a physician: display name (with a translated title) and specialties. */
export const usePhysicianLabels = () => {
  const { t } = useTranslation();
  const name = (p: PhysicianNameParts): string => {
    const nick = p.nickName?.trim();
    if (!nick) return `${p.firstName} ${p.lastName}`.trim();
    const { titleKey, name: rest } = splitTitle(nick);
    return titleKey ? t('physician_display_name', { title: t(titleKey), name: rest }) : rest;
  };
  const specialty = (text: string): string => {
    const key = specialtyKey(text);
    return key ? t(key) : text;
  };
  return { name, specialty };
};
