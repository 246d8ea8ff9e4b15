import { AppShell, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';

/** Spec 2.3: the top bar is 54 px high. */
export const topBarHeight = 54;

/** The secure shell: top bar with the user menu above the section being shown. */
export function ShellLayout() {
  return (
    <AppShell header={{ height: topBarHeight }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Text fw={700} c="blue.9">
            Formwork
          </Text>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
