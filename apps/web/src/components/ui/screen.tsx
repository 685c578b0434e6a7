import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { BOTTOM_SPACE_VAR } from './bottom-space';

/** Mobile-first page frame: a narrow column that stays readable on desktop (`wide`: the clinician's call beside the chart). */
export function Screen({ children, testId, wide = false }: { children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <Container maxWidth={wide ? 'xl' : 'sm'} sx={{ minHeight: `calc(100dvh - var(${BOTTOM_SPACE_VAR}, 0px))`, py: { xs: 3, md: 6 }, px: { xs: 2.5, sm: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
    </Container>
  );
}
