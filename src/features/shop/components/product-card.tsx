// A product in a result grid: picture, name and model with the search terms marked, brand,
// price or 面议, supplier and region.
import type { TProductCard } from '@contracts/catalogue';
import { productPath, provinceLabel } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { ProductImage } from '@/components/ui/product-image';
import { formatPrice } from '@contracts/money-format';
import { Highlight } from './highlight';

export function ProductCard({ product, terms }: { product: TProductCard; terms?: string[] }) {
  const to = productPath(product.id);
  return (
    <article className="product-card" data-testid="product-card">
      <AppLink to={to} className="product-card-img" tabIndex={-1} aria-hidden>
        <ProductImage src={product.coverImage} name={product.name} category={product.categoryName} />
      </AppLink>
      <div className="product-card-body">
        <AppLink to={to} className="product-card-name" title={product.name}>
          <Highlight text={product.name} terms={terms} />
        </AppLink>
        <div className="product-card-meta">
          {product.model && (
            <span className="product-card-model" title={product.model}>
              型号：<Highlight text={product.model} terms={terms} />
            </span>
          )}
          {product.brandName && <span className="product-card-brand">{product.brandName}</span>}
        </div>
        <div className={`product-card-price${product.price === null ? ' is-negotiable' : ''}`}>{formatPrice(product.price)}</div>
        <div className="product-card-supplier">
          <span className="product-card-company" title={product.supplierName}>
            {product.supplierName}
          </span>
          {product.province && <span className="product-card-region">{provinceLabel(product.province)}</span>}
        </div>
      </div>
    </article>
  );
}
