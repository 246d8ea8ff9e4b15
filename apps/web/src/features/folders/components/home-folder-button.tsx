import { Button } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { activityPath } from '../folder-paths.ts';

/** The Home Folder (the company) at the top of the navigation; disabled, with why, without access. */
export function HomeFolderButton({
  companyId,
  allowed,
  active,
  onNavigate,
}: {
  companyId: string;
  allowed: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const props = {
    variant: active ? 'light' : 'subtle',
    color: active ? 'blue' : 'gray',
    justify: 'flex-start',
    leftSection: <IconBuildingSkyscraper size={16} />,
    fullWidth: true,
  } as const;
  if (allowed) {
    return (
      <Button
        component={Link}
        to={activityPath('company', companyId)}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        {...props}
      >
        {t('folders.homeFolder')}
      </Button>
    );
  }
  return (
    <Tooltip label={t('folders.homeFolderNoAccess')} multiline w={220}>
      <div>
        <Button disabled {...props}>
          {t('folders.homeFolder')}
        </Button>
      </div>
    </Tooltip>
  );
}
