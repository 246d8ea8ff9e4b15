import { type TabStyle, tabStyles } from '@formwork/shared/schemas/tabs';
import { ActionIcon, Box, ColorSwatch, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { tabColours } from '../../../../components/ui/tab-colours.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import {
  colourPickerBottomMarginPx,
  duplicateNameRefocusMs,
  resolveTabEdit,
  type SidebarTab,
  type TabEditOutcome,
} from '../../model/tab-edit.ts';

/** The picker's height; it opens upwards when it would come nearer the viewport bottom than 90 px. */
const pickerHeightPx = 90;

export function placePickerAbove(anchor: HTMLElement | null, viewportHeight = window.innerHeight): boolean {
  if (!anchor) return false;
  const { bottom } = anchor.getBoundingClientRect();
  return viewportHeight - bottom - pickerHeightPx < colourPickerBottomMarginPx;
}

type Props = {
  tabs: readonly SidebarTab[];
  tab: SidebarTab;
  /** Save the outcome; a rejection with `duplicate` shows the unique-name message (server 409). */
  onSave: (outcome: Extract<TabEditOutcome, { kind: 'save' }>) => Promise<'saved' | 'duplicate' | 'failed'>;
  onCancel: () => void;
};

/**
 * Inline name and colour of a tab (spec 4.3, 5.5): Enter confirms, Escape cancels, a click outside
 * saves; an empty or unchanged name cancels silently; a duplicate shows the unique-tab-name message,
 * refocuses the input, and cancels if focus has left the editor 100 ms later.
 */
export function TabNameEditor({ tabs, tab, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(tab.name);
  const [style, setStyle] = useState<TabStyle>(tab.style);
  const [error, setError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [placeAbove, setPlaceAbove] = useState(false);
  const swatchRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const finish = (fn: () => void) => {
    if (done.current) return;
    done.current = true;
    fn();
  };

  const duplicate = () => {
    setError(t('tabs.uniqueName'));
    inputRef.current?.focus();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!rootRef.current?.contains(document.activeElement)) finish(onCancel);
    }, duplicateNameRefocusMs);
  };

  const confirm = async (draftStyle = style) => {
    if (done.current || saving) return;
    const outcome = resolveTabEdit(tabs, tab, { name, style: draftStyle });
    if (outcome.kind === 'cancel') return finish(onCancel);
    if (outcome.kind === 'duplicate') return duplicate();
    setSaving(true);
    const result = await onSave(outcome);
    setSaving(false);
    if (result === 'duplicate') duplicate();
    else done.current = true;
  };

  return (
    <Group
      ref={rootRef}
      gap={4}
      wrap="nowrap"
      style={{ flex: 1, minWidth: 0 }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && rootRef.current?.contains(next)) return;
        void confirm();
      }}
    >
      <Box pos="relative">
        <ActionIcon
          ref={swatchRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('tabs.colour')}
          aria-expanded={pickerOpen}
          onClick={() => {
            if (!pickerOpen) setPlaceAbove(placePickerAbove(swatchRef.current));
            setPickerOpen((o) => !o);
          }}
        >
          <ColorSwatch color={tabColours[style]} size={14} />
        </ActionIcon>
        {pickerOpen && (
          <Paper
            shadow="md"
            withBorder
            p="xs"
            pos="absolute"
            left={0}
            style={{ zIndex: 300, ...(placeAbove ? { bottom: '100%' } : { top: '100%' }) }}
            w={190}
          >
            <SimpleGrid cols={6} spacing={6} role="radiogroup" aria-label={t('tabs.colour')}>
              {tabStyles.map((s) => (
                <ColorSwatch
                  key={s}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={s === style}
                  aria-label={t(`tabs.colours.${s}`)}
                  color={tabColours[s]}
                  size={22}
                  style={{
                    cursor: 'pointer',
                    outline: s === style ? '2px solid var(--mantine-color-text)' : undefined,
                  }}
                  onClick={() => {
                    setStyle(s);
                    setPickerOpen(false);
                    inputRef.current?.focus();
                  }}
                />
              ))}
            </SimpleGrid>
          </Paper>
        )}
      </Box>
      <TextInput
        ref={inputRef}
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
        value={name}
        maxLength={100}
        disabled={saving}
        placeholder={t('tabs.namePlaceholder')}
        aria-label={t('tabs.nameLabel')}
        error={error}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void confirm();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            finish(onCancel);
          }
        }}
      />
    </Group>
  );
}
