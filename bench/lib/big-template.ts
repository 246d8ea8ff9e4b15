/** A realistic large definition: every kind of field, tables, logic blocks and page breaks. */
export function bigDefinition(n: number, revision: number) {
  const options = ['Good', 'Fair', 'Poor', 'Unsafe', 'Not inspected'].map((label, i) => ({ id: `o${i}`, label }));
  const make = (i: number): Record<string, unknown> => {
    const id = `f${i}`;
    const label = `Field ${i} (rev ${revision})`;
    switch (i % 12) {
      case 0:
        return { id, type: 'yesNo', label, withText: true };
      case 1:
        return { id, type: 'singleLineText', label };
      case 2:
        return { id, type: 'multiLineText', label };
      case 3:
        return { id, type: 'number', label, decimals: 1, unit: 'm' };
      case 4:
        return { id, type: 'dropdown', label, options };
      case 5:
        return { id, type: 'yesNoNa', label, withText: true };
      case 6:
        return { id, type: 'date', label };
      case 7:
        return { id, type: 'multipleChoice', label, options, allowMultiple: true };
      case 8:
        return {
          id,
          type: 'defaultTable',
          label,
          columns: [
            { id: 'c1', heading: 'Item', width: 'L', cellType: 'text' },
            { id: 'c2', heading: 'Qty', width: 'XS', cellType: 'number' },
            { id: 'c3', heading: 'Status', width: 'M', cellType: 'dropdown', options },
            { id: 'c4', heading: 'Checked', width: 'S', cellType: 'yesNo' },
          ],
        };
      case 9:
        return { id, type: 'photos', label, size: 'M' };
      case 10:
        return { id, type: 'singlePerson', label: `Person ${i}` };
      default:
        return { id, type: 'signature', label };
    }
  };
  const fields = Array.from({ length: n }, (_, i) =>
    i > 0 && i % 50 === 0 && i < n - 1 ? { id: `pb${i}`, type: 'pageBreak' } : make(i),
  );
  // A logic block on every 24th Yes/No (i % 12 === 0), showing the two fields after it.
  const logic = fields
    .map((f, i) => ({ f, i }))
    .filter(
      ({ f, i }) => f.type === 'yesNo' && i % 24 === 0 && i + 2 < n && !String(fields[i + 1]?.id).startsWith('pb'),
    )
    .map(({ f, i }) => ({
      id: `logic-${i}`,
      triggerFieldId: f.id,
      conditions: [{ operator: 'equals', value: 'no' }],
      fieldIds: [fields[i + 1]?.id, fields[i + 2]?.id].filter((id) => !String(id).startsWith('pb')),
    }));
  return {
    fields,
    logic,
    header: {
      items: [
        { id: 'h1', type: 'logo' },
        { id: 'h2', type: 'workspaceProjectTeam', position: 'centre' },
      ],
    },
    footer: { items: [{ id: 'f1', type: 'pdfPageNumber', position: 'right' }] },
  };
}
