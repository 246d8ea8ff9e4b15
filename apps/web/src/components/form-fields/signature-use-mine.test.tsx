import { type TemplateDefinitionInput, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { FormRenderer } from '../form-renderer/form-renderer.tsx';
import { type FormFieldEnv, FormFieldEnvProvider, previewEnv } from './field-context.tsx';
import { type FormFill, initialValues, useFormFill } from './form-fill.ts';

const definition: TemplateDefinitionInput = { fields: [{ id: 'sig', type: 'signature', label: 'Signature' }] };

let latest: FormFill | null = null;
function Harness({ env }: { env: FormFieldEnv }) {
  const [parsed] = useState(() => templateDefinitionSchema.parse(definition));
  const fill = useFormFill(parsed, initialValues(parsed), true);
  latest = fill;
  return (
    <FormFieldEnvProvider value={env}>
      <FormRenderer definition={parsed} mode="fill" fill={fill} />
    </FormFieldEnvProvider>
  );
}

const makeEnv = (mySignature: FormFieldEnv['mySignature']): FormFieldEnv => ({
  ...previewEnv,
  blocked: false,
  upload: vi.fn(async () => ({ fileId: '11111111-1111-4111-8111-111111111111', url: '/f' })),
  loadFile: async () => new Blob(['png'], { type: 'image/png' }),
  signerName: 'Tom Member',
  mySignature,
});

const field = () => document.querySelector('[data-field-id="sig"]') as HTMLElement;

describe('signature fields offer the signature saved in Edit Profile (issue 16.4)', () => {
  it('signs with it in one click: the PNG is uploaded to the form as a signature', async () => {
    const mine = new Blob(['my-signature'], { type: 'image/png' });
    const env = makeEnv(vi.fn(async () => mine));
    await renderWithProviders(<Harness env={env} />);
    await userEvent.click(within(field()).getByRole('button', { name: 'Use my signature' }));
    await waitFor(() => expect(env.upload).toHaveBeenCalledWith('signature', mine));
    await waitFor(() =>
      expect(latest?.values.sig).toMatchObject({
        fileId: '11111111-1111-4111-8111-111111111111',
        signerName: 'Tom Member',
      }),
    );
  });

  it('says where to add one when none is saved, and uploads nothing', async () => {
    const env = makeEnv(vi.fn(async () => null));
    await renderWithProviders(<Harness env={env} />);
    await userEvent.click(within(field()).getByRole('button', { name: 'Use my signature' }));
    expect(await screen.findByText('You have no saved signature yet: add one in Edit Profile.')).toBeInTheDocument();
    expect(env.upload).not.toHaveBeenCalled();
  });

  it("shows 'Unable to upload signature' when it cannot be read, and no button where it cannot be used", async () => {
    const env = makeEnv(
      vi.fn(async () => {
        throw new Error('offline');
      }),
    );
    await renderWithProviders(<Harness env={env} />);
    await userEvent.click(within(field()).getByRole('button', { name: 'Use my signature' }));
    expect(await screen.findByText('Unable to upload signature')).toBeInTheDocument();
  });

  it('is not offered without a signed-in user to take it from', async () => {
    await renderWithProviders(<Harness env={makeEnv(undefined)} />);
    expect(within(field()).getByRole('button', { name: 'Sign' })).toBeInTheDocument();
    expect(within(field()).queryByRole('button', { name: 'Use my signature' })).toBeNull();
  });
});
