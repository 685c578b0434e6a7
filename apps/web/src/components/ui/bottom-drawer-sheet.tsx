import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface BottomDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}

/**
 * The sheet of ./bottom-drawer.tsx (loaded when one first opens). It is a dialog (MUI gives its
 * sheet role="dialog"), named by its title so a screen reader says what opened.
 */
export function BottomDrawerSheet({ open, onClose, title, children, testId }: BottomDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxWidth: 744, mx: 'auto' } } }}
    >
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={testId}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
        <Button onClick={onClose}>{t('close')}</Button>
      </Box>
    </Drawer>
  );
}
