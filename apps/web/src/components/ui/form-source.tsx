import type { FormSource } from '@formwork/shared/schemas/forms';
import { Badge } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { type TFunction, useTranslation } from '../../lib/translate.tsx';

type Source = NonNullable<FormSource>;

/** A form submitted through a link (issue 21) in words: the link and the submitter as they gave themselves. */
export function sourceWords(source: Source, t: TFunction): string {
  return source.submitterName
    ? t('links.source.withSubmitter', { link: source.link, submitter: source.submitterName })
    : t('links.source.link', { link: source.link });
}

/** The marker of a form submitted through a link, beside its title (register, timeline). */
export function SourceMarker({ source }: { source: Source }) {
  const { t } = useTranslation();
  const words = sourceWords(source, t);
  return (
    <Badge
      size="xs"
      variant="light"
      color="grape"
      tt="none"
      leftSection={<IconLink size={10} />}
      title={words}
      aria-label={words}
      style={{ flex: 'none', maxWidth: '60%' }}
    >
      {t('links.source.marker', { link: source.link })}
    </Badge>
  );
}
