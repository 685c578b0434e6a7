import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** An admin section's heading, its subtitle, and its "new" button (organizations, staff). */
export function AdminSectionHeader({ title, subtitle, action }: { title: string; subtitle: string; action: { label: string; onClick: () => void; testId: string } }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      <Button variant="contained" startIcon={<Add />} onClick={action.onClick} data-testid={action.testId}>
        {action.label}
      </Button>
    </Box>
  );
}
