import {
  createProviderBody,
  DEFAULT_PROVIDER_CONCURRENCY,
  updateProviderBody,
  type CreateProviderBody,
  type ProviderView,
  type UpdateProviderBody,
  type UpstreamKind,
} from '@portal/shared';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** The provider dialog's fields, flat: credentials are two text fields beside the rest. */
export type ProviderFormValues = {
  kind: UpstreamKind;
  name: string;
  apiKey: string;
  baseUrl: string;
  maxConcurrent: number | '';
  enabled: boolean;
  /** Editing only: a new key (and base URL) replaces the stored credentials whole. */
  replaceKey: boolean;
};

export type ProviderFormField = Exclude<keyof ProviderFormValues, 'replaceKey'>;

export const newProviderValues = (): ProviderFormValues => ({
  kind: 'labelport',
  name: '',
  apiKey: '',
  baseUrl: '',
  maxConcurrent: DEFAULT_PROVIDER_CONCURRENCY,
  enabled: true,
  replaceKey: false,
});

export const editProviderValues = (provider: ProviderView): ProviderFormValues => ({
  kind: provider.kind,
  name: provider.name,
  apiKey: '',
  baseUrl: provider.baseUrl ?? '',
  maxConcurrent: provider.maxConcurrent,
  enabled: provider.enabled,
  replaceKey: false,
});

/** A server or schema issue's path (`credentials.apiKey`) as the dialog's field (`apiKey`). */
export const fieldOfPath = (path: string): ProviderFormField | null => {
  const last = path.split('.').at(-1);
  const fields: ProviderFormField[] = ['kind', 'name', 'apiKey', 'baseUrl', 'maxConcurrent', 'enabled'];
  return fields.find((f) => f === last) ?? null;
};

/** A 400's or 409's `errors` that name a field of the dialog (a taken name), as dialog fields. */
export const serverFieldErrors = (error: unknown): { field: ProviderFormField; message: string }[] => {
  if (!(error instanceof ApiError)) return [];
  const errors =
    (error.body as { errors?: { field?: unknown; message?: unknown }[] } | undefined)?.errors ?? [];
  return errors.flatMap((e) => {
    const field = typeof e.field === 'string' ? fieldOfPath(e.field) : null;
    return field && typeof e.message === 'string' ? [{ field, message: e.message }] : [];
  });
};

const credentialsOf = (v: ProviderFormValues) => ({
  apiKey: v.apiKey,
  ...(v.baseUrl.trim() ? { baseUrl: v.baseUrl } : {}),
});

/** What POST /admin/providers is sent, before the shared schema judges it. */
export const toCreateInput = (v: ProviderFormValues) => ({
  kind: v.kind,
  name: v.name,
  credentials: credentialsOf(v),
  enabled: v.enabled,
  ...(v.maxConcurrent === '' ? {} : { maxConcurrent: v.maxConcurrent }),
});

/** What PUT /admin/providers/{id} is sent: the key only when staff chose to replace it. */
export const toUpdateInput = (v: ProviderFormValues) => ({
  name: v.name,
  enabled: v.enabled,
  ...(v.maxConcurrent === '' ? {} : { maxConcurrent: v.maxConcurrent }),
  ...(v.replaceKey ? { credentials: credentialsOf(v) } : {}),
});

/** The shared schema's verdict on the request, as react-hook-form wants it: per dialog field, first message. */
function judge<B>(
  schema: z.ZodType<B>,
  input: unknown,
  extra: Partial<Record<ProviderFormField, string>> = {},
): ResolverResult<ProviderFormValues, B> {
  const parsed = schema.safeParse(input);
  const errors: FieldErrors<ProviderFormValues> = {};
  const add = (field: ProviderFormField | null, message: string) => {
    if (field && !errors[field]) errors[field] = { type: 'validation', message };
  };
  if (!parsed.success)
    for (const issue of parsed.error.issues) add(fieldOfPath(issue.path.join('.')), issue.message);
  for (const [field, message] of Object.entries(extra)) add(field as ProviderFormField, message);
  if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
  return { values: {}, errors };
}

/** The add dialog judged by the server's own schema (a labelport provider needs its base URL). */
export const createProviderResolver: Resolver<ProviderFormValues, unknown, CreateProviderBody> = async (
  values,
) => judge<CreateProviderBody>(createProviderBody, toCreateInput(values));

/**
 * The edit dialog judged by the server's schema; a replaced labelport key needs the portal's address too,
 * since new credentials replace the old ones whole.
 */
export const updateProviderResolver: Resolver<ProviderFormValues, unknown, UpdateProviderBody> = async (
  values,
) =>
  judge<UpdateProviderBody>(
    updateProviderBody,
    toUpdateInput(values),
    values.replaceKey && values.kind === 'labelport' && !values.baseUrl.trim()
      ? { baseUrl: "Base URL is required: the upstream portal's address" }
      : {},
  );
