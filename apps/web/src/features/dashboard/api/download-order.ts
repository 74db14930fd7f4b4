import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type DownloadInput = { id: string; tracking: string };

/** GET /order/download/{id}: the label PDF, fetched with the bearer header and saved as `{tracking}.pdf`. */
export async function downloadOrderLabel({ id, tracking }: DownloadInput): Promise<void> {
  const file = await api.get<Blob>(`/order/download/${encodeURIComponent(id)}`, { responseType: 'blob' });
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${tracking}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start the download before the object URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export const useDownloadOrderLabel = () => useMutation({ mutationFn: downloadOrderLabel });
