// A product of an enterprise, opening its shop detail page.
import { type TProductCard } from '@contracts/catalogue';
import { productPath } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { ProductImage } from '@/components/ui/product-image';
import { formatPrice } from '@contracts/money-format';

export function EnterpriseProductCard({ product }: { product: TProductCard }) {
  const to = productPath(product.id);
  return (
    <article className="sp-card">
      <AppLink to={to} tabIndex={-1} aria-hidden>
        <ProductImage src={product.coverImage} name={product.name} category={product.categoryName} />
      </AppLink>
      <div className="sp-card-body">
        <AppLink to={to} className="sp-card-name" title={product.name}>
          {product.name}
        </AppLink>
        <div className="sp-card-model" title={product.model ?? undefined}>{product.model ? `型号：${product.model}` : (product.brandName ?? '\u00a0')}</div>
        <div className={`sp-card-price${product.price === null ? ' is-negotiable' : ''}`}>{formatPrice(product.price)}</div>
      </div>
    </article>
  );
}
