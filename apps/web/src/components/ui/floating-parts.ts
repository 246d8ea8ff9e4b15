// The chunk that the on-demand menus, popovers and tooltips load on first use (issue 15.4):
// Mantine's Menu, Popover and Tooltip with floating-ui, and their styles.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';

// The scroll area of a dropdown's long list: Mantine's ScrollArea imports floating-ui's useMergeRefs.
export { Menu, Popover, ScrollArea, Tooltip } from '@mantine/core';
