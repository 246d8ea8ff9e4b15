import type { ImageRef } from '@formwork/shared/fields/field-base';
import {
  footerTextLimit,
  type HeaderFooter,
  type HeaderFooterItem,
  type HeaderFooterItemType,
  headerTextLimit,
} from '@formwork/shared/fields/header-footer';
import { maxImageBytes, maxLogoBytes } from '@formwork/shared/fields/image-rules';
import { uploadRules } from '@formwork/shared/uploads';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthImage } from '../../../../components/ui/auth-image.tsx';
import { problemMessage } from '../../../../lib/problem-message.ts';
import { showToast } from '../../../../lib/toast.tsx';
import { useTranslation } from '../../../../lib/translate.tsx';
import { uploadImage } from '../../api/templates.ts';
import { newId } from '../../model/new-field.ts';

const addable: Exclude<HeaderFooterItemType, 'image'>[] = [
  'logo',
  'filePath',
  'workspaceProjectTeam',
  'templateId',
  'templateVersion',
  'formVersion',
  'pdfCreationDateTime',
  'pdfPageNumber',
  'exportDisclaimer',
  'prefilledText',
];

type Props = {
  companyId: string;
  /** The folder uploads belong to (a team template's team; the company for the library). */
  folderId?: string;
  header: HeaderFooter;
  footer: HeaderFooter;
  onChange: (part: 'header' | 'footer', value: HeaderFooter) => void;
  issuesAt: (prefix: string) => string[];
};

/** Header/Footer (spec 3, 5.1, 9): items with their positions; texts of 35 (header) and 24 (footer). */
export function HeaderFooterTab(props: Props) {
  return (
    <Stack gap="md" maw={760}>
      <Section part="header" {...props} />
      <Section part="footer" {...props} />
    </Stack>
  );
}

function Section({
  part,
  companyId,
  folderId,
  header,
  footer,
  onChange,
  issuesAt,
}: Props & { part: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const value = part === 'header' ? header : footer;
  const limit = part === 'header' ? headerTextLimit : footerTextLimit;
  const [uploading, setUploading] = useState<string | null>(null);
  const set = (items: HeaderFooterItem[]) => onChange(part, { items });
  const update = (id: string, patch: Partial<HeaderFooterItem>) =>
    set(value.items.map((i) => (i.id === id ? ({ ...i, ...patch } as HeaderFooterItem) : i)));

  const upload = async (file: File | null, purpose: 'logo' | 'image'): Promise<ImageRef | null> => {
    if (!file) return null;
    const max = purpose === 'logo' ? maxLogoBytes : maxImageBytes;
    if (file.size >= max) {
      showToast(
        'error',
        t(purpose === 'logo' ? 'editor.headerFooter.logoTooLarge' : 'editor.headerFooter.imageTooLarge'),
      );
      return null;
    }
    setUploading(purpose);
    try {
      const stored = await uploadImage(companyId, purpose, file, folderId);
      return {
        fileId: stored.fileId,
        url: stored.url,
        fileName: file.name,
        contentType: stored.contentType,
        sizeBytes: stored.byteSize,
      };
    } catch (error) {
      showToast('error', problemMessage(error, t));
      return null;
    } finally {
      setUploading(null);
    }
  };

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Stack gap={0}>
          <Text fw={600}>{t(`editor.headerFooter.${part}`)}</Text>
          <Text size="xs" c="dimmed">
            {t('editor.headerFooter.textLimit', { limit })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Menu withinPortal position="bottom-end">
            <Menu.Target>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlus size={12} />}
                disabled={value.items.length >= 20}
              >
                {t('editor.headerFooter.addItem')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {addable.map((type) => (
                <Menu.Item
                  key={type}
                  onClick={() =>
                    set([
                      ...value.items,
                      (type === 'logo'
                        ? { id: newId('h'), position: 'left', type, image: null }
                        : type === 'prefilledText'
                          ? { id: newId('h'), position: 'left', type, text: '' }
                          : { id: newId('h'), position: 'left', type }) as HeaderFooterItem,
                    ])
                  }
                >
                  {t(`headerFooterItems.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <FileButton
            accept={uploadRules.image.accept}
            onChange={async (file) => {
              const image = await upload(file, 'image');
              if (image) set([...value.items, { id: newId('h'), position: 'left', type: 'image', image }]);
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="compact-xs"
                variant="light"
                leftSection={<IconUpload size={12} />}
                loading={uploading === 'image'}
                disabled={value.items.length >= 20}
              >
                {t('editor.headerFooter.addImage')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Stack gap={6}>
        {value.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('editor.headerFooter.empty')}
          </Text>
        )}
        {value.items.map((item, i) => {
          const problems = issuesAt(`definition.${part}.items.${i}`);
          return (
            <Paper key={item.id} withBorder p={6} role="group" aria-label={t(`headerFooterItems.${item.type}`)}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={500} w={170}>
                  {t(`headerFooterItems.${item.type}`)}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-label={t('editor.headerFooter.position')}
                  value={item.position}
                  onChange={(v) => update(item.id, { position: v as HeaderFooterItem['position'] })}
                  data={(['left', 'centre', 'right'] as const).map((p) => ({
                    value: p,
                    label: t(`editor.headerFooter.positions.${p}`),
                  }))}
                />
                {item.type === 'prefilledText' && (
                  <TextInput
                    size="xs"
                    style={{ flex: '1 1 200px' }}
                    aria-label={t('editor.headerFooter.text', { part: t(`editor.headerFooter.${part}`) })}
                    value={item.text}
                    error={item.text.length > limit ? t('editor.headerFooter.tooLong', { limit }) : undefined}
                    rightSection={
                      <Text size="xs" c={item.text.length > limit ? 'red' : 'dimmed'}>
                        {item.text.length}/{limit}
                      </Text>
                    }
                    rightSectionWidth={48}
                    onChange={(e) => update(item.id, { text: e.currentTarget.value })}
                  />
                )}
                {(item.type === 'logo' || item.type === 'image') && (
                  <Group gap={6}>
                    {item.image?.url ? (
                      <AuthImage src={item.image.url} alt={item.image.fileName} h={32} w="auto" fit="contain" />
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('editor.headerFooter.workspaceLogo')}
                      </Text>
                    )}
                    <FileButton
                      accept={uploadRules[item.type === 'logo' ? 'logo' : 'image'].accept}
                      onChange={async (file) => {
                        const image = await upload(file, item.type === 'logo' ? 'logo' : 'image');
                        if (image) update(item.id, { image } as Partial<HeaderFooterItem>);
                      }}
                    >
                      {(props) => (
                        <Button
                          {...props}
                          size="compact-xs"
                          variant="default"
                          loading={uploading !== null}
                          leftSection={<IconUpload size={12} />}
                        >
                          {t(
                            item.type === 'logo'
                              ? 'editor.headerFooter.uploadLogo'
                              : 'editor.headerFooter.replaceImage',
                          )}
                        </Button>
                      )}
                    </FileButton>
                  </Group>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  ml="auto"
                  aria-label={t('editor.headerFooter.remove', { name: t(`headerFooterItems.${item.type}`) })}
                  onClick={() => set(value.items.filter((x) => x.id !== item.id))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
              {problems.map((p) => (
                <Text key={p} size="xs" c="red" role="alert">
                  {p}
                </Text>
              ))}
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
