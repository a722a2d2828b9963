// Where a search term may match, agreed by the server's matcher (server/lib/search: which index tokens a
// Latin word matches) and the renderer's highlight (which letters of a name are marked): a short Latin
// word (pH, GC, LC, ICP) is a whole word — never the letters of another (CPH, Phoenix, GCMS) — and any
// other Latin or digit term starts where a word, a part of a model or a number does ("2020" in QP2020).

/** Latin words of at most this many letters match whole words only. */
export const WHOLE_WORD_MAX = 3;

/** A term that only matches a whole word (letters only, at most WHOLE_WORD_MAX of them). */
export const isWholeWordTerm = (term: string) => new RegExp(`^[a-z]{1,${WHOLE_WORD_MAX}}$`, 'i').test(term);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isLatinLetter = (ch: string | undefined) => ch !== undefined && /[a-z]/i.test(ch);

/**
 * The ranges of a text to mark for the terms of a search. A compact model term ("lcms8060") also
 * matches with separators ("LCMS-8060"). A Latin term never starts inside a run of letters, and a
 * short one never ends inside one either.
 */
export function markedRanges(text: string, terms: readonly string[]): [number, number][] {
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    if (!term) continue;
    const latin = /^[\p{L}\p{N}]+$/u.test(term) && /[a-z0-9]/i.test(term);
    const pattern = latin ? Array.from(term).map(escape).join('[-_./ ]?') : escape(term);
    const whole = isWholeWordTerm(term);
    const re = new RegExp(pattern, 'giu');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const end = m.index + m[0].length;
      if (latin && isLatinLetter(m[0][0]) && isLatinLetter(text[m.index - 1])) {
        re.lastIndex = m.index + 1;
        continue;
      }
      if (whole && isLatinLetter(text[end])) {
        re.lastIndex = m.index + 1;
        continue;
      }
      for (let i = m.index; i < end; i++) marked[i] = true;
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
