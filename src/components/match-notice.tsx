// The search's partial-match notice (「没有完全匹配的结果，以下是部分匹配」) above a list of results,
// shown only when the answer says so and has items.
export function MatchNotice({ notice, items }: { notice: string | null | undefined; items: number }) {
  if (!notice || items === 0) return null;
  return (
    <p className="search-notice" role="status" data-testid="partial-notice">
      {notice}
    </p>
  );
}
