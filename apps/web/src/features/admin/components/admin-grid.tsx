import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

/** The console's tables: @mui/x-data-grid (MIT) in the reader's language; loaded with the admin chunks only. */
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
      localeText={locale.components.MuiDataGrid.defaultProps.localeText}
      sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { alignItems: 'center', display: 'flex' } }}
      {...rest}
    />
  );
}
