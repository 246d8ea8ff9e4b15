import { personNameMaxLength, updateCurrentUserSchema } from '@formwork/shared/schemas/identity';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { showToast } from '../../../lib/toast.tsx';
import { useCurrentUser, useUpdateCurrentUser } from '../api/current-user.ts';

type Fields = { firstName: string; lastName: string; mobile: string };

export function EditProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const update = useUpdateCurrentUser();
  const [fields, setFields] = useState<Fields | undefined>();
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});

  const saved: Fields = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    mobile: user?.mobile ?? '',
  };
  const values: Fields = fields ?? saved;
  const guard = useUnsavedChangesGuard(
    opened && fields !== undefined && JSON.stringify(fields) !== JSON.stringify(saved),
  );

  const close = () => {
    setFields(undefined);
    setErrors({});
    onClose();
  };
  const cancel = () => guard.confirmLeave(close);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateCurrentUserSchema.safeParse({ ...values, mobile: values.mobile.trim() || null });
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        // Say which rule the name broke: required, too long, or not a name.
        next[key] ??=
          key === 'mobile'
            ? t('profile.invalidMobile')
            : issue.code === 'too_small'
              ? t('profile.nameRequired')
              : issue.code === 'too_big'
                ? t('profile.nameTooLong', { max: personNameMaxLength })
                : t('profile.invalidName');
      }
      setErrors(next);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      showToast('success', t('profile.saved'));
      close();
    } catch {
      showToast('error', t('errors.generic'));
    }
  };

  const field = (key: keyof Fields) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields({ ...values, [key]: event.currentTarget.value }),
  });

  return (
    <Modal opened={opened} onClose={cancel} closeOnEscape={!guard.asking} title={t('profile.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('profile.email')} value={user?.email ?? ''} readOnly disabled />
          <TextInput label={t('profile.firstName')} required {...field('firstName')} />
          <TextInput label={t('profile.lastName')} required {...field('lastName')} />
          <TextInput label={t('profile.mobile')} type="tel" {...field('mobile')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
