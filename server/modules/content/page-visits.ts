// What the content's page addresses show, for the visit counts (server/lib/view-counts.ts): a news
// item's page (/news/detail/{id}.html) and an article's (/technicalCentre/detail/{id}.html). Only
// pages the server answered with 200 are asked about, so the id names a row that exists.
import { registerPageVisits } from '../../lib/view-counts.js';

const PAGES = [
  { re: /^\/news\/detail\/(\d{1,10})\.html$/, kind: 'news' as const },
  { re: /^\/technicalCentre\/detail\/(\d{1,10})\.html$/, kind: 'articles' as const },
];

// Once per process (module scope), like the content's page meta.
registerPageVisits(async (_db, pathname) => {
  for (const page of PAGES) {
    const id = Number(page.re.exec(pathname)?.[1] ?? 0);
    if (id >= 1 && id <= 2_147_483_647) return [{ kind: page.kind, id }];
  }
  return [];
});
