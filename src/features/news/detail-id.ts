// The id of a detail URL's file segment: "/news/detail/123.html" → 123; anything else → null.
export function parseDetailId(file: string | undefined): number | null {
  const m = /^(\d{1,10})\.html$/.exec(file ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 2147483647 ? id : null;
}
