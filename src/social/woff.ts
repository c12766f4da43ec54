import { inflateSync } from 'node:zlib';

// WOFF (1.0) to the plain font inside it (an SFNT: TrueType or CFF tables). fontkit reads WOFF itself, but it
// inflates a table each time it reads from it, with a JavaScript inflate: every glyph it measured or outlined
// inflated Inter's whole `glyf` table again (a card worker spent 0.3-0.4 s of its 2 s there at 1000 cards). Unpacked
// once here, with zlib, the tables are read in place. The tables and their checksums are kept as they are.

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/** The SFNT a WOFF file holds; throws when `woff` is not a well-formed WOFF file. */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (woff.length < WOFF_HEADER + numTables * WOFF_ENTRY) throw new Error('WOFF table directory cut short');
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const entry = { tag: woff.readUInt32BE(at), offset: woff.readUInt32BE(at + 4), compLength: woff.readUInt32BE(at + 8), origLength: woff.readUInt32BE(at + 12), checksum: woff.readUInt32BE(at + 16) };
    if (entry.offset + entry.compLength > woff.length) throw new Error('WOFF table outside the file');
    const stored = woff.subarray(entry.offset, entry.offset + entry.compLength);
    // A table is stored compressed only when that made it smaller.
    const data = entry.compLength < entry.origLength ? inflateSync(stored) : stored;
    if (data.length !== entry.origLength) throw new Error('WOFF table of the wrong length');
    return { ...entry, data };
  });
  // The SFNT's directory, then each table on a four-byte boundary, in the order WOFF listed them (by tag).
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  const placed = tables.map((table) => {
    const at = offset;
    offset += (table.data.length + 3) & ~3;
    return { ...table, at };
  });
  const sfnt = Buffer.alloc(offset);
  const entrySelector = Math.floor(Math.log2(numTables || 1));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * SFNT_ENTRY - searchRange, 10);
  placed.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(table.at, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    sfnt.set(table.data, table.at);
  });
  return sfnt;
}
