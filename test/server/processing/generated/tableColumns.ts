/**
 * A table's columns from its choices: which columns it has, the header each is given (one row, two
 * rows split per column, or grouped under a merged label), their order, and their values.
 */
import { type CanonicalColumn } from '@/common/canonicalColumns';
import { renderValue, valueStyleName, type ValueContext } from './columnValues';
import { BANK_ACCOUNT_HEADERS, EXTRA_HEADERS, HEADER_GROUPS, HEADER_SPELLINGS, NOTE_HEADERS, ROUTING_HEADERS, SPLIT_SPELLINGS, UNKNOWN_HEADERS } from './headerSpellings';
import { caseVariant, headerVariant, VARIANT_NAMES } from './headerVariants';
import { type Employee } from './payrollModel';
import { type ColumnSpec, FIELD_CANONICAL, type Field, type TableSpec } from './registerSpec';

export interface HeaderPick {
  spelling: number;
  variant: number;
  style: number;
}

export interface ColumnChoices {
  fields: Field[];
  picks: Partial<Record<Field, HeaderPick>>;
  extraPicks: number[];
  /** Sort keys, one per field slot; null keeps the register's usual order. */
  order: number[] | null;
  headerStyle: TableSpec['headerStyle'];
}

const at = <T>(list: readonly T[], index: number): T => list[index % list.length];

/** Two in five headers are as listed; the rest spread over the variants. */
export function variantIndex(pick: number): number {
  const v = pick % 20;
  return v < 8 || v === 19 ? 0 : v - 7;
}

interface HeaderText {
  header: string;
  upper: string | null;
  spelling: string;
  variant: string;
}

function singleHeader(field: Field, pick: HeaderPick, extraHeader: string): HeaderText {
  const canonical = FIELD_CANONICAL[field] ?? null;
  const lists: Partial<Record<Field, readonly string[]>> = { account: BANK_ACCOUNT_HEADERS, routing: ROUTING_HEADERS, notes: NOTE_HEADERS, unknown: UNKNOWN_HEADERS };
  const spelling = canonical ? at(HEADER_SPELLINGS[canonical], pick.spelling) : field === 'extra' ? extraHeader : at(lists[field] ?? [field], pick.spelling);
  const variant = variantIndex(pick.variant);
  const header = headerVariant(spelling, canonical, variant, pick.style);
  return { header, upper: null, spelling, variant: header === spelling ? VARIANT_NAMES[0] : VARIANT_NAMES[variant] };
}

function splitHeader(canonical: CanonicalColumn, pick: HeaderPick): HeaderText | null {
  const pairs = SPLIT_SPELLINGS[canonical];
  if (!pairs || pick.style % 3 === 2) return null;
  const [upper, lower] = at(pairs, pick.spelling);
  return { header: caseVariant(lower, pick.variant), upper: caseVariant(upper, pick.variant), spelling: `${upper} / ${lower}`, variant: 'two rows, split' };
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The table's columns in order, with their headers; values are filled by `fillValues`. */
export function tableColumns(choices: ColumnChoices): { columns: ColumnSpec[]; groups: TableSpec['groups'] } {
  const slots = choices.fields.map((field, slot) => ({ field, slot, extraHeader: field === 'extra' ? at(EXTRA_HEADERS, choices.extraPicks[slot - choices.fields.indexOf('extra')] ?? 0) : '' }));
  const ordered = choices.order ? [...slots].sort((a, b) => (choices.order![a.slot] ?? 0) - (choices.order![b.slot] ?? 0) || a.slot - b.slot) : slots;
  const headers = new Map<number, HeaderText>();
  const groupOf = new Map<number, { label: string; key: number }>();
  if (choices.headerStyle === 'two rows, grouped') {
    HEADER_GROUPS.forEach((group, key) => {
      const members = ordered.filter((s) => FIELD_CANONICAL[s.field] && group.members[FIELD_CANONICAL[s.field]!]);
      if (members.length < 2) return;
      const first = choices.picks[members[0].field]!;
      const label = caseVariant(at(group.labels, first.style), first.variant);
      for (const m of members) {
        const pick = choices.picks[m.field]!;
        const lower = caseVariant(at(group.members[FIELD_CANONICAL[m.field]!]!, pick.spelling), pick.variant);
        headers.set(m.slot, { header: lower, upper: null, spelling: `${label} / ${lower}`, variant: 'two rows, grouped' });
        groupOf.set(m.slot, { label, key });
      }
    });
  }
  for (const s of ordered) {
    if (headers.has(s.slot)) continue;
    const pick = choices.picks[s.field] ?? { spelling: 0, variant: 0, style: 0 };
    const canonical = FIELD_CANONICAL[s.field];
    const split = choices.headerStyle === 'two rows, split' && canonical ? splitHeader(canonical, pick) : null;
    headers.set(s.slot, split ?? singleHeader(s.field, pick, s.extraHeader));
  }
  // a group's columns sit side by side, where its first column falls
  const placed: typeof ordered = [];
  for (const s of ordered) {
    if (placed.includes(s)) continue;
    const group = groupOf.get(s.slot);
    placed.push(...(group ? ordered.filter((o) => groupOf.get(o.slot)?.key === group.key) : [s]));
  }
  // an extra, note or unknown column whose header another column already has is left out
  const seen = new Set<string>();
  const kept = placed.filter((s) => {
    const text = normalised(`${groupOf.get(s.slot)?.label ?? headers.get(s.slot)!.upper ?? ''} ${headers.get(s.slot)!.header}`);
    if (seen.has(text) && !FIELD_CANONICAL[s.field]) return false;
    seen.add(text);
    return true;
  });
  const groups: TableSpec['groups'] = [];
  const columns = kept.map((s, i): ColumnSpec => {
    const h = headers.get(s.slot)!;
    const group = groupOf.get(s.slot);
    if (group) {
      const last = groups[groups.length - 1];
      if (last && last.label === group.label && last.to === i - 1) last.to = i;
      else groups.push({ from: i, to: i, label: group.label });
    }
    return { field: s.field, canonical: FIELD_CANONICAL[s.field] ?? null, header: h.header, upper: h.upper, spelling: s.field === 'extra' ? s.extraHeader : h.spelling, variant: h.variant, valueStyle: '', values: [], secrets: [] };
  });
  return { columns, groups };
}

/** Each column's values, one per employee, with the sensitive numbers they carry. */
export function fillValues(columns: ColumnSpec[], employees: Employee[], picks: Partial<Record<Field, HeaderPick>>, ctx: Omit<ValueContext, 'style' | 'row' | 'extraHeader'>): void {
  for (const column of columns) {
    const style = picks[column.field]?.style ?? 0;
    column.valueStyle = valueStyleName(column.field, style, ctx.format);
    employees.forEach((emp, row) => {
      const rendered = renderValue(column.field, emp, { ...ctx, style, row, extraHeader: column.spelling });
      column.values.push(rendered.value);
      column.secrets.push(rendered.secrets);
    });
  }
}
