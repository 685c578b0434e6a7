import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ROUTES } from '@/lib/routes';
import { Screen } from './screen';

/** A route from the spec whose screen is not built yet: says so, and names the route. */
export function PlaceholderScreen({ route }: { route: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Screen>
      <Paper data-testid="placeholder-route" data-route={route} sx={{ p: 4, textAlign: 'center', mt: 4 }} elevation={0}>
        <ConstructionOutlined color="secondary" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 700 }}>
          {t('placeholder_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('placeholder_description')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 2, fontFamily: 'monospace' }}>
          {t('placeholder_route', { path: route })}
        </Typography>
        {pathname !== route ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {pathname}
          </Typography>
        ) : null}
        <Button component={RouterLink} to={ROUTES.root} variant="outlined" sx={{ mt: 3 }}>
          {t('placeholder_go_home')}
        </Button>
      </Paper>
    </Screen>
  );
}
