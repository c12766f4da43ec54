// Base 32 of a digest, most significant bit first: file names short enough to read, long enough not to collide.

/** The first `length` characters of `bytes` in base 32, over `alphabet` (32 characters). */
export function base32(bytes: Uint8Array, length: number, alphabet: string): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      if (out.length === length) return out;
      bits -= 5;
    }
  }
  return out;
}
