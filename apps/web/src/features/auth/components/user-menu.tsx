import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconKey, IconLogout, IconPlugConnected, IconUserEdit } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Menu, Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { changePasswordUrl, signOut } from '../../../lib/auth.ts';
import { lazyWithReload } from '../../../lib/lazy-with-reload.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useCurrentUser } from '../api/current-user.ts';
import { useApiImage } from '../api/profile.ts';

// The profile form (and the contract that checks it) loads when it is opened, not with the shell.
const EditProfileModal = lazyWithReload(() =>
  import('./edit-profile-modal.tsx').then((m) => ({ default: m.EditProfileModal })),
);

/**
 * Spec 2.3: Edit Profile, Change Password (disabled for single sign-on users), Logout; and
 * Integrations (issue 24: the person's API tokens and the API's documentation).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const picture = useApiImage(user?.pictureUrl);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  const openChangePassword = async () => {
    if (!user) return;
    window.open(await changePasswordUrl(user.email), '_blank', 'noopener');
  };

  const changePassword = (
    <Menu.Item leftSection={<IconKey size={16} />} disabled={user?.isSso} onClick={() => void openChangePassword()}>
      {t('userMenu.changePassword')}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('userMenu.open')} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Avatar size={32} radius="xl" color="blue" src={picture}>
              {initials}
            </Avatar>
            <Text size="sm" fw={500} truncate="end" maw={150} visibleFrom="sm">
              {name}
            </Text>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setEditing(true)}>
            {t('userMenu.editProfile')}
          </Menu.Item>
          <Menu.Item component={Link} to="/integrations/tokens" leftSection={<IconPlugConnected size={16} />}>
            {t('userMenu.integrations')}
          </Menu.Item>
          {user?.isSso ? (
            <Tooltip label={t('userMenu.changePasswordSso')} multiline w={240} position="left">
              <div>{changePassword}</div>
            </Tooltip>
          ) : (
            changePassword
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void signOut()}>
            {t('userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {editing && (
        <Suspense fallback={null}>
          <EditProfileModal opened onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
