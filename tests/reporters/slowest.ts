// The slowest entries of a test run, formatted for the log.
export function formatSlowest(what: string, entries: { name: string; ms: number }[], count = 10): string {
  const top = [...entries].sort((a, b) => b.ms - a.ms).slice(0, count);
  const total = entries.reduce((sum, e) => sum + e.ms, 0);
  const lines = top.map((e) => `  ${(e.ms / 1000).toFixed(1).padStart(7)} s  ${e.name}`);
  return `\nThe ${top.length} slowest ${what} (of ${entries.length}, ${(total / 1000).toFixed(0)} s in all, summed over workers):\n${lines.join('\n')}\n`;
}
