/**
 * Where focus goes back when a dialog closes: the control that opened it. Mantine returns focus to
 * the element that had it when the dialog opened; for a dialog opened from a menu that is the menu
 * item, which is gone by then, so focus fell to the page top. This remembers the last control
 * focused outside dialogs (for a menu item: the button that opened its menu) and, when a dialog
 * leaves the page with the focus lost, puts it back there. Installed once by the app's providers.
 */
export function trackDialogOpeners(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const element = event.target;
    if (!(element instanceof HTMLElement) || element.closest('[role="dialog"]')) return;
    const menu = element.closest('[role="menu"]');
    if (menu) {
      // A menu item: the menu's own target is what the user reached for.
      const target = [...doc.querySelectorAll<HTMLElement>('[aria-controls]')].find(
        (candidate) => menu.id !== '' && candidate.getAttribute('aria-controls') === menu.id,
      );
      if (target) opener = target;
      return;
    }
    opener = element;
  };

  // When a dialog leaves the page and took the focus with it, the focus goes back to the opener.
  const restore = () => {
    const active = doc.activeElement;
    if ((active === null || active === doc.body) && opener?.isConnected) opener.focus({ preventScroll: true });
  };
  const isDialog = (node: Node) =>
    node instanceof Element && (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]') !== null);
  const observer = new MutationObserver((mutations) => {
    if (mutations.some((mutation) => [...mutation.removedNodes].some(isDialog))) restore();
  });
  observer.observe(doc.body, { childList: true, subtree: true });

  doc.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
