import { countryCallingCodes } from '@formwork/shared/schemas/identity';
import { Select } from '@mantine/core';

/** Each calling code once, labelled with the countries that share it ('+1 US/CA'). */
const codeOptions = [...new Set(countryCallingCodes.map(([, code]) => code))].map((code) => ({
  value: code,
  label: `+${code} ${countryCallingCodes
    .filter(([, c]) => c === code)
    .map(([country]) => country)
    .join('/')}`,
}));

/** The country code beside a mobile number (profile, sign-up): searchable, never empty. */
export function CountryCodeSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  return (
    <Select
      label={label}
      w={130}
      allowDeselect={false}
      searchable
      disabled={disabled}
      data={codeOptions}
      value={value}
      onChange={(code) => code && onChange(code)}
    />
  );
}
