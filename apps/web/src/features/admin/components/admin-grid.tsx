import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

/**
 * The console's tables: @mui/x-data-grid (MIT) in the reader's language; loaded with the admin chunks
 * only. A long value (an email, an employer code) and a long heading ("Código de empresa") wrap onto
 * another line, the row growing to fit: the grid cut them off with an ellipsis.
 */
export function AdminGrid<R extends GridValidRowModel>(props: DataGridProps<R> & { label: string }) {
  const { i18n } = useTranslation();
  const { label, ...rest } = props;
  const locale = i18n.language.startsWith('en') ? enUS : esES;
  return (
    <DataGrid
      aria-label={label}
      density="compact"
      disableRowSelectionOnClick
      disableColumnMenu
      autoHeight
      getRowHeight={() => 'auto'}
      localeText={locale.components.MuiDataGrid.defaultProps.localeText}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': { alignItems: 'center', display: 'flex', py: 0.75, whiteSpace: 'normal', overflowWrap: 'anywhere' },
        '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
        // A button's label stays on one line ('Restablecer autenticador' broke in two).
        '& .MuiDataGrid-cell .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
      }}
      {...rest}
    />
  );
}
