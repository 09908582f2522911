const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const STEP = 1024;

/**
 * A size as people read it (spec section 9): Bytes, KB, MB or GB with at most two decimals
 * ('512 Bytes', '1.5 KB', '12.25 MB', '5 GB'), so a small file never reads '0.00 MB'. The server's
 * messages and the SPA write sizes the same way.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(STEP)), UNITS.length - 1);
  const value = bytes / STEP ** unit;
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}
