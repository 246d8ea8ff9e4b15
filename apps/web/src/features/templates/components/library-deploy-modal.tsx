import { Alert, Button, Checkbox, Group, Loader, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { useTemplateList } from '../api/templates.ts';

/** Team level: Deploy from workspace library (spec 2.5) lists the library's active templates. */
export function LibraryDeployModal({
  companyId,
  deployedIds,
  onDeploy,
  busy,
  onClose,
}: {
  companyId: string;
  deployedIds: string[];
  onDeploy: (templateIds: string[]) => Promise<void>;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const library = useTemplateList({ kind: 'company', folderId: companyId, companyId }, 'active');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const available = (library.data?.templates ?? []).filter((x) => !deployedIds.includes(x.templateId));
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Modal opened onClose={onClose} title={t('templates.deployFromLibrary')} centered>
      {library.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : available.length === 0 ? (
        <Alert color="gray">{t('deploy.nothingToDeploy')}</Alert>
      ) : (
        <Stack gap={6}>
          {available.map((x) => (
            <Checkbox
              key={x.templateId}
              label={x.name}
              checked={picked.has(x.templateId)}
              onChange={() => toggle(x.templateId)}
            />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button disabled={picked.size === 0} loading={busy} onClick={() => void onDeploy([...picked])}>
          {t('deploy.apply')}
        </Button>
      </Group>
    </Modal>
  );
}
