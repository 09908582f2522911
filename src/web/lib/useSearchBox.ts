import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/common/limits';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The text of a search box whose settled value lives elsewhere (the address). What the user types
 * is shown at once and committed once typing pauses; a change that comes from elsewhere (Back, a
 * link) replaces the box's text. The box's own commits coming back are recognised, so a slow
 * round trip never overwrites what the user has typed since.
 */
export function useSearchBox(committed: string, commit: (text: string) => void, delayMs: number = SEARCH_DEBOUNCE_MS): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const settled = useDebouncedValue(text.trim(), delayMs);
  const ownCommit = useRef(committed);

  useEffect(() => {
    if (settled === ownCommit.current) return;
    ownCommit.current = settled;
    commit(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- commits when the typed text settles, not when `commit` changes

  useEffect(() => {
    if (committed === ownCommit.current) return;
    ownCommit.current = committed;
    setText(committed);
  }, [committed]);

  return [text, setText];
}
