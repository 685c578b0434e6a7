import { phoneQueryParamSchema, splitFullPhoneNumber, type SupportedPhoneCode } from '@puente/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguage } from '@/lib/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** spec 000 §2 /login query parameters: phonenumber, invitationToken, orgId, empCode, lang, downloadPage. */
export interface LoginParams {
  invitationToken?: string;
  orgId?: string;
  empCode?: string;
  downloadPage?: string;
}

export const readStoredLoginParams = (): LoginParams => {
  const raw = readStorage(STORAGE_KEYS.loginParams);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const record = parsed as Record<string, unknown>;
    const pick = (key: keyof LoginParams) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
    return { invitationToken: pick('invitationToken'), orgId: pick('orgId'), empCode: pick('empCode'), downloadPage: pick('downloadPage') };
  } catch {
    return {};
  }
};

export interface LoginQuery {
  params: LoginParams;
  /** The prefilled phone, only when the phonenumber parameter matches spec 5's pattern. */
  prefill?: { countryCode: SupportedPhoneCode; digits: string };
}

/** Reads the query parameters once, keeps them for the verify step and applies `lang`. */
export const useLoginParams = (): LoginQuery => {
  const [searchParams] = useSearchParams();
  const { i18n } = useTranslation();

  const query = useMemo<LoginQuery>(() => {
    const stored = readStoredLoginParams();
    const get = (key: string) => searchParams.get(key) ?? undefined;
    const params: LoginParams = {
      invitationToken: get('invitationToken') ?? stored.invitationToken,
      orgId: get('orgId') ?? stored.orgId,
      empCode: get('empCode') ?? stored.empCode,
      downloadPage: get('downloadPage') ?? stored.downloadPage,
    };
    // A '+' in a query string arrives as a space unless encoded; accept both.
    const rawPhone = searchParams.get('phonenumber')?.replace(/^ /, '+');
    const phone = phoneQueryParamSchema.safeParse(rawPhone);
    const prefill = phone.success ? splitFullPhoneNumber(phone.data) : undefined;
    return { params, prefill };
  }, [searchParams]);

  const lang = searchParams.get('lang');
  useEffect(() => {
    writeStorage(STORAGE_KEYS.loginParams, JSON.stringify(query.params));
    if (isLanguage(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [query.params, lang, i18n]);

  return query;
};
