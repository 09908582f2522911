/** Initials are the first two letters of the name, upper-cased. */
export function initials(name: string, fallback = ''): string {
  const letters = name.trim().replace(/\s+/g, '').slice(0, 2).toUpperCase();
  return letters || fallback;
}
