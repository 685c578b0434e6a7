import { buildPath } from '@puente/domain';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

/** spec 2: five limited-services points, the fifth shown as negative. */
const POINTS = [1, 2, 3, 4, 5] as const;

/** /limited-services-screen-shown: what a member outside the full-care area can do. */
export function LimitedServicesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="limited-services-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mt: 2 }}>
        {t('limited_services_title')}
      </Typography>
      <Typography color="text.secondary">{t('limited_services_subtitle')}</Typography>
      <List>
        {POINTS.map((n) => (
          <ListItem key={n} data-testid={`limited-services-point-${n}`} data-negative={n === 5}>
            <ListItemIcon>{n === 5 ? <CancelOutlined color="error" /> : <CheckCircleOutlineOutlined color="success" />}</ListItemIcon>
            <ListItemText primary={t(`limited_services_point_${n}`)} />
          </ListItem>
        ))}
      </List>
      <Button size="large" variant="contained" onClick={() => void navigate(buildPath('home'))} data-testid="limited-services-continue">
        {t('limited_services_continue')}
      </Button>
    </Screen>
  );
}
