import ChevronRight from '@mui/icons-material/ChevronRight';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TopicDto, TopicTemplateDto } from '@puente/contracts';
import { buildPath } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';

export interface HomeMoreSectionsProps {
  /** The template's topic sections (none until it has come). */
  sections: TopicTemplateDto['sections'];
  /** Whether her organization offers the topic's practice. */
  offered: (topic: Pick<TopicDto, 'practice'>) => boolean;
  onTopic: (topic: TopicDto) => void;
  /** Which of the other-information entries the profile menu's rules show. */
  otherInfo: { howItWorks: boolean; healthTips: boolean };
}

/**
 * Home below its main actions: the template's topic sections (chips) and the other information (how
 * it works, health tips). A chunk of its own, loaded once home has painted (issue 10, first load):
 * the first paint is the greeting and the main actions, the largest of which is what a member waits for.
 */
export function HomeMoreSections({ sections, offered, onTopic, otherInfo }: HomeMoreSectionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {sections.map((section, index) => (
        <Box component="section" key={`${section.title}-${index}`}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {section.topics.filter(offered).map((topic) => (
              <Chip
                key={topic.id}
                data-testid={`topic-${topic.id}`}
                icon={<FavoriteBorderOutlined />}
                label={topic.title}
                onClick={() => onTopic(topic)}
                variant="outlined"
                sx={{ bgcolor: 'background.paper', py: 2.5, px: 0.5, fontSize: 15 }}
              />
            ))}
          </Box>
        </Box>
      ))}

      {otherInfo.howItWorks || otherInfo.healthTips ? (
        <Box component="section">
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('home_other_info_title')}
          </Typography>
          <Paper elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
            <List disablePadding>
              {otherInfo.howItWorks ? (
                <ListItem disablePadding>
                  <ListItemButton onClick={() => void navigate(buildPath('howItWorks'))} data-testid="other-info-how-it-works">
                    <ListItemIcon>
                      <HelpOutlineOutlined color="secondary" />
                    </ListItemIcon>
                    <ListItemText primary={t('home_how_it_works')} secondary={t('home_how_it_works_description')} />
                    <ChevronRight />
                  </ListItemButton>
                </ListItem>
              ) : null}
              {otherInfo.healthTips ? (
                <ListItem disablePadding>
                  <ListItemButton onClick={() => void navigate(buildPath('healthTips'))} data-testid="other-info-health-tips">
                    <ListItemIcon>
                      <LightbulbOutlined color="secondary" />
                    </ListItemIcon>
                    <ListItemText primary={t('home_health_tips')} secondary={t('home_health_tips_description')} />
                    <ChevronRight />
                  </ListItemButton>
                </ListItem>
              ) : null}
            </List>
          </Paper>
        </Box>
      ) : null}
    </>
  );
}
