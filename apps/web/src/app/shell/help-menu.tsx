import { isFreeTrialAccount } from '@formwork/shared/permissions';
import type { AccountSummary } from '@formwork/shared/schemas/accounts';
import { ActionIcon } from '@mantine/core';
import {
  IconBook,
  IconCalendarEvent,
  IconHelpCircle,
  IconHourglass,
  IconMap,
  IconNews,
  IconReceipt,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Menu, Tooltip } from '../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../lib/translate.tsx';

/** The help menu's external pages (spec 2.3). */
export const helpLinks = {
  videoTutorials: 'https://help.formwork.app/videos',
  trialInformation: 'https://help.formwork.app/articles/your-free-trial',
  bookCall: 'https://formwork.app/book-a-call',
  pricing: 'https://formwork.app/pricing',
  releaseNotes: 'https://help.formwork.app/release-notes',
  webRoadmap: 'https://roadmap.formwork.app/web',
  mobileRoadmap: 'https://roadmap.formwork.app/mobile',
  userGuide: 'https://help.formwork.app',
};

type HelpItem = { key: string; href: string; icon: ReactNode };

/**
 * Free-trial accounts see what helps them decide (tutorials, their trial, a call, pricing);
 * paid accounts see what helps them use and follow the product (spec 2.3: a different set).
 */
export function helpItems(freeTrial: boolean): HelpItem[] {
  const size = 16;
  if (freeTrial) {
    return [
      { key: 'videoTutorials', href: helpLinks.videoTutorials, icon: <IconVideo size={size} /> },
      { key: 'trialInformation', href: helpLinks.trialInformation, icon: <IconHourglass size={size} /> },
      { key: 'bookCall', href: helpLinks.bookCall, icon: <IconCalendarEvent size={size} /> },
      { key: 'pricing', href: helpLinks.pricing, icon: <IconReceipt size={size} /> },
      { key: 'releaseNotes', href: helpLinks.releaseNotes, icon: <IconNews size={size} /> },
    ];
  }
  return [
    { key: 'videoTutorials', href: helpLinks.videoTutorials, icon: <IconVideo size={size} /> },
    { key: 'userGuide', href: helpLinks.userGuide, icon: <IconBook size={size} /> },
    { key: 'bookCall', href: helpLinks.bookCall, icon: <IconCalendarEvent size={size} /> },
    { key: 'pricing', href: helpLinks.pricing, icon: <IconReceipt size={size} /> },
    { key: 'releaseNotes', href: helpLinks.releaseNotes, icon: <IconNews size={size} /> },
    // Through the product-board route, which records the click (spec 2.1).
    { key: 'webRoadmap', href: '/redirect/product-board', icon: <IconMap size={size} /> },
    { key: 'mobileRoadmap', href: helpLinks.mobileRoadmap, icon: <IconMap size={size} /> },
  ];
}

/**
 * The help menu of the workspace's account: the free-trial set for accounts on a free trial (by
 * plan type or subscription status), the paid set otherwise or while the account is not known.
 */
export function HelpMenu({ account }: { account: AccountSummary | null | undefined }) {
  const { t } = useTranslation();
  const freeTrial = isFreeTrialAccount(account);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('help.open')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('help.open')}>
            <IconHelpCircle size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('help.title')}</Menu.Label>
        {helpItems(freeTrial).map((item) => (
          <Menu.Item
            key={item.key}
            component="a"
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={item.icon}
          >
            {t(`help.${item.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
