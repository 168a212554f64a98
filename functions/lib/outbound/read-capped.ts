/** Reading an answer's body whole, within a byte cap (a page to extract, a feed, an API's JSON). */

/** Raised by readCapped once a body passes its byte cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
  }
}

/** Reads a body up to `maxBytes`: past it, the rest is not read (the stream is cancelled) and the answer marked cut. */
export async function readUpTo(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      total += room;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** Reads a response body whole, refusing it (BodyTooLargeError) once it passes `maxBytes`. */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const { bytes, truncated } = await readUpTo(body, maxBytes);
  if (truncated) throw new BodyTooLargeError(maxBytes);
  return bytes;
}
