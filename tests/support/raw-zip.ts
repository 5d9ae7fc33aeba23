import { crc32, deflateRawSync } from "node:zlib";

// Zip archives for the hostile-archive tests (import, a zip dropped on a shelf).

export interface RawEntry {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: number;
}

/** A zip written byte by byte, so it can hold what zip libraries refuse to write. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const stored = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const header = (signature: number, central: boolean) => {
      const b = Buffer.alloc(central ? 46 : 30);
      let i = 0;
      b.writeUInt32LE(signature, i);
      i += 4;
      if (central) {
        b.writeUInt16LE(20, i);
        i += 2;
      }
      b.writeUInt16LE(20, i);
      i += 2; // version needed
      b.writeUInt16LE(0x0800, i);
      i += 2; // UTF-8 names
      b.writeUInt16LE(entry.deflate ? 8 : 0, i);
      i += 2;
      b.writeUInt32LE(0, i);
      i += 4; // time, date
      b.writeUInt32LE(crc32(entry.data), i);
      i += 4;
      b.writeUInt32LE(stored.length, i);
      i += 4;
      b.writeUInt32LE(entry.declaredSize ?? entry.data.length, i);
      i += 4;
      b.writeUInt16LE(name.length, i);
      i += 2;
      b.writeUInt16LE(0, i);
      i += 2; // extra
      if (central) {
        b.writeUInt16LE(0, i);
        i += 2; // comment
        b.writeUInt16LE(0, i);
        i += 2; // disk
        b.writeUInt16LE(0, i);
        i += 2; // internal attributes
        b.writeUInt32LE(0, i);
        i += 4; // external attributes
        b.writeUInt32LE(offset, i);
        i += 4;
      }
      return b;
    };
    const local = Buffer.concat([header(0x04034b50, false), name, stored]);
    centrals.push(Buffer.concat([header(0x02014b50, true), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
