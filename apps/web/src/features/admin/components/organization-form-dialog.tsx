import { organizationInputSchema, type AdminOrganizationDto, type OrganizationInput } from '@puente/contracts';
import { ORGANIZATION_FLAGS, PARTNER_PRODUCT_LIMITS, partnerPalette, type OrganizationFlag } from '@puente/domain';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useOrganizationsPage, useTopicTemplates } from '../api/get-organizations';
import { useSaveOrganization } from '../api/save-organization';

/** The form's values: every text a string (the schema turns '' into null). */
interface FormValues {
  name: string;
  code: string;
  type: string;
  enabled: boolean;
  parentOrganizationId: string;
  homePageUrl: string;
  settings: OrganizationFlag[];
  sites: { id?: string; name: string }[];
  hasPartner: boolean;
  partner: { partnerId: string; partnerName: string; colors: { primary: string; secondary: string; background: string } };
  topicsTemplateId: string;
  dependantOrganizations: string[];
  products: { id: string; title: string }[];
}

const blank: FormValues = {
  name: '',
  code: '',
  type: '',
  enabled: true,
  parentOrganizationId: '',
  homePageUrl: '',
  settings: [],
  sites: [],
  hasPartner: false,
  partner: { partnerId: '', partnerName: '', colors: { primary: '#1565c0', secondary: '#6a1b9a', background: '' } },
  topicsTemplateId: '',
  dependantOrganizations: [],
  products: [],
};

const fromOrganization = (o: AdminOrganizationDto): FormValues => ({
  name: o.name,
  code: o.code ?? '',
  type: o.type ?? '',
  enabled: o.enabled,
  parentOrganizationId: o.parentOrganizationId ?? '',
  homePageUrl: o.homePageUrl ?? '',
  settings: [...o.settings],
  sites: o.sites.map((s) => ({ id: s.id, name: s.name })),
  hasPartner: o.partner !== null,
  partner: o.partner ? { partnerId: o.partner.partnerId, partnerName: o.partner.partnerName, colors: { ...o.partner.colors, background: o.partner.colors.background ?? '' } } : blank.partner,
  topicsTemplateId: o.topicsTemplateId ?? '',
  dependantOrganizations: [...o.dependantOrganizations],
  products: o.products.map((p) => ({ id: p.id, title: p.title })),
});

/** What the API receives: the shared schema's input (its rules run here and on the server). */
const toInput = (v: FormValues): OrganizationInput => ({
  name: v.name,
  code: v.code,
  type: v.type,
  enabled: v.enabled,
  parentOrganizationId: v.parentOrganizationId || null,
  homePageUrl: v.homePageUrl,
  settings: v.settings,
  sites: v.sites.map((s) => (s.id ? { id: s.id, name: s.name } : { name: s.name })),
  partner: v.hasPartner ? { ...v.partner, colors: { primary: v.partner.colors.primary, secondary: v.partner.colors.secondary, ...(v.partner.colors.background ? { background: v.partner.colors.background } : {}) } } : null,
  topicsTemplateId: v.topicsTemplateId || null,
  dependantOrganizations: v.dependantOrganizations,
  products: v.products,
});

/** The shared schema checks the form as the API will receive it; each issue lands on its field. */
const resolver: Resolver<FormValues> = (values) => {
  const result = organizationInputSchema.safeParse(toInput(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    let node = errors;
    path.slice(0, -1).forEach((key) => {
      node = (node[key] ??= {}) as Record<string, unknown>;
    });
    node[path[path.length - 1] ?? 'root'] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<FormValues> };
};

/** A colour field: the hex text and a swatch of it (the app keeps the partner's colours at AA contrast). */
function ColorField({ label, testId, value, onChange, error }: { label: string; testId: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{
        htmlInput: { 'data-testid': testId, maxLength: 7 },
        input: { startAdornment: <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: 0.5, mr: 1, border: 1, borderColor: 'divider', bgcolor: /^#?[0-9a-f]{6}$/i.test(value) ? (value.startsWith('#') ? value : `#${value}`) : 'transparent', flexShrink: 0 }} /> },
      }}
    />
  );
}

/** Create an organization, or edit one: code, type, parent, flags, sites, partner theme, home page, topics template, dependant organizations. */
export function OrganizationFormDialog({ open, editing, onClose }: { open: boolean; editing: AdminOrganizationDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOrganization();
  const others = useOrganizationsPage({ page: 0, pageSize: 100 });
  const templates = useTopicTemplates(open);
  const form = useForm<FormValues>({ resolver, values: editing ? fromOrganization(editing) : blank });
  const sites = useFieldArray({ control: form.control, name: 'sites' });
  const products = useFieldArray({ control: form.control, name: 'products' });
  const offersProducts = useWatch({ control: form.control, name: 'settings' }).includes('OFFERS_PRODUCTS');
  const hasPartner = useWatch({ control: form.control, name: 'hasPartner' });
  const colors = useWatch({ control: form.control, name: 'partner.colors' });
  const options = (others.data?.items ?? []).filter((o) => o.id !== editing?.id);
  const err = (name: string) => {
    const message = form.getFieldState(name as FieldPath<FormValues>, form.formState).error?.message;
    return { error: !!message, helperText: message ? t(message) : undefined };
  };
  let preview: ReturnType<typeof partnerPalette> | null = null;
  try {
    preview = hasPartner ? partnerPalette({ primary: colors.primary, secondary: colors.secondary, ...(colors.background ? { background: colors.background } : {}) }) : null;
  } catch {
    preview = null;
  }

  const handleSubmit = form.handleSubmit(async () => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input: toInput(form.getValues()) });
      showToast({ variant: 'success', message: editing ? 'admin_org_saved' : 'admin_org_created' });
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) form.setError((key === 'sites' ? 'sites.root' : key) as FieldPath<FormValues>, { message });
      } else showToast({ variant: 'error', message: 'admin_org_error' });
    }
  });

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="admin-org-form-title">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="admin-org-form">
        <DialogTitle id="admin-org-form-title">{t(editing ? 'admin_org_edit_title' : 'admin_org_new_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <TextField label={t('admin_org_name')} required {...form.register('name')} {...err('name')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-name', maxLength: 120 } }} />
            <TextField label={t('admin_org_code')} {...form.register('code')} {...err('code')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-code', maxLength: 40 } }} />
            <TextField label={t('admin_org_type')} {...form.register('type')} {...err('type')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-type', maxLength: 60 } }} />
          </Box>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => <FormControlLabel label={t('admin_org_enabled')} control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={form.control}
              name="parentOrganizationId"
              render={({ field }) => (
                <TextField select label={t('admin_org_parent')} {...field} {...err('parentOrganizationId')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                  <MenuItem value="">{t('admin_org_none')}</MenuItem>
                  {options.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="topicsTemplateId"
              render={({ field }) => (
                <TextField select label={t('admin_org_topics_template')} {...field} {...err('topicsTemplateId')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                  <MenuItem value="">{t('admin_org_topics_default')}</MenuItem>
                  {(templates.data?.items ?? []).map((tpl) => (
                    <MenuItem key={tpl.id} value={tpl.id}>
                      {tpl.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <TextField label={t('admin_org_home_page')} placeholder="https://" {...form.register('homePageUrl')} {...err('homePageUrl')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-home-page', maxLength: 500 } }} />
          <Controller
            control={form.control}
            name="settings"
            render={({ field }) => (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend">{t('admin_org_settings')}</FormLabel>
                <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {ORGANIZATION_FLAGS.map((flag) => (
                    <FormControlLabel
                      key={flag}
                      label={t(`admin_org_flag_${flag}`)}
                      control={
                        <Checkbox
                          checked={field.value.includes(flag)}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, flag] : field.value.filter((f) => f !== flag))}
                          slotProps={{ input: { 'data-testid': `admin-org-flag-${flag}` } as object }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </Box>
            )}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            <FormLabel component="legend" sx={{ mb: 1.5 }}>
              {t('admin_org_sites')}
            </FormLabel>
            {sites.fields.map((f, i) => (
              <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField label={t('admin_org_site_name')} sx={{ flex: 1 }} {...form.register(`sites.${i}.name`)} {...err(`sites.${i}.name`)} slotProps={{ htmlInput: { 'data-testid': `admin-org-site-${i}`, maxLength: 120 } }} />
                <IconButton aria-label={t('admin_org_site_remove')} onClick={() => sites.remove(i)} sx={{ mt: 1 }}>
                  <Delete />
                </IconButton>
              </Box>
            ))}
            {form.formState.errors.sites?.root?.message ? <FormHelperText error>{t(form.formState.errors.sites.root.message)}</FormHelperText> : null}
            <Button startIcon={<Add />} onClick={() => sites.append({ name: '' })} sx={{ alignSelf: 'flex-start' }} data-testid="admin-org-site-add">
              {t('admin_org_site_add')}
            </Button>
          </Box>
          {offersProducts ? (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="admin-org-products">
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                {t('admin_org_products')}
              </FormLabel>
              <FormHelperText sx={{ mt: 0, mb: 1 }}>{t('admin_org_products_hint')}</FormHelperText>
              {products.fields.map((f, i) => (
                <Box key={f.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' }, alignItems: 'flex-start' }}>
                  <TextField label={t('admin_org_product_id')} {...form.register(`products.${i}.id`)} {...err(`products.${i}.id`)} slotProps={{ htmlInput: { 'data-testid': `admin-org-product-id-${i}`, maxLength: PARTNER_PRODUCT_LIMITS.idMax } }} />
                  <TextField label={t('admin_org_product_title')} {...form.register(`products.${i}.title`)} {...err(`products.${i}.title`)} slotProps={{ htmlInput: { 'data-testid': `admin-org-product-title-${i}`, maxLength: PARTNER_PRODUCT_LIMITS.titleMax } }} />
                  <IconButton aria-label={t('admin_org_product_remove')} onClick={() => products.remove(i)} sx={{ mt: 1 }}>
                    <Delete />
                  </IconButton>
                </Box>
              ))}
              {products.fields.length < PARTNER_PRODUCT_LIMITS.max ? (
                <Button startIcon={<Add />} onClick={() => products.append({ id: '', title: '' })} sx={{ alignSelf: 'flex-start' }} data-testid="admin-org-product-add">
                  {t('admin_org_product_add')}
                </Button>
              ) : null}
            </Box>
          ) : null}
          <Controller
            control={form.control}
            name="dependantOrganizations"
            render={({ field }) => (
              <TextField
                select
                label={t('admin_org_dependant_organizations')}
                value={field.value}
                onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
                helperText={t('admin_org_dependant_organizations_hint')}
                slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as string[]).map((id) => options.find((o) => o.id === id)?.name ?? id).join(', ') } }}
              >
                {options.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="hasPartner"
            render={({ field }) => (
              <FormControlLabel
                label={t('admin_org_partner')}
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'admin-org-has-partner' } as object }} />}
              />
            )}
          />
          {hasPartner ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField label={t('admin_org_partner_id')} {...form.register('partner.partnerId')} {...err('partner.partnerId')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-partner-id', maxLength: 60 } }} />
                <TextField label={t('admin_org_partner_name')} {...form.register('partner.partnerName')} {...err('partner.partnerName')} slotProps={{ htmlInput: { 'data-testid': 'admin-org-partner-name', maxLength: 120 } }} />
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
                {(['primary', 'secondary', 'background'] as const).map((c) => (
                  <Controller
                    key={c}
                    control={form.control}
                    name={`partner.colors.${c}`}
                    render={({ field }) => <ColorField label={t(`admin_org_color_${c}`)} testId={`admin-org-color-${c}`} value={field.value} onChange={field.onChange} error={err(`partner.colors.${c}`).helperText} />}
                  />
                ))}
              </Box>
              {preview ? (
                <Box data-testid="admin-org-theme-preview" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', p: 1.5, borderRadius: 1, bgcolor: preview.background }}>
                  <Typography variant="body2" sx={{ color: '#1a1a1a' }}>
                    {t('admin_org_theme_preview')}
                  </Typography>
                  <Box sx={{ px: 1.5, py: 0.5, borderRadius: 1, bgcolor: preview.primary, color: preview.primaryText }}>{t('admin_org_color_primary')}</Box>
                  <Box sx={{ px: 1.5, py: 0.5, borderRadius: 1, bgcolor: preview.secondary, color: preview.secondaryText }}>{t('admin_org_color_secondary')}</Box>
                </Box>
              ) : null}
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('admin_staff_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="admin-org-save">
            {t('admin_staff_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
