import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** Mobile-first page frame: a narrow column that stays readable on desktop (`wide`: the clinician's call beside the chart). */
export function Screen({ children, testId, wide = false }: { children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <Container maxWidth={wide ? 'xl' : 'sm'} sx={{ minHeight: '100dvh', py: { xs: 3, md: 6 }, px: { xs: 2.5, sm: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
    </Container>
  );
}
