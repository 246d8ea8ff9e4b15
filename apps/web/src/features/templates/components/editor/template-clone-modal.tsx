import type { Template } from '@formwork/shared/schemas/templates';
import { type TemplateType, templateTypes } from '@formwork/shared/templates/template-definition';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translate.tsx';

/** Clone a template: a new name, Template ID and type (spec 2.6). */
export function TemplateCloneModal({
  template,
  busy,
  onClose,
  onClone,
}: {
  template: Template;
  busy: boolean;
  onClose: () => void;
  onClone: (body: { name: string; templateCode: string; type: TemplateType }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(t('editor.copyOf', { name: template.name }));
  const [code, setCode] = useState(`${template.templateCode}-COPY`);
  const [type, setType] = useState<TemplateType>(template.type);
  return (
    <Modal opened onClose={onClose} title={t('editor.clone')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('editor.cloneHelp')}
        </Text>
        <TextInput label={t('editor.settings.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('editor.settings.templateCode')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Select
          label={t('editor.settings.type')}
          data={templateTypes.map((x) => ({ value: x, label: t(`templates.types.${x}`) }))}
          value={type}
          allowDeselect={false}
          onChange={(v) => setType((v ?? template.type) as TemplateType)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={!name.trim() || !code.trim()}
            onClick={() => void onClone({ name, templateCode: code, type })}
          >
            {t('editor.clone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
