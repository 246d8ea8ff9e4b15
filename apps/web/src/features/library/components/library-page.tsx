import { libraryCategories } from '@formwork/shared/schemas/library';
import type { Template } from '@formwork/shared/schemas/templates';
import { Alert, Anchor, Center, Chip, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type LibraryTarget, useCopyLibraryTemplate, useLibraryCatalogue } from '../api/library.ts';
import { filterCatalogue, type Shelf } from '../model/catalogue-filter.ts';
import { LibraryCard } from './library-card.tsx';
import { LibraryPreviewModal } from './library-preview-modal.tsx';

type Props = {
  target: LibraryTarget;
  /** The folder's name as the intro and the toast say it ("the Template Library", "Civil Works"). */
  folderName: string;
  /** Whether the viewer may create templates in the target folder (the copy's permission). */
  canCopy: boolean;
  backPath: string;
  onCopied: (template: Template) => void;
};

/**
 * Spec 2.1 `library-apps`, 2.5 "Browse free templates" (issue 22.2): the free templates by shelf,
 * searched, previewed with the read-only form renderer and copied into the folder in one click.
 */
export function LibraryPage({ target, folderName, canCopy, backPath, onCopied }: Props) {
  const { t } = useTranslation();
  const catalogue = useLibraryCatalogue();
  const copy = useCopyLibraryTemplate(target);
  const [shelf, setShelf] = useState<Shelf>('all');
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const templates = catalogue.data?.templates;
  const shown = useMemo(() => filterCatalogue(templates ?? [], shelf, search), [templates, shelf, search]);

  const copyOne = (libraryTemplateId: string) =>
    copy.mutate(libraryTemplateId, {
      onSuccess: (template) => {
        showToast('success', t('library.copied', { name: template.name, folder: folderName }));
        onCopied(template);
      },
      onError: (error) => showToast('error', problemMessage(error, t)),
    });
  const copying = (id: string) => copy.isPending && copy.variables === id;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Anchor component={Link} to={backPath} size="sm" w="fit-content">
        <Group gap={4}>
          <IconChevronLeft size={14} />
          {t('library.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz="h3">
          {t('library.title')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {canCopy ? t('library.intro', { folder: folderName }) : t('library.introReadOnly', { folder: folderName })}
        </Text>
      </div>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('library.search')}
        aria-label={t('library.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <Chip.Group multiple={false} value={shelf} onChange={(value) => setShelf(value as Shelf)}>
        <Group gap="xs" role="group" aria-label={t('library.shelves')}>
          {(['all', ...libraryCategories] as const).map((category) => (
            <Chip key={category} value={category} size="sm">
              {category === 'all' ? t('library.all') : t(`library.categories.${category}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {catalogue.isPending ? (
        <Center mih={160}>
          <Loader aria-label={t('library.loading')} />
        </Center>
      ) : catalogue.isError ? (
        <Alert color="red">{t('library.loadFailed')}</Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('library.noResults')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shown.map((template) => (
            <LibraryCard
              key={template.libraryTemplateId}
              template={template}
              canCopy={canCopy}
              copying={copying(template.libraryTemplateId)}
              onPreview={() => setPreview(template.libraryTemplateId)}
              onCopy={() => copyOne(template.libraryTemplateId)}
            />
          ))}
        </SimpleGrid>
      )}
      <LibraryPreviewModal
        libraryTemplateId={preview}
        canCopy={canCopy}
        copying={preview !== null && copying(preview)}
        onCopy={copyOne}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
