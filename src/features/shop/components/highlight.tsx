// Marks the search terms inside a text with <mark>. Model-number terms arrive compact
// ("lcms8060") and match the text with its separators ("LCMS-8060").
import type { ReactNode } from 'react';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function markedRanges(text: string, terms: string[]): [number, number][] {
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    if (!term) continue;
    const pattern = /^[\p{L}\p{N}]+$/u.test(term) && /[a-z0-9]/i.test(term) ? Array.from(term).map(escape).join('[-_./ ]?') : escape(term);
    const re = new RegExp(pattern, 'giu');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      for (let i = m.index; i < m.index + m[0].length; i++) marked[i] = true;
    }
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (!marked[i]) continue;
    const start = i;
    while (i < text.length && marked[i]) i++;
    ranges.push([start, i]);
  }
  return ranges;
}

export function Highlight({ text, terms }: { text: string; terms?: string[] }) {
  if (!terms?.length) return <>{text}</>;
  const ranges = markedRanges(text, terms);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
