import { Link } from 'react-router';
import type { BrandConfig } from '@despensa/contracts';

/** The white-label logo linking home; its size is reserved so nothing shifts while it loads. */
export function BrandLogo({ brand, className }: { brand: BrandConfig; className?: string }) {
  return (
    <Link
      to="/"
      className={className ? `brand-logo ${className}` : 'brand-logo'}
      aria-label={`${brand.name}, ir al inicio`}
    >
      <img src={brand.logoUrl} alt="" width={160} height={40} />
    </Link>
  );
}
