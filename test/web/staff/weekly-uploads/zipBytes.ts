/** Zip archives edited the way a hostile one would be: sizes declared other than the truth. */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * The archive with every entry's uncompressed size declared as `size`, in its local header and in
 * the central directory alike (what the archive says, not what its data holds).
 */
export function declareSize(archive: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(archive);
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === LOCAL_HEADER) view.setUint32(at + 22, size, true);
    else if (signature === CENTRAL_HEADER) view.setUint32(at + 24, size, true);
  }
  return copy;
}
