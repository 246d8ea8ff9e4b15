import { useState } from 'react';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { type Confirmation, ConfirmModal } from './confirm-modal.tsx';

type ItemState = 'active' | 'archived';

/**
 * Archive (confirmed), restore and delete (confirmed) of a named item, with their toasts. The texts
 * are `<texts>.archiveTitle`, `.archiveBody`, `.archive`, `.deleteTitle`, `.deleteBody`, `.delete`,
 * `.archived`, `.restored` and `.deleted`, each given the item's `name`. Render `confirmModal`.
 */
export function useArchiveAndDelete<T extends { name: string }>(
  texts: 'links' | 'lists',
  actions: {
    setState: (item: T, to: ItemState) => Promise<unknown>;
    remove: (item: T) => Promise<unknown>;
    busy: boolean;
  },
) {
  const { t } = useTranslation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const close = () => setConfirmation(null);

  const changeState = (item: T, to: ItemState) =>
    actions
      .setState(item, to)
      .then(() =>
        showToast('success', t(`${texts}.${to === 'archived' ? 'archived' : 'restored'}`, { name: item.name })),
      );

  const confirmArchive = (item: T) =>
    setConfirmation({
      title: t(`${texts}.archiveTitle`),
      body: t(`${texts}.archiveBody`, { name: item.name }),
      confirmLabel: t(`${texts}.archive`),
      onConfirm: () => changeState(item, 'archived').finally(close),
    });

  const confirmDelete = (item: T) =>
    setConfirmation({
      title: t(`${texts}.deleteTitle`),
      body: t(`${texts}.deleteBody`, { name: item.name }),
      confirmLabel: t(`${texts}.delete`),
      danger: true,
      onConfirm: () =>
        actions
          .remove(item)
          .then(() => showToast('success', t(`${texts}.deleted`, { name: item.name })))
          .finally(close),
    });

  const confirmModal = <ConfirmModal confirmation={confirmation} busy={actions.busy} onClose={close} />;
  return { changeState, confirmArchive, confirmDelete, confirmModal };
}
