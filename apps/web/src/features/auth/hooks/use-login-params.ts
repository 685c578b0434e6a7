import { phoneQueryParamSchema, splitFullPhoneNumber, type SupportedPhoneCode } from '@puente/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguage } from '@/lib/i18n';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage, type StorageKey } from '@/lib/storage';

/** spec 000 §2 /login query parameters: phonenumber, invitationToken, orgId, empCode, lang, downloadPage. */
export interface LoginParams {
  invitationToken?: string;
  orgId?: string;
  empCode?: string;
  downloadPage?: string;
}

const PARAM_KEYS: Record<keyof LoginParams, StorageKey> = {
  invitationToken: STORAGE_KEYS.invitationToken,
  orgId: STORAGE_KEYS.b2bOrgId,
  empCode: STORAGE_KEYS.b2bEmpCode,
  downloadPage: STORAGE_KEYS.b2bDownloadPage,
};
const PARAM_NAMES = Object.keys(PARAM_KEYS) as (keyof LoginParams)[];

export const readStoredLoginParams = (): LoginParams =>
  Object.fromEntries(PARAM_NAMES.flatMap((name) => {
    const value = readStorage(PARAM_KEYS[name]);
    return value ? [[name, value]] : [];
  })) as LoginParams;

/** spec 4: a successful identity verify clears the B2B registration data; so does phone login. */
export const clearStoredLoginParams = (): void => {
  PARAM_NAMES.forEach((name) => removeStorage(PARAM_KEYS[name]));
  removeStorage(STORAGE_KEYS.b2bLang);
};

export interface LoginQuery {
  params: LoginParams;
  /** The prefilled phone, only when the phonenumber parameter matches spec 5's pattern. */
  prefill?: { countryCode: SupportedPhoneCode; digits: string };
}

/** Reads the query parameters, keeps them for the verify step, and applies `lang`. */
export const useLoginParams = (): LoginQuery => {
  const [searchParams] = useSearchParams();
  const { i18n } = useTranslation();

  const query = useMemo<LoginQuery>(() => {
    const stored = readStoredLoginParams();
    const params: LoginParams = { ...stored };
    PARAM_NAMES.forEach((name) => {
      const value = searchParams.get(name);
      if (value) params[name] = value;
    });
    // An unencoded '+' in a query string arrives as a space; accept both.
    const rawPhone = searchParams.get('phonenumber')?.replace(/^ /, '+');
    const phone = phoneQueryParamSchema.safeParse(rawPhone);
    const prefill = phone.success ? splitFullPhoneNumber(phone.data) : undefined;
    return { params, prefill };
  }, [searchParams]);

  const lang = searchParams.get('lang');
  useEffect(() => {
    PARAM_NAMES.forEach((name) => {
      const value = query.params[name];
      if (value) writeStorage(PARAM_KEYS[name], value);
    });
    if (isLanguage(lang)) {
      writeStorage(STORAGE_KEYS.b2bLang, lang);
      if (i18n.language !== lang) void i18n.changeLanguage(lang);
    }
  }, [query.params, lang, i18n]);

  return query;
};
