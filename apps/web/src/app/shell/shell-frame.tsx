import { type ReactNode, useEffect, useState } from 'react';
import classes from './shell-frame.module.css';

/** Mantine's `rem()`: pixels as rem, scaled with the theme. */
const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
const collapsedNavbar =
  '--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1));--app-shell-navbar-transform-rtl:translateX(var(--app-shell-navbar-width));';

/**
 * The :root variables Mantine's AppShell writes for a fixed header and a navbar at the `sm`
 * breakpoint (48em; below it the navigation is a full-width drawer), the same text in the same
 * order (shell-frame.test.tsx compares them), quirks included: an open drawer's query is
 * `max-width: 48em`, a closed one's `max-width: 47.99375em`.
 */
export function frameVariables({
  headerHeight,
  navbarWidth,
  collapsed: { mobile, desktop },
}: {
  headerHeight: number;
  navbarWidth: number;
  collapsed: { mobile: boolean; desktop: boolean };
}): string {
  const header = rem(headerHeight);
  const navbar = rem(navbarWidth);
  let css = `:root{--app-shell-navbar-width:${navbar};--app-shell-navbar-offset:${navbar};--app-shell-header-height:${header};--app-shell-header-offset:${header};--app-shell-padding:var(--mantine-spacing-md);}`;
  if (desktop) css += `@media(min-width: 48em){:root{${collapsedNavbar}--app-shell-navbar-offset:0px !important;}}`;
  css += mobile
    ? `@media(max-width: 47.99375em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;${collapsedNavbar}}}`
    : '@media(max-width: 48em){:root{--app-shell-navbar-offset:0px;--app-shell-navbar-width:100%;}}';
  return css;
}

/** True for the transition's length after a window resize, so the navigation does not slide then. */
function useResizing() {
  const [resizing, setResizing] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      setResizing(true);
      clearTimeout(timer);
      timer = setTimeout(() => setResizing(false), 200);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
  return resizing;
}

/**
 * The shell's frame: a fixed top bar, the navigation on the left (a drawer below `sm`) and the
 * page. It lays out as Mantine's AppShell did, in its fixed mode with a border and `md` padding,
 * without AppShell's code (about 14 KB gzip of the first screen, issue 15.4).
 */
export function ShellFrame({
  headerHeight,
  navbarWidth,
  collapsed,
  header,
  navbar,
  children,
}: {
  headerHeight: number;
  navbarWidth: number;
  collapsed: { mobile: boolean; desktop: boolean };
  header: ReactNode;
  navbar: ReactNode;
  children: ReactNode;
}) {
  const resizing = useResizing();
  return (
    <>
      <style>{frameVariables({ headerHeight, navbarWidth, collapsed })}</style>
      <div className={classes.root} data-resizing={resizing || undefined}>
        {/* right-scroll-bar-position: a dialog's scroll lock keeps the bar clear of the scrollbar's place. */}
        <header className={`${classes.header} right-scroll-bar-position`}>{header}</header>
        <nav className={classes.navbar}>{navbar}</nav>
        <main className={classes.main}>{children}</main>
      </div>
    </>
  );
}
