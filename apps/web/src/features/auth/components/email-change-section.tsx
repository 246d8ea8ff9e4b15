import { type CurrentUser, emailChangeLinkHours, emailChangeRequestSchema } from '@formwork/shared/schemas/identity';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useRequestEmailChange } from '../api/profile.ts';

/**
 * Issue 16.4: a new e-mail address is confirmed by a single-use link sent to it; until then the
 * current address stays. Single sign-on users change it at their identity provider.
 */
export function EmailChangeSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailChangeRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(t('profile.invalidEmail'));
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(parsed.data.email);
      setEmail('');
    } catch (failure) {
      const problem = failure instanceof HttpError ? failure.problem : undefined;
      const fieldError = problem?.errors.find((e) => e.path === 'body.email')?.message;
      setError(problem?.code === 'emailInUse' ? t('profile.emailInUse') : (fieldError ?? problemMessage(failure, t)));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('profile.currentEmail')} value={user.email} readOnly disabled />
        {user.pendingEmail && (
          <Alert color="blue" icon={<IconMailForward size={16} />}>
            {t('profile.emailPending', { email: user.pendingEmail, hours: emailChangeLinkHours })}
          </Alert>
        )}
        {user.isSso ? (
          <Text size="sm" c="dimmed">
            {t('profile.emailSso')}
          </Text>
        ) : (
          <>
            <TextInput
              label={t('profile.newEmail')}
              type="email"
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
              description={t('profile.newEmailHelp')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending} disabled={!email.trim()}>
                {t('profile.sendEmailLink')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
