// Marks the search terms inside a text with <mark>, by the rule the server matches with
// (contracts/search-terms.ts): model-number terms arrive compact ("lcms8060") and match the text with
// its separators ("LCMS-8060"); a short Latin term (pH) marks whole words only, not the PH of CPH.
import type { ReactNode } from 'react';
import { markedRanges } from '@contracts/search-terms';

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
