import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/translate.tsx';

/** Where a person lands after activating: the phone welcome page on a phone (spec 2.7), else /. */
export const phoneWelcomePath = '/welcome/mobile';

/** A phone: a small screen with a touch pointer (a narrow desktop window is not one). */
export function isPhone(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48em) and (pointer: coarse)').matches
  );
}

/**
 * Spec 2.7, 4.5: after activating on a phone, a welcome page. The spec's app download link is left
 * out: there is no mobile app yet, so the page offers none and goes on in the browser.
 */
export function PhoneWelcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="lg" maw={420} w="100%">
        <Stack gap="md" align="center" ta="center">
          <IconDeviceMobile size={40} aria-hidden />
          <Title order={1} fz="h3">
            {t('activation.welcome.title')}
          </Title>
          <Text>{t('activation.welcome.body')}</Text>
          <Button fullWidth onClick={() => navigate('/', { replace: true })}>
            {t('activation.welcome.continue')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
