import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';

const pulse = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } });

/**
 * Where content is still coming: a shape of its size that pulses (as MUI's Skeleton draws it, which
 * home used for its greeting and tiles; without Skeleton's code in /inicio's first load, issue 10).
 * Hidden from assistive technology; still for a person who asks for reduced motion.
 */
export function Placeholder({ height, width = '100%', testId }: { height: number; width?: number | string; testId?: string }) {
  return (
    <Box
      aria-hidden
      data-testid={testId}
      sx={{
        height,
        width,
        borderRadius: 1,
        bgcolor: 'action.selected',
        animation: `${pulse} 2s ease-in-out 0.5s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
