/** The length of a string in UTF-8 bytes: what every byte cap of the product counts. */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
