import { grantableRoles } from '@formwork/shared/invitation-rules';
import type { Role, UserType } from '@formwork/shared/permissions';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useInvite } from '../api/users.ts';
import { levelKey, type UsersFolder } from '../users-folder.ts';

/**
 * Issue 16.2: invite one person by e-mail to this folder. The level starts at the folder's lowest
 * and offers only what the viewer may give; the server's reasons show under their field.
 */
export function InviteModal({ folder, onClose }: { folder: UsersFolder; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = grantableRoles(folder.viewer, { kind: folder.kind, path: folder.path });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles[0] ?? 'member');
  const [userType, setUserType] = useState<UserType>('contributor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useInvite(folder.folderId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    invite.mutate(
      { email: email.trim(), role, userType },
      {
        onSuccess: (invitation) => {
          showToast('success', t('users.invited', { email: invitation.email }));
          onClose();
        },
        onError: (error) => {
          const problem = error instanceof HttpError ? error.problem : undefined;
          const byField: Record<string, string> = {};
          for (const e of problem?.errors ?? []) {
            byField[e.path.replace(/^body\./, '')] ??= t(`users.problems.${e.code}`, { defaultValue: e.message });
          }
          if (Object.keys(byField).length === 0)
            byField.form = problem?.detail ?? problem?.title ?? t('errors.generic');
          setErrors(byField);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('users.inviteTitle', { name: folder.name })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('users.email')}
            type="email"
            required
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <Select
            label={t('users.level')}
            data={roles.map((r) => ({ value: r, label: t(levelKey(folder.kind, r)) }))}
            value={role}
            allowDeselect={false}
            onChange={(value) => setRole((value ?? 'member') as Role)}
            error={errors.role}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('users.type')}
            </Text>
            <SegmentedControl
              aria-label={t('users.type')}
              value={userType}
              onChange={(value) => setUserType(value as UserType)}
              data={[
                { value: 'contributor', label: t('users.types.contributor') },
                { value: 'visitor', label: t('users.types.visitor'), disabled: folder.visitorsProblem !== null },
              ]}
            />
            {folder.visitorsProblem && (
              <Text size="xs" c="dimmed">
                {t(`users.problems.${folder.visitorsProblem}`)}
              </Text>
            )}
            {errors.userType && (
              <Text size="xs" c="red">
                {errors.userType}
              </Text>
            )}
          </Stack>
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
              {t('users.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
