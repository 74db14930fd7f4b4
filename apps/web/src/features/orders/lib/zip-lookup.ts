import { zipPlaceResponse, type PlaceOfZip, type ZipPlaceResponse } from '@portal/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A ZIP worth asking about: 5 digits, ZIP+4, or a spreadsheet's 3-4 digits. */
export const lookupZipOf = (zip: string): string | null => {
  const compact = zip.trim().replace(/[\s-]/g, '');
  return /^\d{5}(\d{4})?$/.test(compact) ? compact.slice(0, 5) : null;
};

/**
 * GET /address/zip/{zip}: the ZIP's USPS city and state, or null when the table does not know it. The
 * forms ask the server instead of loading the 41,000-ZIP table into the page (decision 251).
 */
export const getZipPlace = async (zip: string): Promise<ZipPlaceResponse | null> => {
  try {
    return zipPlaceResponse.parse(await api.get(`/address/zip/${encodeURIComponent(zip)}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const zipPlaceQueryOptions = (zip: string | null) =>
  queryOptions({
    queryKey: queryKeys.zipPlace(zip),
    queryFn: () => getZipPlace(zip!),
    enabled: zip !== null,
    staleTime: Infinity,
  });

export const useZipPlace = (zip: string) => useQuery(zipPlaceQueryOptions(lookupZipOf(zip)));

/** The last US ZIP written in a free-text address block, to look up before the parser reads it. */
export const zipInText = (text: string): string => {
  const matches = [...text.matchAll(/\b(\d{5})(?:[\s-]?\d{4})?\b/g)];
  return matches.at(-1)?.[1] ?? '';
};

/** The places already looked up, read synchronously (the Fast Order parser runs inside the form's resolver). */
export const placeOfZipIn =
  (queryClient: QueryClient): PlaceOfZip =>
  (zip5) =>
    queryClient.getQueryData(zipPlaceQueryOptions(zip5).queryKey) ?? undefined;
