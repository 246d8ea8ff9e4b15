import type { LibraryTemplateSummary } from '@formwork/shared/schemas/library';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconCopy, IconEye } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translate.tsx';
import { categoryColours } from './category-colours.ts';

type Props = {
  template: LibraryTemplateSummary;
  canCopy: boolean;
  copying: boolean;
  onPreview: () => void;
  onCopy: () => void;
};

/** One free template: its shelf, name, what it is for, its type and size, Preview and Use template. */
export function LibraryCard({ template, canCopy, copying, onPreview, onCopy }: Props) {
  const { t } = useTranslation();
  const titleId = `library-${template.libraryTemplateId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Badge variant="light" color={categoryColours[template.category]}>
          {t(`library.categories.${template.category}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {template.templateCode}
        </Text>
      </Group>
      <Title order={2} fz="md" mt="sm" id={titleId}>
        {template.name}
      </Title>
      <Text size="sm" c="dimmed" mt={4} style={{ flexGrow: 1 }}>
        {template.description}
      </Text>
      <Group gap="xs" mt="sm">
        <Badge variant="outline" color="gray">
          {t(`templates.types.${template.type}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('library.fields', { count: template.fieldCount })}
        </Text>
      </Group>
      <Group mt="md" gap="xs">
        <Button variant="default" size="xs" leftSection={<IconEye size={14} />} onClick={onPreview}>
          {t('library.preview')}
        </Button>
        {canCopy && (
          <Button size="xs" leftSection={<IconCopy size={14} />} loading={copying} onClick={onCopy}>
            {t('library.use')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
