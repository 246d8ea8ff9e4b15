import type { Field } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';

/** How a value reads as plain text: registers, CSV/XLSX exports and the PDF use the same words. */
export type TextContext = { userName?: (userId: string) => string | undefined };

const answers: Record<string, string> = { yes: 'Yes', no: 'No', na: 'NA' };

function cellText(column: TableColumn, value: unknown, context: TextContext): string {
  if (value === null || value === undefined) return '';
  switch (column.cellType) {
    case 'dropdown':
      return column.options?.find((o) => o.id === value)?.label ?? String(value);
    case 'yesNo':
    case 'yesNoNa':
      return answers[String(value)] ?? String(value);
    case 'person':
      return context.userName?.(String(value)) ?? String(value);
    case 'signature':
    case 'manualSignature':
      return 'Signed';
    case 'photo':
      return `${(value as unknown[]).length} photo(s)`;
    default:
      return String(value);
  }
}

export function fieldValueText(field: Field, value: unknown, context: TextContext = {}): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'yesNo':
    case 'yesNoNa': {
      const v = value as { answer: string | null; text?: string };
      const answer = v.answer ? (answers[v.answer] ?? v.answer) : '';
      return v.text ? `${answer} - ${v.text}` : answer;
    }
    case 'dropdown':
      return field.options.find((o) => o.id === value)?.label ?? String(value);
    case 'multipleChoice':
      return (value as string[]).map((id) => field.options.find((o) => o.id === id)?.label ?? id).join('; ');
    case 'dateRange':
    case 'dateTimeRange': {
      const v = value as { start: string; end: string };
      return `${v.start} - ${v.end}`;
    }
    case 'person':
      return (value as string[]).map((id) => context.userName?.(id) ?? id).join('; ');
    case 'singlePerson':
      return context.userName?.(String(value)) ?? String(value);
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature': {
      const v = value as { signerName?: string; signedAt?: string };
      return ['Signed', v.signerName, v.signedAt].filter(Boolean).join(' ');
    }
    case 'photos':
      return `${(value as unknown[]).length} photo(s)`;
    case 'sketch':
      return 'Sketch';
    case 'location': {
      const v = value as { latitude: number; longitude: number; address?: string };
      return v.address ? `${v.address} (${v.latitude}, ${v.longitude})` : `${v.latitude}, ${v.longitude}`;
    }
    case 'list':
    case 'relationship':
      return (value as string[]).join('; ');
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable': {
      const rows = (value as { rows: { cells: Record<string, unknown>; name?: string }[] }).rows ?? [];
      return rows
        .map((row) => {
          const cells = field.columns.map((c) => cellText(c, row.cells?.[c.id], context));
          return (field.type === 'signOnTable' ? [row.name ?? '', ...cells] : cells).join(' | ');
        })
        .join('; ');
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
