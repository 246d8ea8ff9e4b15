import { AppShell, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { frameVariables, ShellFrame } from './shell-frame.tsx';

// The shell's frame replaced Mantine's AppShell (issue 15.4); it must lay the shell out as
// AppShell did, so it writes the same :root variables for every state of the navigation.
function appShellVariables(collapsed: { mobile: boolean; desktop: boolean }) {
  const { container, unmount } = render(
    <MantineProvider>
      <AppShell header={{ height: 54 }} navbar={{ width: 300, breakpoint: 'sm', collapsed }} padding="md">
        <AppShell.Main />
      </AppShell>
    </MantineProvider>,
  );
  const css = [...container.querySelectorAll('style')].map((s) => s.textContent).find((t) => t?.includes('app-shell'));
  unmount();
  return css;
}

describe('ShellFrame', () => {
  it.each([
    { mobile: true, desktop: false },
    { mobile: false, desktop: false },
    { mobile: true, desktop: true },
    { mobile: false, desktop: true },
  ])('writes the variables Mantine AppShell wrote, navigation collapsed %o', (collapsed) => {
    expect(frameVariables({ headerHeight: 54, navbarWidth: 300, collapsed })).toBe(appShellVariables(collapsed));
  });

  it('renders the top bar, the navigation and the page in header, nav and main', () => {
    const { container } = render(
      <ShellFrame
        headerHeight={54}
        navbarWidth={300}
        collapsed={{ mobile: true, desktop: false }}
        header="top"
        navbar="folders"
      >
        page
      </ShellFrame>,
    );
    expect(container.querySelector('header')?.textContent).toBe('top');
    expect(container.querySelector('header')?.className).toContain('right-scroll-bar-position');
    expect(container.querySelector('nav')?.textContent).toBe('folders');
    expect(container.querySelector('main')?.textContent).toBe('page');
  });
});
