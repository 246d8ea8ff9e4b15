import type {
  MenuDividerProps,
  MenuDropdownProps,
  MenuItemProps,
  MenuLabelProps,
  MenuProps,
  MenuTargetProps,
  PopoverDropdownProps,
  PopoverProps,
  PopoverTargetProps,
  ScrollAreaAutosizeProps,
  TooltipProps,
} from '@mantine/core';
import {
  Children,
  cloneElement,
  type FocusEvent,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { isChunkLoadError, shouldReloadForChunkError } from '../../lib/lazy-with-reload.ts';

// Menus, popovers and tooltips on first use (issue 15.4, ADR 0013). Mantine's Menu, Popover and
// Tooltip bring floating-ui and their own code (about 28 KB gzip): the first screen renders only
// their targets, the same buttons, and the parts load on the first hover, focus, click or key on
// any target. Then every target renders the real component; the focused one keeps the focus, a
// menu clicked (or a key pressed) before the load opens when it arrives, and a hovered target's
// tooltip shows. Same API as Mantine's: Menu.Target/Dropdown/Item/Label/Divider, Popover.Target/Dropdown.

type Parts = typeof import('./floating-parts.ts');

const targetAttribute = 'data-floating-target';
let parts: Parts | undefined;
let loading: Promise<Parts> | undefined;
/** The target that had the focus when the parts arrived: it gets it back once re-rendered. */
let focusedTarget: string | null = null;
const listeners = new Set<() => void>();

/** Loads Mantine's Menu, Popover and Tooltip (once); every on-demand target then renders them. */
export function loadFloatingParts(): Promise<Parts> {
  loading ??= import('./floating-parts.ts').then(
    (module) => {
      focusedTarget = document.activeElement?.getAttribute(targetAttribute) ?? null;
      parts = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      if (isChunkLoadError(error) && shouldReloadForChunkError()) window.location.reload();
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useParts(): Parts | undefined {
  return useSyncExternalStore(
    subscribe,
    () => parts,
    () => parts,
  );
}

function preload() {
  void loadFloatingParts().catch(() => {
    // A failed load reloads the page (a new deploy) or leaves the plain target; the next use retries.
  });
}

// biome-ignore lint/suspicious/noExplicitAny: any element that takes event props and a ref.
type TargetElement = ReactElement<any>;

function onlyElement(children: ReactNode): TargetElement | null {
  const child = Children.toArray(children).find(isValidElement);
  return (child as TargetElement | undefined) ?? null;
}

function slot<P>(children: ReactNode, type: unknown): ReactElement<P> | undefined {
  return Children.toArray(children).find(
    (child): child is ReactElement<P> => isValidElement(child) && child.type === type,
  );
}

function chain<E>(first: ((event: E) => void) | undefined, second: (event: E) => void) {
  return (event: E) => {
    first?.(event);
    second(event);
  };
}

/**
 * The target's identity across the swap (a data attribute on the same element before and after)
 * and, once the parts are there, the focus back on it if it had the focus.
 */
function useTargetIdentity(loaded: boolean, outer?: unknown) {
  const own = useId();
  // A tooltip inside a menu's target: the menu's identity is the one on the element.
  const id = typeof outer === 'string' ? outer : own;
  useLayoutEffect(() => {
    if (!loaded || focusedTarget !== id) return;
    focusedTarget = null;
    document.querySelector<HTMLElement>(`[${targetAttribute}="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  }, [loaded, id]);
  return id;
}

/**
 * The props a target gets before the parts are loaded: the first pointer, focus, click or key
 * loads them; `onOpen` is told when a click or key asked for the dropdown.
 */
type Intent = 'enter' | 'leave' | 'click' | 'key';

function loadingTargetProps(child: TargetElement, onIntent?: (intent: Intent) => void, opensWithArrowDown = false) {
  const props = child.props as Record<string, ((event: never) => void) | undefined>;
  return {
    onPointerEnter: chain(props.onPointerEnter, () => {
      onIntent?.('enter');
      preload();
    }),
    onPointerLeave: chain(props.onPointerLeave, () => onIntent?.('leave')),
    onFocus: chain(props.onFocus, (_event: FocusEvent) => preload()),
    onClick: chain(props.onClick, (_event: MouseEvent) => {
      onIntent?.('click');
      preload();
    }),
    onKeyDown: chain(props.onKeyDown, (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' && opensWithArrowDown) {
        event.preventDefault();
        onIntent?.('key');
      }
      preload();
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Tooltip

/** Mantine's Tooltip, loaded on first use. Extra props (a Menu/Popover target's) go to the child. */
export function Tooltip(props: TooltipProps & Record<string, unknown>) {
  const loaded = useParts();
  const { children, label, opened, defaultOpened, ref, ...rest } = props;
  const id = useTargetIdentity(!!loaded, rest[targetAttribute]);
  // Under the pointer when the parts arrived: the tooltip shows at once, as if just hovered.
  const hovered = useRef(false);
  const [showAtLoad] = useState(() => ({ decided: false, value: false }));
  const child = onlyElement(children);
  useEffect(() => {
    if (opened && !loaded) preload();
  }, [opened, loaded]);
  if (!child) return null;
  if (loaded) {
    if (!showAtLoad.decided) {
      showAtLoad.decided = true;
      showAtLoad.value = hovered.current;
    }
    return (
      <loaded.Tooltip
        {...(rest as Omit<TooltipProps, 'children' | 'label'>)}
        ref={ref as Ref<HTMLDivElement>}
        label={label}
        opened={opened}
        defaultOpened={defaultOpened ?? (showAtLoad.value || undefined)}
      >
        {cloneElement(child, { [targetAttribute]: id })}
      </loaded.Tooltip>
    );
  }
  // Props a surrounding Menu/Popover target passes (ref, handlers, aria) reach the child, as Mantine's do.
  const passed = Object.fromEntries(
    Object.entries(rest).filter(([key]) => /^on[A-Z]|^aria-|^data-/.test(key)),
  ) as Record<string, (event: never) => void>;
  // A handler both pass (a controlled popover's button has its own onClick) runs the child's first.
  const own = child.props as Record<string, ((event: never) => void) | undefined>;
  for (const [key, handler] of Object.entries(passed)) {
    const mine = own[key];
    if (/^on[A-Z]/.test(key) && typeof mine === 'function') passed[key] = chain(mine, handler);
  }
  const handlers = loadingTargetProps({ ...child, props: { ...child.props, ...passed } } as TargetElement, (intent) => {
    if (intent === 'enter') hovered.current = true;
    if (intent === 'leave') hovered.current = false;
  });
  return cloneElement(child, {
    ...passed,
    ...handlers,
    ...(ref ? { ref } : {}),
    [targetAttribute]: id,
  });
}

// ---------------------------------------------------------------------------------------------
// Menu and Popover

type Slots = { Target: unknown; Dropdown: unknown };

/** The open state, the first-use loading and the target of a Menu or Popover. */
function useOnDemandDropdown(
  props: { opened?: boolean; onChange?: (opened: boolean) => void; children?: ReactNode },
  slots: Slots,
  popupType: 'menu' | 'dialog',
) {
  const opensWithArrowDown = popupType === 'menu';
  const loaded = useParts();
  const id = useTargetIdentity(!!loaded);
  const [openedState, setOpenedState] = useState(false);
  const opened = props.opened ?? openedState;
  const setOpened = (next: boolean) => {
    if (props.opened === undefined) setOpenedState(next);
    props.onChange?.(next);
  };
  // Opened with ArrowDown: the focus goes to the menu's first item rather than to the dropdown.
  const [fromArrowKey, setFromArrowKey] = useState(false);
  useEffect(() => {
    if (opened && !loaded) preload();
  }, [opened, loaded]);
  // The real component mounts closed and opens on the next commit: its opening transition plays,
  // and the focus it gives back on closing is the target's, as when it opens on a click.
  const [mountedLoaded, setMountedLoaded] = useState(!!loaded);
  useEffect(() => {
    if (loaded) setMountedLoaded(true);
  }, [loaded]);
  const target = slot<{ children: ReactNode }>(props.children, slots.Target);
  const dropdown = slot<{ children?: ReactNode; ref?: Ref<HTMLDivElement> }>(props.children, slots.Dropdown);
  const child = onlyElement(target?.props.children);
  const shown = opened && mountedLoaded;
  const keyDown = (event: KeyboardEvent) => {
    if (!opensWithArrowDown || event.key !== 'ArrowDown' || opened) return;
    event.preventDefault();
    setFromArrowKey(true);
    setOpened(true);
  };
  let plainTarget: ReactNode = null;
  if (child && !loaded) {
    plainTarget = cloneElement(child, {
      ...loadingTargetProps(
        child,
        (intent) => {
          if (intent === 'click' && props.opened === undefined) {
            setFromArrowKey(false);
            setOpenedState((o) => !o);
          }
          if (intent === 'key') {
            setFromArrowKey(true);
            setOpened(true);
          }
        },
        opensWithArrowDown,
      ),
      'aria-haspopup': popupType,
      'aria-expanded': opened,
      [targetAttribute]: id,
    });
  }
  const childProps = child?.props as
    | { onKeyDown?: (event: KeyboardEvent) => void; onClick?: (event: MouseEvent) => void }
    | undefined;
  const loadedTarget =
    child && loaded
      ? cloneElement(child, {
          [targetAttribute]: id,
          onKeyDown: chain(childProps?.onKeyDown, keyDown),
          // A popover the caller left uncontrolled is controlled here (to open it after the load):
          // its target toggles it, as Mantine's own target does for an uncontrolled one.
          ...(popupType === 'dialog' && props.opened === undefined
            ? { onClick: chain(childProps?.onClick, () => setOpened(!opened)) }
            : {}),
        })
      : null;
  return {
    loaded,
    opened: shown,
    setOpened,
    target,
    dropdown,
    fromArrowKey,
    setFromArrowKey,
    plainTarget,
    loadedTarget,
  };
}

function MenuTarget(_props: MenuTargetProps) {
  // Read by Menu, never rendered on its own.
  return null;
}
function MenuDropdown(_props: MenuDropdownProps) {
  return null;
}
function loadedParts(): Parts {
  if (!parts) throw new Error('A menu item rendered before the menu loaded');
  return parts;
}
// Polymorphic as Mantine's (component="a"): typed as Mantine's own item.
const MenuItem = ((props: MenuItemProps) => {
  const { Menu: Loaded } = loadedParts();
  return <Loaded.Item {...props} />;
}) as Parts['Menu']['Item'];
function MenuLabel(props: MenuLabelProps) {
  const { Menu: Loaded } = loadedParts();
  return <Loaded.Label {...props} />;
}
function MenuDivider(props: MenuDividerProps) {
  const { Menu: Loaded } = loadedParts();
  return <Loaded.Divider {...props} />;
}

/** Mantine's Menu, loaded on first use; ArrowDown on the target opens it on its first item. */
export function Menu(props: MenuProps) {
  const { opened: _opened, onChange: _onChange, children, ...rest } = props;
  const state = useOnDemandDropdown(props, { Target: MenuTarget, Dropdown: MenuDropdown }, 'menu');
  if (!state.loaded) return state.plainTarget;
  const { children: dropdownChildren, ...dropdownProps } = state.dropdown?.props ?? {};
  return (
    <state.loaded.Menu
      {...rest}
      opened={state.opened}
      onChange={(next) => {
        if (next) state.setFromArrowKey(false);
        state.setOpened(next);
      }}
    >
      <state.loaded.Menu.Target {...(state.target?.props as MenuTargetProps)}>
        {state.loadedTarget}
      </state.loaded.Menu.Target>
      <state.loaded.Menu.Dropdown
        {...(dropdownProps as MenuDropdownProps)}
        onFocus={(event) => {
          (dropdownProps as MenuDropdownProps).onFocus?.(event);
          // Opened with ArrowDown: where the focus trap puts the focus first (the dropdown's
          // placeholder), the first item takes it.
          if (!state.fromArrowKey || !(event.target as HTMLElement).hasAttribute('data-autofocus')) return;
          event.currentTarget.querySelector<HTMLElement>('[data-menu-item]:not(:disabled)')?.focus();
        }}
      >
        {dropdownChildren}
      </state.loaded.Menu.Dropdown>
    </state.loaded.Menu>
  );
}
Menu.Target = MenuTarget;
Menu.Dropdown = MenuDropdown;
Menu.Item = MenuItem;
Menu.Label = MenuLabel;
Menu.Divider = MenuDivider;

function PopoverTarget(_props: PopoverTargetProps) {
  return null;
}
function PopoverDropdown(_props: PopoverDropdownProps) {
  return null;
}

/** Mantine's Popover, loaded on first use. */
export function Popover(props: PopoverProps) {
  const { opened: _opened, onChange: _onChange, children, ...rest } = props;
  const state = useOnDemandDropdown(props, { Target: PopoverTarget, Dropdown: PopoverDropdown }, 'dialog');
  if (!state.loaded) return state.plainTarget;
  const { children: dropdownChildren, ...dropdownProps } = state.dropdown?.props ?? {};
  return (
    <state.loaded.Popover
      {...rest}
      // Uncontrolled as the caller wrote it: a click before the load opens it once it is there.
      {...(props.opened === undefined
        ? { defaultOpened: rest.defaultOpened ?? state.opened }
        : { opened: props.opened })}
      onChange={props.onChange}
    >
      <state.loaded.Popover.Target {...(state.target?.props as PopoverTargetProps)}>
        {state.loadedTarget}
      </state.loaded.Popover.Target>
      <state.loaded.Popover.Dropdown {...(dropdownProps as PopoverDropdownProps)}>
        {dropdownChildren}
      </state.loaded.Popover.Dropdown>
    </state.loaded.Popover>
  );
}
Popover.Target = PopoverTarget;
/** Mantine's ScrollArea.Autosize for a dropdown's list (it comes with the parts; a dropdown renders only once they are there). */
Popover.ScrollArea = ((props: ScrollAreaAutosizeProps) => {
  const { ScrollArea } = loadedParts();
  return <ScrollArea.Autosize {...props} />;
}) as Parts['ScrollArea']['Autosize'];
Popover.Dropdown = PopoverDropdown;
