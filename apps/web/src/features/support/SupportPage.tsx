import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../ui/index.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { FAQ_GROUPS } from './faq.ts';
import { SupportContact } from './SupportContact.tsx';

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export function SupportPage() {
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageTitle>Support</PageTitle>
      <PageIntro>Answers to common questions about paying and approving bills.</PageIntro>
      {FAQ_GROUPS.map((group) => (
        <Box
          component="section"
          key={group.title}
          aria-labelledby={`faq-${slug(group.title)}`}
          sx={{ mb: 4 }}
        >
          <Typography id={`faq-${slug(group.title)}`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {group.title}
          </Typography>
          {group.items.map((item) => {
            const id = `faq-${slug(item.question)}`;
            return (
              <Accordion key={item.question} disableGutters>
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  id={`${id}-header`}
                  aria-controls={`${id}-content`}
                >
                  <Typography sx={{ fontWeight: 500 }}>{item.question}</Typography>
                </AccordionSummary>
                <AccordionDetails id={`${id}-content`}>
                  <Typography color="text.secondary">{item.answer}</Typography>
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
      ))}
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <SupportContact />
      </Paper>
    </Box>
  );
}
