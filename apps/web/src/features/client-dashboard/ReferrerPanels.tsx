import type { ClientReferrer, ReferrerNewsItem } from '@bp/contracts';
import { formatDate } from '@bp/domain';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../ui/visually-hidden.ts';

// Not sections.tsx's Section: that file carries the chart, and /dashboard's first chunk must stay small.
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Newest first; equal dates keep the referrer's own order. */
export function newestFirst(items: readonly ReferrerNewsItem[]): ReferrerNewsItem[] {
  return [...items].sort((a, b) => b.published_on.localeCompare(a.published_on));
}

/** A link to the referrer's site: always a new tab, never handing it this window (rel=noopener). */
function OutLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Typography component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Typography>
    </Link>
  );
}

/**
 * The client's referrer's news and services (issue 15, decision 031). The API sends the items only while
 * the referrer's matching flag is on; the flag is checked here too, and a panel with nothing in it is not
 * shown at all — an empty "News" box tells the family nothing.
 */
export function ReferrerPanels({ referrer }: { referrer: ClientReferrer | null | undefined }) {
  const news = referrer?.news_enabled ? newestFirst(referrer.options.news ?? []) : [];
  const services = referrer?.explore_services_enabled ? (referrer.options.services ?? []) : [];
  if (!referrer || (news.length === 0 && services.length === 0)) return null;
  const wide = news.length > 0 && services.length > 0 ? 6 : 12;
  return (
    <Grid container spacing={3} sx={{ mb: 3 }}>
      {news.length > 0 ? (
        <Grid size={{ xs: 12, md: wide }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
            <Section id="dashboard-referrer-news" title={`News from ${referrer.name}`}>
              <List dense aria-label={`News from ${referrer.name}`}>
                {news.map((item) => (
                  <ListItem key={`${item.published_on} ${item.title}`} disableGutters alignItems="flex-start">
                    <ListItemText
                      primary={item.url ? <OutLink href={item.url}>{item.title}</OutLink> : item.title}
                      secondary={[formatDate(item.published_on), item.summary].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </Section>
          </Paper>
        </Grid>
      ) : null}
      {services.length > 0 ? (
        <Grid size={{ xs: 12, md: wide }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
            <Section id="dashboard-referrer-services" title="Explore services">
              <List dense aria-label={`Services from ${referrer.name}`}>
                {services.map((service) => (
                  <ListItem key={service.name} disableGutters alignItems="flex-start">
                    <ListItemText
                      primary={
                        service.url ? <OutLink href={service.url}>{service.name}</OutLink> : service.name
                      }
                      secondary={service.description}
                    />
                  </ListItem>
                ))}
              </List>
            </Section>
          </Paper>
        </Grid>
      ) : null}
    </Grid>
  );
}
