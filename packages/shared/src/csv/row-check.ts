import {
  checkShipmentForLabelType,
  orderShipmentSchema,
  type CheckedShipment,
  type LabelTypeRuleInfo,
  type OrderShipment,
} from '../schemas/order.ts';
import type { CsvOrderField, CsvOrderInput } from './row.ts';

export type CsvOrder = CheckedShipment<OrderShipment>;
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
  const list = [...issues].map(([field, message]) => ({ field, message }));
  if (hasShapeIssues || !checked.ok) return { order: null, issues: list };
  return { order: { ...checked.order, design: design ? checked.order.design : null }, issues: [] };
}
