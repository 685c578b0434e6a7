import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { ROUTES } from '@/lib/routes';
import { track } from '@/lib/track';

export type LegalKind = 'privacy' | 'practices';

/** The date the texts below were last revised (change it with them). */
export const LEGAL_UPDATED_ON = new Date(Date.UTC(2026, 10, 23));

// Each section is a title key and a body key (in locales/<lang>/legal.json): "- " lines are a list.
const SECTIONS: Record<LegalKind, { title: string; body: string }[]> = {
  privacy: [
    { title: 'legal_privacy_collect_title', body: 'legal_privacy_collect_body' },
    { title: 'legal_privacy_why_title', body: 'legal_privacy_why_body' },
    { title: 'legal_privacy_share_title', body: 'legal_privacy_share_body' },
    { title: 'legal_privacy_retention_title', body: 'legal_privacy_retention_body' },
    { title: 'legal_privacy_rights_title', body: 'legal_privacy_rights_body' },
    { title: 'legal_privacy_changes_title', body: 'legal_privacy_changes_body' },
    { title: 'legal_contact_title', body: 'legal_privacy_contact_body' },
  ],
  practices: [
    { title: 'legal_practices_uses_title', body: 'legal_practices_uses_body' },
    { title: 'legal_practices_rights_title', body: 'legal_practices_rights_body' },
    { title: 'legal_practices_duties_title', body: 'legal_practices_duties_body' },
    { title: 'legal_contact_title', body: 'legal_practices_contact_body' },
  ],
};

/** Paragraphs, and runs of "- " lines as a list. */
function LegalBody({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length === 0) return;
    blocks.push(
      <Box component="ul" key={`ul-${blocks.length}`} sx={{ pl: 3, my: 0 }}>
        {items.map((item) => (
          <Typography component="li" key={item} sx={{ mb: 0.75 }}>
            {item}
          </Typography>
        ))}
      </Box>,
    );
    items = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (line.trim()) blocks.push(<Typography key={`p-${blocks.length}`}>{line}</Typography>);
  }
  flush();
  return <>{blocks}</>;
}

/** The privacy notice (Mexico, ARCO) and the notice of privacy practices (US, HIPAA), spec 000 §2. */
export function LegalScreen({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation();
  const path = kind === 'privacy' ? ROUTES.privacyNotice : ROUTES.privacyPractices;
  useEffect(() => {
    void track('legal_page_viewed', { route: path });
  }, [path]);
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(LEGAL_UPDATED_ON);
  return (
    <Screen testId={`legal-${kind}`}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t(`legal_${kind}_title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('legal_updated', { date: updated })}
      </Typography>
      <Typography>{t(`legal_${kind}_intro`)}</Typography>
      {SECTIONS[kind].map((section) => (
        <Box component="section" key={section.body} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t(section.title)}
          </Typography>
          <LegalBody text={t(section.body)} />
        </Box>
      ))}
      <Link component={RouterLink} to={kind === 'privacy' ? ROUTES.privacyPractices : ROUTES.privacyNotice} data-testid="legal-other-notice">
        {t(kind === 'privacy' ? 'legal_see_practices' : 'legal_see_privacy')}
      </Link>
      <Button variant="outlined" component={RouterLink} to={ROUTES.root}>
        {t('legal_back')}
      </Button>
    </Screen>
  );
}
