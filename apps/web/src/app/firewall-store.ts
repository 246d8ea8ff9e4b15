// Whether the firewall dialog is open (spec 8.1). Kept apart from the dialog: the first screen
// opens it from its error handler, and the dialog's code loads only then (issue 15.4).
let open = false;
const listeners = new Set<() => void>();

export const firewallStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  opened: () => open,
  set(value: boolean) {
    open = value;
    for (const listener of listeners) listener();
  },
};

export const openFirewallModal = () => firewallStore.set(true);
