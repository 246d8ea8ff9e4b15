import { type CSSProperties, type ReactNode, useId } from 'react';

// Mantine's TextInput, CloseButton and SegmentedControl as the first screen uses them (size xs),
// rendered as plain elements with Mantine's own class names and CSS variables, so its stylesheet
// (app/first-screen-styles.ts) draws them exactly as before. Their components (Input alone is
// about 5 KB gzip) stay off the first screen (issue 15.4, ADR 0013). plain-controls.test.tsx
// compares each with what Mantine renders for the same props.

type PlainTextInputProps = {
  value: string;
  onChange: (value: string) => void;
  'aria-label': string;
  placeholder?: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  style?: CSSProperties;
};

/** Mantine's `<TextInput size="xs" leftSection rightSection />`. */
export function PlainTextInput({
  value,
  onChange,
  placeholder,
  leftSection,
  rightSection,
  style,
  ...aria
}: PlainTextInputProps) {
  return (
    <div style={style} className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="xs">
      <div
        style={
          { '--input-height': 'var(--input-height-xs)', '--input-fz': 'var(--mantine-font-size-xs)' } as CSSProperties
        }
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="xs"
        data-with-right-section={rightSection ? true : undefined}
        data-with-left-section={leftSection ? true : undefined}
      >
        {leftSection && (
          <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {leftSection}
          </div>
        )}
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          aria-label={aria['aria-label']}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {rightSection && (
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {rightSection}
          </div>
        )}
      </div>
    </div>
  );
}

/** Mantine's `<CloseButton size="xs" />`. */
export function PlainCloseButton({ onClick, ...aria }: { onClick: () => void; 'aria-label': string }) {
  return (
    <button
      style={{ '--cb-size': 'var(--cb-size-xs)' } as CSSProperties}
      className="mantine-focus-auto mantine-active m_220c80f2 m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="subtle"
      data-size="xs"
      type="button"
      aria-label={aria['aria-label']}
      onClick={onClick}
    >
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's close icon as it renders it; the button is named. */}
      <svg
        viewBox="0 0 15 15"
        fill="none"
        xmlns="http://www.w3.org/2000/svg"
        style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}
      >
        <path
          d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </button>
  );
}

type PlainSegmentedControlProps<T extends string> = {
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
  'aria-label': string;
};

/**
 * Mantine's `<SegmentedControl size="xs" fullWidth />`: native radios, as Mantine's. Without its
 * floating indicator, Mantine's stylesheet draws the chosen item's pill on the label itself (its
 * look before the indicator is measured), so the pill moves at once instead of sliding.
 */
export function PlainSegmentedControl<T extends string>({
  value,
  onChange,
  data,
  ...aria
}: PlainSegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      style={
        {
          '--sc-shadow': 'var(--mantine-shadow-xs)',
          '--sc-padding': 'var(--sc-padding-xs)',
          '--sc-font-size': 'var(--mantine-font-size-xs)',
        } as CSSProperties
      }
      className="m_cf365364 mantine-SegmentedControl-root"
      data-size="xs"
      data-full-width="true"
      data-with-items-borders="true"
      aria-label={aria['aria-label']}
      role="radiogroup"
    >
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div
            key={item.value}
            className="m_69686b9b mantine-SegmentedControl-control"
            data-active={active || undefined}
          >
            <input
              className="m_1714d588 mantine-SegmentedControl-input"
              id={id}
              data-focus-ring="auto"
              type="radio"
              value={item.value}
              checked={active}
              name={name}
              onChange={() => onChange(item.value)}
            />
            <label className="m_1738fcb2 mantine-SegmentedControl-label" data-active={active || undefined} htmlFor={id}>
              <span className="m_78882f40 mantine-SegmentedControl-innerLabel">{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
