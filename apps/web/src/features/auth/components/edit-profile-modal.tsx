import { localeConventions, locales } from '@formwork/shared/locales';
import {
  defaultCountryCode,
  mobileMessages,
  personNameMaxLength,
  splitMobile,
  updateCurrentUserSchema,
} from '@formwork/shared/schemas/identity';
import { Avatar, Button, FileButton, Group, Modal, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { CountryCodeSelect } from '../../../components/ui/country-code-select.tsx';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { HttpError } from '../../../lib/http.ts';
import { applyLocale } from '../../../lib/i18n.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useCurrentUser, useUpdateCurrentUser } from '../api/current-user.ts';
import { useApiImage, useRemovePicture, useSavePicture } from '../api/profile.ts';
import { EmailChangeSection } from './email-change-section.tsx';
import { MySignatureSection } from './my-signature-section.tsx';

type Fields = {
  firstName: string;
  lastName: string;
  countryCode: string;
  mobileNumber: string;
  timeZone: string | null;
  /** null: not chosen, the workspace's default applies (issue 26). */
  locale: string | null;
};

function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** Spec 2.3 user menu > Edit Profile (issue 16.4): details, e-mail and signature. */
export function EditProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<string | null>('details');
  const [fields, setFields] = useState<Fields | undefined>();
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const update = useUpdateCurrentUser();

  const saved: Fields = useMemo(() => {
    const mobile = user?.mobile ? splitMobile(user.mobile) : undefined;
    return {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      countryCode: mobile?.countryCode ?? defaultCountryCode,
      mobileNumber: mobile?.number ?? '',
      timeZone: user?.timeZone ?? null,
      locale: user?.locale ?? null,
    };
  }, [user]);
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
    const number = values.mobileNumber.trim();
    const parsed = updateCurrentUserSchema.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      mobile: number ? `+${values.countryCode} ${number}` : null,
      timeZone: values.timeZone,
      locale: values.locale,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'mobile' ? 'mobileNumber' : (issue.path[0] as keyof Fields);
        // Say which rule the value broke: required, too long, or not a name / not a number.
        next[key] ??=
          key === 'mobileNumber'
            ? issue.message === mobileMessages.required
              ? t('profile.mobileRequired')
              : t('profile.invalidMobile')
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
      if (parsed.data.locale && parsed.data.locale !== user?.locale) await applyLocale(parsed.data.locale);
      showToast('success', t('profile.saved'));
      close();
    } catch {
      showToast('error', t('errors.generic'));
    }
  };

  const change = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields({ ...values, [key]: value });
  const text = (key: 'firstName' | 'lastName' | 'mobileNumber') => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(key, event.currentTarget.value),
  });
  const zones = useMemo(() => {
    const names = timeZoneNames();
    const current = values.timeZone;
    return current && !names.includes(current) ? [current, ...names] : names;
  }, [values.timeZone]);

  return (
    <Modal opened={opened} onClose={cancel} closeOnEscape={!guard.asking} title={t('profile.title')} centered size="lg">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">{t('profile.detailsTab')}</Tabs.Tab>
          <Tabs.Tab value="email">{t('profile.emailTab')}</Tabs.Tab>
          <Tabs.Tab value="signature">{t('profile.signatureTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <form onSubmit={submit} noValidate>
            <Stack>
              <ProfilePicture />
              <Group grow align="flex-start">
                <TextInput label={t('profile.firstName')} required {...text('firstName')} />
                <TextInput label={t('profile.lastName')} required {...text('lastName')} />
              </Group>
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <CountryCodeSelect
                  label={t('profile.countryCode')}
                  value={values.countryCode}
                  onChange={(code) => change('countryCode', code)}
                />
                <TextInput label={t('profile.mobile')} type="tel" style={{ flex: 1 }} {...text('mobileNumber')} />
              </Group>
              <Select
                label={t('profile.timeZone')}
                placeholder={t('profile.timeZoneBrowser', { zone: browserTimeZone() ?? 'UTC' })}
                searchable
                clearable
                data={zones}
                value={values.timeZone}
                onChange={(zone) => change('timeZone', zone)}
                limit={50}
              />
              <Select
                label={t('profile.locale')}
                placeholder={t('profile.localeDefault')}
                clearable
                data={locales.map((locale) => ({ value: locale, label: localeConventions[locale].name }))}
                value={values.locale}
                onChange={(locale) => change('locale', locale)}
              />
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
        </Tabs.Panel>
        <Tabs.Panel value="email">{user && <EmailChangeSection user={user} />}</Tabs.Panel>
        <Tabs.Panel value="signature">
          <MySignatureSection />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

/** The profile picture: uploaded through the files pipeline (sniffed, re-encoded with sharp). */
function ProfilePicture() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const save = useSavePicture();
  const remove = useRemovePicture();
  const src = useApiImage(user?.pictureUrl);
  const initials = `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase();
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      await save.mutateAsync(file);
    } catch (error) {
      showToast('error', (error instanceof HttpError && error.problem?.detail) || t('profile.pictureFailed'));
    }
  };
  return (
    <Group>
      <Avatar src={src} size={64} radius="xl" color="blue" alt={t('profile.picture')}>
        {initials}
      </Avatar>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('profile.picture')}
        </Text>
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button {...props} size="compact-sm" variant="light" loading={save.isPending}>
                {t('profile.uploadPicture')}
              </Button>
            )}
          </FileButton>
          {user?.pictureUrl && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('profile.removePicture')}
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
