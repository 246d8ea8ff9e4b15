import type { TemplateIssue } from '@formwork/shared/templates/template-issues';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';

const shownAtMost = 12;

/** The editor's problems, each a link to the tab and field it is about. */
export function TemplateIssueSummary({
  issues,
  onGoTo,
}: {
  issues: readonly TemplateIssue[];
  onGoTo: (issue: TemplateIssue) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t('editor.problems', { count: issues.length })}
      role="alert"
    >
      <Stack gap={2}>
        {issues.slice(0, shownAtMost).map((i) => (
          <Anchor
            key={`${i.path}|${i.code}|${i.message}`}
            component="button"
            size="sm"
            c="red"
            ta="left"
            onClick={() => onGoTo(i)}
          >
            {i.message}
          </Anchor>
        ))}
        {issues.length > shownAtMost && (
          <Text size="xs">{t('editor.moreProblems', { count: issues.length - shownAtMost })}</Text>
        )}
      </Stack>
    </Alert>
  );
}
