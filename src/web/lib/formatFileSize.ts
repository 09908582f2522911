/** Sizes read the same in the SPA as in the server's messages. */
export { formatFileSize } from '@/common/fileSize';

/** A size in megabytes with two decimals ('1.25 MB'), where the spec asks for megabytes. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
