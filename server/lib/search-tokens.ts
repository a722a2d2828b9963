// Write-time search tokens of a product (see server/lib/search/tokens.ts for what they hold). A
// token string is written to products.search_tokens with a cast (`${tokens}::tsvector`), which
// keeps every lexeme literal.
import { sql, type SQL } from 'drizzle-orm';
import { productTokens, SEARCH_INDEX_VERSION, type TIndexFields } from './search/tokens.js';

export { productTokens, SEARCH_INDEX_VERSION, type TIndexFields };

/** Tokens of a product from its name, model, brand name and category names (test factories). */
export function indexTokens(name: string, model?: string | null, brandName?: string | null, ...categoryNames: string[]): string {
  return productTokens({ name, model, brandName, categoryNames });
}

/** The value for products.search_tokens. */
export const searchTokensValue = (fields: TIndexFields): SQL => sql`${productTokens(fields)}::tsvector`;
