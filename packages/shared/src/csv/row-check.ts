import {
  checkShipmentForLabelType,
  orderShipmentSchema,
  type CheckedShipment,
  type LabelTypeRuleInfo,
  type OrderShipment,
} from '../schemas/order.ts';
import { insuredValueSchema, orderItemSchema, type OrderItem } from '../shipping-extras.ts';
import type { CsvOrderField, CsvOrderInput } from './row.ts';

/** A row's order: its shipment, and what issue 46 adds (decision 330) when the file has those columns. */
export type CsvOrder = CheckedShipment<OrderShipment> & { items?: OrderItem[]; insuredValue?: number };
export type RowIssue = { field: CsvOrderField | string; message: string };

/** Stand-ins for fields that failed, so the label type rules still report on the fields that did not. */
const PLACEHOLDERS: Partial<OrderShipment> = { Weight: 0.01, ToState: 'NY', ToZip: '10001' };
const FIELD_SCHEMAS = Object.entries(orderShipmentSchema.shape);

/**
 * One CSV row through the single-order rules: the shipment schema field by field, then the label type
 * rules, so a row with a missing name still hears that its weight is over the limit. One issue per field.
 */
export function checkCsvRow(
  input: CsvOrderInput,
  labelType: LabelTypeRuleInfo,
  design: string | undefined,
): { order: CsvOrder | null; issues: RowIssue[] } {
  const issues = new Map<string, string>();
  const data: Record<string, unknown> = {};
  for (const [field, schema] of FIELD_SCHEMAS) {
    const parsed = schema.safeParse(input[field as keyof CsvOrderInput]);
    if (parsed.success) data[field] = parsed.data;
    else {
      issues.set(field, parsed.error.issues[0]?.message ?? 'Invalid value');
      data[field] = PLACEHOLDERS[field as keyof OrderShipment];
    }
  }
  const hasShapeIssues = issues.size > 0;
  const shipment = { ...(data as OrderShipment), design: design ?? 'pitney' };
  const checked = checkShipmentForLabelType(shipment, labelType);
  if (!checked.ok) {
    for (const issue of checked.errors) {
      // A ZIP judged against a stand-in state says nothing; the state's own error is already there.
      if (issue.field === 'ToZip' && issues.has('ToState')) continue;
      if (!issues.has(issue.field)) issues.set(issue.field, issue.message);
    }
  }
  const insured = insuredValueSchema.safeParse(input.InsuredValue);
  if (!insured.success) issues.set('InsuredValue', insured.error.issues[0]?.message ?? 'Invalid value');
  const items = checkCsvItems(input);
  if (!items.ok) issues.set(items.issue.field, items.issue.message);
  const list = [...issues].map(([field, message]) => ({ field, message }));
  if (hasShapeIssues || !checked.ok || !insured.success || !items.ok) return { order: null, issues: list };
  return {
    order: {
      ...checked.order,
      design: design ? checked.order.design : null,
      ...(items.items.length > 0 ? { items: items.items } : {}),
      ...(insured.data !== undefined ? { insuredValue: insured.data } : {}),
    },
    issues: [],
  };
}

const cellList = (cell: string | undefined): string[] => (cell ? cell.split(';').map((v) => v.trim()) : []);

/**
 * The items of one row (decision 330): `ItemSku`, `ItemTitle` and `ItemQty` cells, several items `;`
 * apart in the same order in each cell; a missing quantity is 1. The first wrong item names its column.
 */
export function checkCsvItems(
  input: Pick<CsvOrderInput, 'ItemSku' | 'ItemTitle' | 'ItemQty'>,
): { ok: true; items: OrderItem[] } | { ok: false; issue: RowIssue } {
  const skus = cellList(input.ItemSku);
  const titles = cellList(input.ItemTitle);
  const quantities = cellList(input.ItemQty);
  const count = Math.max(skus.length, titles.length, quantities.length);
  const items: OrderItem[] = [];
  for (let i = 0; i < count; i += 1) {
    const qty = quantities[i] ?? '';
    const n = qty === '' ? 1 : /^\d+$/.test(qty) ? Number(qty) : NaN;
    const parsed = orderItemSchema.safeParse({ sku: skus[i] ?? '', title: titles[i] ?? '', quantity: n });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field =
        issue?.path[0] === 'quantity' ? 'ItemQty' : issue?.path[0] === 'title' ? 'ItemTitle' : 'ItemSku';
      const which = count > 1 ? `Item ${i + 1}: ` : '';
      return { ok: false, issue: { field, message: which + (issue?.message ?? 'Invalid item') } };
    }
    items.push(parsed.data);
  }
  return { ok: true, items };
}
