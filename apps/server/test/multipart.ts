/** A multipart/form-data body for app.inject, built by the platform's FormData like a browser would. */
export type MultipartPart = string | { data: Uint8Array | string; filename: string; contentType?: string };

export async function multipartPayload(
  parts: Record<string, MultipartPart | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (part === undefined) continue;
    if (typeof part === 'string') form.append(name, part);
    else
      form.append(
        name,
        new Blob([part.data], { type: part.contentType ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, headers: { 'content-type': response.headers.get('content-type')! } };
}
