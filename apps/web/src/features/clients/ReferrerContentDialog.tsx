import {
  type ClientReferrerDetail,
  clientsRoutes,
  httpsUrl,
  MAX_PAGE_SIZE,
  MAX_REFERRER_ITEMS,
  referrerNewsItem,
  referrerService,
} from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, ErrorState, LoadingState, useConfirmTarget, useToast } from '../../ui/index.ts';
import { apiErrorMessage, applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { clientReferrersKey } from './useClientReferrerOptions.ts';

/** A blank optional field is no value; anything else is held to the contract's rule. */
const blankOr = (rule: z.ZodType<string>, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || rule.safeParse(value).success, message);

// The contract's rules (decision 031), with blanks allowed where the item's field is optional.
const news = referrerNewsItem.shape;
const services = referrerService.shape;
const contentForm = z.object({
  news_enabled: z.boolean(),
  explore_services_enabled: z.boolean(),
  options: z.object({
    news: z
      .array(
        z.object({
          title: news.title,
          summary: news.summary.unwrap(),
          url: blankOr(httpsUrl, 'Enter an https URL.'),
          published_on: news.published_on,
        }),
      )
      .max(MAX_REFERRER_ITEMS),
    services: z
      .array(
        z.object({
          name: services.name,
          description: services.description,
          url: blankOr(httpsUrl, 'Enter an https URL.'),
        }),
      )
      .max(MAX_REFERRER_ITEMS),
  }),
});
type Values = z.infer<typeof contentForm>;

const valuesOf = (referrer: ClientReferrerDetail): Values => ({
  news_enabled: referrer.news_enabled,
  explore_services_enabled: referrer.explore_services_enabled,
  options: {
    news: (referrer.options.news ?? []).map((item) => ({
      title: item.title,
      summary: item.summary ?? '',
      url: item.url ?? '',
      published_on: item.published_on,
    })),
    services: (referrer.options.services ?? []).map((item) => ({
      name: item.name,
      description: item.description,
      url: item.url ?? '',
    })),
  },
});

/** The PATCH body: the look (palette, fonts, logos) kept as it is, blanks dropped from the items. */
function bodyOf(referrer: ClientReferrerDetail, values: Values) {
  return {
    news_enabled: values.news_enabled,
    explore_services_enabled: values.explore_services_enabled,
    options: {
      ...referrer.options,
      news: values.options.news.map(({ summary, url, ...item }) => ({
        ...item,
        ...(summary ? { summary } : {}),
        ...(url ? { url } : {}),
      })),
      services: values.options.services.map(({ url, ...item }) => ({ ...item, ...(url ? { url } : {}) })),
    },
  };
}

const today = () => new Date().toISOString().slice(0, 10);

interface ReferrerContentDialogProps {
  open: boolean;
  referrer: { guid: string; name: string };
  onClose: () => void;
}

/**
 * The news and services a client's referrer shows its clients' users (decision 031), edited from the
 * client page, where staff meet the referrer today. The API decides who may change it (internal staff,
 * or admins of the organisation whose clients it refers).
 */
export function ReferrerContentDialog({ open, referrer, onClose }: ReferrerContentDialogProps) {
  const { api } = useSession();
  const detail = useQuery({
    queryKey: [...clientReferrersKey, 'detail', referrer.guid],
    queryFn: async ({ signal }) => {
      const page = await api.call(clientsRoutes.getAccountsClientReferrers, {
        query: { page: 1, page_size: MAX_PAGE_SIZE, search: referrer.name },
        signal,
      });
      const found = page.results.find((r) => r.guid === referrer.guid);
      if (!found) throw new Error('This referrer is no longer available to you.');
      return found;
    },
    enabled: open,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="referrer-content-title" fullWidth maxWidth="md">
      <DialogTitle id="referrer-content-title">{referrer.name}: news and services</DialogTitle>
      {detail.isPending ? (
        <DialogContent>
          <LoadingState label="Loading the referrer…" />
        </DialogContent>
      ) : detail.isError ? (
        <DialogContent>
          <ErrorState message={apiErrorMessage(detail.error)} onRetry={() => void detail.refetch()} />
        </DialogContent>
      ) : (
        <ContentForm key={detail.dataUpdatedAt} referrer={detail.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

type Removal = { list: 'news' | 'services'; index: number; label: string };

function ContentForm({ referrer, onClose }: { referrer: ClientReferrerDetail; onClose: () => void }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(contentForm), defaultValues: valuesOf(referrer) });
  const newsItems = useFieldArray({ control: form.control, name: 'options.news' });
  const serviceItems = useFieldArray({ control: form.control, name: 'options.services' });
  const removing = useConfirmTarget<Removal>();

  const save = useMutation({
    mutationFn: (values: Values) =>
      api.call(clientsRoutes.patchAccountsClientReferrer, {
        params: { referrerGuid: referrer.guid },
        body: bodyOf(referrer, values),
      }),
    onMutate: () => setFormError(null),
    onSuccess: async (saved) => {
      toast.success(`${saved.name}'s news and services saved.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: clientReferrersKey });
    },
    // The API names the item's field (options.news.1.title): the form's fields carry the same names.
    onError: (error) =>
      setFormError(
        applyApiErrors(error, form.setError, (key) =>
          /^(news_enabled|explore_services_enabled|options\.(news|services)\.\d+\.\w+)$/.test(key)
            ? (key as never)
            : null,
        ),
      ),
  });

  const confirmRemove = () => {
    const target = removing.target;
    if (target) (target.list === 'news' ? newsItems : serviceItems).remove(target.index);
    removing.close();
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          News
        </Typography>
        <Controller
          control={form.control}
          name="news_enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
              label="Show the news panel to this referrer's clients"
            />
          )}
        />
        <Stack spacing={2} sx={{ my: 1 }}>
          {newsItems.fields.map((item, index) => (
            <Paper key={item.id} variant="outlined" sx={{ p: 2 }} aria-label={`News item ${index + 1}`}>
              <FormTextField control={form.control} name={`options.news.${index}.title`} label="Title" />
              <FormTextField control={form.control} name={`options.news.${index}.summary`} label="Summary" />
              <FormTextField
                control={form.control}
                name={`options.news.${index}.url`}
                label="Link"
                type="url"
                helperText="Optional, https only."
              />
              <FormTextField
                control={form.control}
                name={`options.news.${index}.published_on`}
                label="Published on"
                type="date"
              />
              <Button
                color="error"
                size="small"
                onClick={() =>
                  removing.ask({
                    list: 'news',
                    index,
                    label: form.getValues(`options.news.${index}.title`) || 'this news item',
                  })
                }
              >
                Remove news item {index + 1}
              </Button>
            </Paper>
          ))}
        </Stack>
        <Button
          startIcon={<AddIcon />}
          disabled={newsItems.fields.length >= MAX_REFERRER_ITEMS}
          onClick={() => newsItems.append({ title: '', summary: '', url: '', published_on: today() })}
        >
          Add news item
        </Button>

        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
          Services
        </Typography>
        <Controller
          control={form.control}
          name="explore_services_enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
              label="Show the explore-services panel to this referrer's clients"
            />
          )}
        />
        <Stack spacing={2} sx={{ my: 1 }}>
          {serviceItems.fields.map((item, index) => (
            <Paper key={item.id} variant="outlined" sx={{ p: 2 }} aria-label={`Service ${index + 1}`}>
              <FormTextField control={form.control} name={`options.services.${index}.name`} label="Name" />
              <FormTextField
                control={form.control}
                name={`options.services.${index}.description`}
                label="Description"
              />
              <FormTextField
                control={form.control}
                name={`options.services.${index}.url`}
                label="Link"
                type="url"
                helperText="Optional, https only."
              />
              <Button
                color="error"
                size="small"
                onClick={() =>
                  removing.ask({
                    list: 'services',
                    index,
                    label: form.getValues(`options.services.${index}.name`) || 'this service',
                  })
                }
              >
                Remove service {index + 1}
              </Button>
            </Paper>
          ))}
        </Stack>
        <Button
          startIcon={<AddIcon />}
          disabled={serviceItems.fields.length >= MAX_REFERRER_ITEMS}
          onClick={() => serviceItems.append({ name: '', description: '', url: '' })}
        >
          Add service
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save news and services
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing.open}
        title={`Remove ${removing.target?.label ?? ''}?`}
        confirmLabel="Remove"
        destructive
        onConfirm={confirmRemove}
        onClose={removing.close}
      >
        It leaves the list now and from the clients' dashboards once you save.
      </ConfirmDialog>
    </Box>
  );
}
